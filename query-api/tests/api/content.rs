//! The content endpoints through HTTP: company settings, discounts and where they
//! apply, banners, menus and content pages, and the HTML sanitising that guards them.

mod banner;
mod company;
mod discount;
mod discount_apply;
mod menu;
mod page;
mod sanitising;
mod support;
