//! The booking's part of `/api/openapi.json`. Paths are written in full (`/api/...`).

use super::change_options::{CannotChange, ChangeOption, ChangeOptions, CurrentCourse, PendingChangeView};
use super::coupons::{CouponDetails, CouponUsage, CouponView};
use super::course_load::{CourseLoad, SegmentLoad};
use super::driver::{DriverCourse, Jwk, Manifest, ManifestStop, ManifestTicket, VerificationKey};
use super::guest_orders::GuestOrders;
use super::invoices::{InvoiceDetails, InvoiceListItem, InvoiceSummary};
use super::ksef_deadlines::{KsefDeadline, KsefDeadlines};
use super::ksef_outages::{
    KsefOldest, KsefOperationLeft, KsefOutage, KsefOutages, KsefSender, KsefSession, KsefTrouble, KsefWindowLeft,
};
use super::ksef_status::{KsefState, KsefStatus};
use super::model::{
    AdminOrderView, CouponUseView, CustomerView, DiscountView, GatewayRefund, InvoiceView, LegView, LineView,
    OrderView, ReductionView, TicketView,
};
use super::my_data::{MyAccountData, MyComplaintData, MyConsentData, MyData, MyMessageData, MyOrderData, MyTicketData};
use super::my_tickets::MyTicket;
use super::order_customers::OrderCustomer;
use super::order_users::{OrderAccount, OrderCourse, OrderUser};
use super::order_waypoints::{CalculatedDates, OrderWaypoint, RepricedTicket};
use super::orders::{HistoryEntry, OrderListItem};
use super::stamps::{StampCardView, StampReward, UserStamps};
use super::tickets::AdminTicket;
use super::timeline::{Actor, Subject, TimelineEntry};
use super::{
    change_options, coupons, course_disruption, course_load, driver, guest_orders, invoice_files, invoices,
    ksef_deadlines, ksef_outages, ksef_status, my_tickets, order_customers, order_users, order_waypoints, orders,
    stamps, success, tickets, timeline,
};

/// Orders, tickets, coupons and stamps as the read models show them.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        success::success_data,
        my_tickets::my_tickets,
        guest_orders::guest_orders,
        super::my_data::my_data,
        stamps::user_stamps, stamps::all,
        orders::all, orders::one, orders::history,
        tickets::all,
        change_options::change_options,
        coupons::all, coupons::one,
        course_load::course_load,
        course_disruption::admin::show, course_disruption::offer::one,
        invoices::all, invoices::one, invoice_files::pdf, invoice_files::fa3, ksef_status::upo,
        ksef_deadlines::ksef_deadlines, ksef_outages::all,
        timeline::timeline,
        order_customers::all, order_customers::one,
        order_users::one, order_users::courses,
        order_waypoints::all, order_waypoints::one, order_waypoints::calculate_dates,
        tickets::one,
        stamps::one,
        driver::verification_key, driver::courses, driver::manifest,
    ),
    components(schemas(
        OrderView, AdminOrderView, CustomerView, InvoiceView, LegView, LineView, DiscountView, ReductionView,
        CouponUseView, TicketView, MyTicket, GuestOrders, MyData, MyAccountData, MyOrderData, MyTicketData, MyConsentData, MyComplaintData,
        MyMessageData, UserStamps, StampReward, StampCardView, OrderListItem, HistoryEntry,
        AdminTicket, CouponView, CouponDetails, CouponUsage, GatewayRefund, ChangeOptions, ChangeOption, CurrentCourse,
        CannotChange, PendingChangeView, CourseLoad, SegmentLoad, InvoiceListItem, InvoiceDetails, InvoiceSummary, KsefStatus, KsefState,
        KsefDeadlines, KsefDeadline, KsefOutages, KsefOutage, KsefTrouble, KsefSender, KsefSession,
        KsefOperationLeft, KsefWindowLeft, KsefOldest,
        TimelineEntry, Actor, Subject, OrderCustomer, OrderUser, OrderAccount, OrderCourse, OrderWaypoint, CalculatedDates,
        RepricedTicket, VerificationKey, Jwk, DriverCourse, Manifest, ManifestStop, ManifestTicket,
    )),
    tags(
        (name = "order", description = "Orders, tickets and coupons"),
    )
)]
pub struct BookingApi;

#[cfg(test)]
mod tests {
    use utoipa::OpenApi;

    use super::BookingApi;

    #[test]
    fn every_booking_path_is_documented() {
        let doc = BookingApi::openapi();
        for path in [
            "/api/order/order/success-data",
            "/api/user/user/my-tickets",
            "/api/user/user/guest-orders",
            "/api/course/stamp/user-stamps",
            "/api/course/stamp/all",
            "/api/order/order/all",
            "/api/order/order/one",
            "/api/order/order/history",
            "/api/order/ticket/all",
            "/api/order/coupon/all",
            "/api/order/coupon/one",
            "/api/course/course/load",
            "/api/order/order-invoice/all",
            "/api/order/order-invoice/one",
            "/api/order/order/timeline",
            "/api/order/order-invoice/pdf",
            "/api/order/order-invoice/fa3",
            "/api/order/order-invoice/upo",
            "/api/order/order-invoice/ksef-deadlines",
            "/api/order/order-customer/all",
            "/api/order/order-customer/one",
            "/api/order/order-user/one",
            "/api/order/order-user/courses",
            "/api/order/order-waypoint/all",
            "/api/order/order-waypoint/one",
            "/api/order/order-waypoint/calculate-dates",
            "/api/order/ticket/one",
            "/api/course/stamp/one",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        assert!(serde_json::to_string(&doc).is_ok());
    }
}
