//! `/company/company`: the carrier's company record and its settings (one row in
//! practice, the lowest id; the table is `0030_company.sql`).
//!
//! Everything here is for admins except `get-public-settings`, which every page of the
//! web loads for its footer, in `?lang=pl|en` (the English footers
//! `page_footer_1_en`/`_2_en` where written, else the Polish). `save-settings` edits the company's settings and creates
//! the row when there is none; `get-settings` answers the defaults
//! (docs/settings.md, 'The settings in force') until
//! then, so the booking rules always have values. The seller on invoices (NIP and address,
//! [`seller`]) is edited with the other settings and, like them, is not public.

pub mod crud;
pub mod model;
mod rules;
pub mod seller;
pub mod settings;

use axum::routing::{get, post};
use axum::Router;

use crate::CatalogueState;

pub fn router() -> Router<CatalogueState> {
    Router::new()
        .route("/company/company/all", get(crud::all))
        .route("/company/company/one", get(crud::one))
        .route("/company/company/save", post(crud::create).put(crud::update))
        .route("/company/company/get-settings", get(settings::get_settings))
        .route("/company/company/get-public-settings", get(settings::get_public_settings))
        .route("/company/company/save-settings", post(settings::save_settings))
}
