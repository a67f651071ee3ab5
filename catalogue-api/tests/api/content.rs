//! The content endpoints through HTTP: company settings, discounts and where they
//! apply, banners, menus and content pages, the HTML sanitising that guards them, and
//! their English versions.

mod banner;
mod company;
mod discount;
mod discount_apply;
mod english;
mod field_codes;
mod menu;
mod page;
mod sanitising;
mod support;
