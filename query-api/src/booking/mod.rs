//! # booking
//!
//! What the booking shows, read from the tables the booking projections keep
//! (`rm_orders`, `rm_tickets`, `rm_order_events`, `rm_coupons`, `rm_coupon_usages`,
//! `rm_stamp_cards`, `rm_stamp_rewards`; see `projections`). Placing, paying, returning
//! and changing are commands, in the command API.
//!
//! Who sees what:
//! - [`success`]: `GET /order/order/success-data?hash_id=`, public: the order's hash id
//!   is the capability.
//! - [`change_options`]: `GET /order/ticket/change-options?number=`, for the ticket's
//!   owner (or whoever has its code): the courses it could move to.
//! - [`my_tickets`]: `POST /user/user/my-tickets`, and [`stamps::user_stamps`]:
//!   `GET /course/stamp/user-stamps`, for the logged-in user (`AuthUser`, `401`
//!   without a token), restricted to that user's rows before any filter;
//!   [`guest_orders`]: `GET /user/user/guest-orders`, how many orders the user paid for
//!   as a guest under the account's (confirmed) address; [`my_data`]:
//!   `GET /user/user/my-data`, everything held about the user (RODO art. 15 and 20).
//! - Admins (`AdminUser`: `401` without a token, `403` for a user): [`orders`]
//!   (`/order/order/all`, `one`, `history`), [`tickets`] (`/order/ticket/all`),
//!   [`coupons`] (`/order/coupon/all`, `one`), [`stamps::all`] (`/course/stamp/all`) and
//!   [`course_load`] (`/course/course/load`: a course's seats taken per segment), and the
//!   spec's order parts: [`order_customers`] (`/order/order-customer/all`, `one`),
//!   [`order_users`] (`/order/order-user/one`, `courses`), [`order_waypoints`]
//!   (`/order/order-waypoint/all`, `one`, `calculate-dates`), `/order/ticket/one` and
//!   `/course/stamp/one`; and [`course_disruption`]'s `/course/course/disruption` (a
//!   disrupted course's passengers and where each stands).
//! - [`course_disruption`]'s `GET /order/disruption/one?token=`, public: the signed token
//!   of the message's link is the capability (a forged one answers as an unknown one).
//!
//! Amounts come with a `*_formatted` twin (`domain::money::format_pln`); travel times
//! carry Warsaw's offset; ticket QR codes are SVG (`documents::qr_svg` of the ticket's
//! signed code, `ticket_token`, the same text the printed ticket encodes).

pub mod change_options;
pub mod coupons;
pub mod course_disruption;
pub mod course_load;
mod db;
pub mod disruption;
pub mod driver;
pub mod guest_orders;
pub mod invoice_files;
pub mod invoices;
pub mod ksef_deadlines;
pub mod ksef_outages;
pub mod ksef_status;
pub mod model;
pub mod my_data;
pub mod my_tickets;
pub mod openapi;
pub mod order_customers;
pub mod order_users;
pub mod order_waypoints;
pub mod orders;
pub mod record;
mod settings;
pub mod stamps;
pub mod success;
pub mod tickets;
pub mod timeline;

use axum::routing::{get, post};
use axum::Router;

use crate::QueryState;

pub fn router() -> Router<QueryState> {
    Router::new()
        .route("/order/order/success-data", get(success::success_data))
        .route("/order/order/all", get(orders::all))
        .route("/order/order/one", get(orders::one))
        .route("/order/order/history", get(orders::history))
        .route("/order/order/timeline", get(timeline::timeline))
        .route("/order/order-invoice/all", get(invoices::all))
        .route("/order/order-invoice/one", get(invoices::one))
        .route("/order/order-invoice/pdf", get(invoice_files::pdf))
        .route("/order/order-invoice/fa3", get(invoice_files::fa3))
        .route("/order/order-invoice/upo", get(ksef_status::upo))
        .route("/order/order-invoice/ksef-deadlines", get(ksef_deadlines::ksef_deadlines))
        .route("/order/ksef-outage/all", get(ksef_outages::all))
        .route("/order/order-customer/all", get(order_customers::all))
        .route("/order/order-customer/one", get(order_customers::one))
        .route("/order/order-user/one", get(order_users::one))
        .route("/order/order-user/courses", get(order_users::courses))
        .route("/order/order-waypoint/all", get(order_waypoints::all))
        .route("/order/order-waypoint/one", get(order_waypoints::one))
        .route("/order/order-waypoint/calculate-dates", get(order_waypoints::calculate_dates))
        .route("/order/ticket/all", get(tickets::all))
        .route("/order/ticket/one", get(tickets::one))
        .route("/order/ticket/change-options", get(change_options::change_options))
        .route("/order/ticket/verification-key", get(driver::verification_key))
        .route("/order/driver/courses", get(driver::courses))
        .route("/order/driver/manifest", get(driver::manifest))
        .route("/order/coupon/all", get(coupons::all))
        .route("/order/coupon/one", get(coupons::one))
        .route("/user/user/my-tickets", post(my_tickets::my_tickets))
        .route("/user/user/guest-orders", get(guest_orders::guest_orders))
        .route("/user/user/my-data", get(my_data::my_data))
        .route("/course/stamp/user-stamps", get(stamps::user_stamps))
        .route("/course/stamp/all", get(stamps::all))
        .route("/course/stamp/one", get(stamps::one))
        .route("/course/course/load", get(course_load::course_load))
        .route("/course/course/disruption", get(course_disruption::admin::show))
        .route("/order/disruption/one", get(course_disruption::offer::one))
}
