//! # content
//!
//! What admins write and everyone reads, as plain CRUD tables (not event-sourced):
//!
//! - [`company`]: `/company/company`, the carrier's company record and the settings of
//!   docs/settings.md (invoice prefix, VAT rate, payment time, …), and the public footer
//!   texts the layout loads on every page.
//! - [`discount`]: `/course/discount`, named reductions of one ticket, with the pure
//!   price rule [`domain::money::discounted_price`]; [`discount_apply`]:
//!   `/course/discount-apply`, which routes each discount applies to.
//! - [`banner`], [`menu`], [`page`]: `/app/banner`, `/app/menu`, `/app/content`.
//!
//! Reads are public unless a handler says otherwise; writes need a `SuperAdmin`
//! (`AdminUser`: `401` without a token, `403` for a user). HTML that admins write is
//! sanitised when saved and again when read ([`common::html`]): the web renders it as
//! HTML, and rows may come from fixtures or old data.
//!
//! The customer site is in Polish and English: beside each text the site shows, admins
//! write an English version (`title_en` beside `title`, …; empty when not translated),
//! and the public reads (`banner/all` and `one`, `menu/get-menu`, `content/get-content`,
//! `company/get-public-settings`) take `?lang=pl|en` and answer the usual fields in that
//! language, falling back to Polish where nothing English is written
//! ([`common::lang`]). Admin answers carry both versions.

pub mod banner;
pub mod common;
pub mod company;
pub mod discount;
pub mod discount_apply;
pub mod menu;
pub mod openapi;
pub mod page;

use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .merge(company::router())
        .merge(discount::router())
        .merge(discount_apply::router())
        .merge(banner::router())
        .merge(menu::router())
        .merge(page::router())
}
