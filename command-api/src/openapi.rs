//! The command API's part of `/api/openapi.json` (merged into the whole document by the
//! query API, which serves it).

use crate::booking::{cancel, change, form, pay_again, place, returns, send};
use crate::coupons;

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        place::place,
        pay_again::pay_again,
        form::validate,
        form::calculate_for_tickets,
        returns::return_ticket,
        change::change_course,
        cancel::cancel,
        send::send_ticket,
        send::send_ticket_sms,
        coupons::check,
        coupons::create,
    ),
    components(schemas(
        place::Placed,
        pay_again::PaymentAgain,
        form::Valid,
        form::Priced,
        form::PricedTicket,
        returns::ReturnInput,
        returns::Returned,
        change::ChangeInput,
        change::Changed,
        cancel::CancelInput,
        cancel::Cancelled,
        send::Sent,
        coupons::CheckInput,
        coupons::CouponAnswer,
        coupons::SaveInput,
    ))
)]
pub struct CommandApi;
