//! The command API's part of `/api/openapi.json` (merged with the other APIs' parts into
//! the whole document by the `app` crate, which serves it).

use crate::booking::{
    attach_guest, cancel, cancel_reservation, change, check_in, desk_print, disruption, edit, form, invoice_request,
    ksef_outage, office, order_parts, pay_again, place, returns, send,
};
use crate::complaints::{file as complaint_file, respond as complaint_respond};
use crate::coupons;

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        place::place,
        pay_again::pay_again,
        form::validate,
        form::calculate_for_tickets,
        returns::return_ticket,
        returns::return_quote,
        invoice_request::request_invoice,
        ksef_outage::save,
        change::change_course,
        check_in::check_in,
        cancel::cancel,
        cancel_reservation::cancel_reservation,
        office::sell,
        edit::save,
        edit::save_customer,
        edit::save_invoice,
        order_parts::save_user,
        attach_guest::attach_guest_orders,
        crate::erasure::account::delete_my_account,
        order_parts::save_waypoint,
        order_parts::save_ticket,
        order_parts::create_stamp,
        order_parts::update_stamp,
        send::send_ticket,
        send::send_ticket_sms,
        desk_print::print,
        coupons::check,
        coupons::create,
        coupons::update,
        coupons::batch::issue,
        disruption::admin::cancel_course,
        disruption::admin::announce_delay,
        disruption::admin::resend,
        disruption::admin::choose_for,
        disruption::passenger::choose_by_link,
        complaint_file::file,
        complaint_respond::acknowledge,
        complaint_respond::accept,
        complaint_respond::reject,
        complaint_respond::answer,
    ),
    components(schemas(
        place::Placed,
        pay_again::PaymentAgain,
        form::Valid,
        form::Priced,
        form::PricedTicket,
        returns::ReturnInput,
        returns::Returned,
        returns::ReturnQuote,
        invoice_request::RequestInvoiceInput,
        invoice_request::InvoiceRequested,
        ksef_outage::KsefOutageInput,
        ksef_outage::OutageKindInput,
        api_core::values::Text<400>,
        // The value types the web's rules read by name (web/src/shared/rules/values.ts).
        api_core::values::Email,
        api_core::values::Phone,
        api_core::values::NipOrEmpty,
        api_core::values::Line<100>,
        api_core::values::TicketNumber,
        ksef_outage::KsefOutageEntered,
        change::ChangeInput,
        change::Changed,
        check_in::CheckInInput,
        check_in::CheckedIn,
        cancel::CancelInput,
        cancel::Cancelled,
        cancel_reservation::ReservationCancelled,
        edit::ContactInput,
        edit::InvoiceDataInput,
        edit::OrderSaveInput,
        edit::CustomerSaveInput,
        edit::InvoiceSaveInput,
        edit::OrderSaved,
        place::OfficePayment,
        order_parts::OrderUserInput,
        order_parts::OrderUserSaved,
        attach_guest::GuestOrdersAttached,
        crate::erasure::account::DeleteMyAccountInput,
        crate::erasure::account::AccountDeleted,
        crate::erasure::account::KeptData,
        order_parts::OrderWaypointInput,
        order_parts::LegKindInput,
        order_parts::LegMoved,
        order_parts::TicketSaveInput,
        order_parts::TicketStatusInput,
        order_parts::TicketSaved,
        order_parts::StampInput,
        order_parts::StampSaved,
        send::Sent,
        coupons::CheckInput,
        coupons::CouponAnswer,
        coupons::SaveInput,
        coupons::batch::CouponBatchInput,
        coupons::batch::CouponBatchIssued,
        disruption::admin::CancelCourseInput,
        disruption::admin::DelayInput,
        disruption::admin::ResendInput,
        disruption::admin::AdminChooseInput,
        disruption::passenger::ChooseInput,
        disruption::admin::Choice,
        complaint_file::ComplaintFileInput,
        complaint_file::LanguageInput,
        complaint_file::ComplaintAttachmentInput,
        complaint_file::ComplaintFiled,
        complaint_respond::ComplaintStepInput,
        complaint_respond::ComplaintAnswerInput,
        complaint_respond::ComplaintStepped,
    ))
)]
pub struct CommandApi;

#[cfg(test)]
mod tests {
    use utoipa::OpenApi;

    #[test]
    fn the_booking_commands_are_documented() {
        let doc = super::CommandApi::openapi();
        for path in ["/api/order/order/place", "/api/order/coupon/check"] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
    }
}
