//! The command API's part of `/api/openapi.json` (merged with the query API's part into
//! the whole document by the `app` crate, which serves it).

use crate::booking::{cancel, change, form, pay_again, place, returns, send};
use crate::catalogue::course::generate::{self, GenerateInput, Generated, SkippedRoute};
use crate::catalogue::course::save::{self, CourseInput};
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
        save::create,
        save::update,
        generate::generate,
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
        CourseInput,
        GenerateInput,
        Generated,
        SkippedRoute,
    ))
)]
pub struct CommandApi;

#[cfg(test)]
mod tests {
    use utoipa::OpenApi;

    #[test]
    fn the_course_writes_are_documented() {
        let doc = super::CommandApi::openapi();
        for path in ["/api/course/course/save", "/api/course/course/generate", "/api/order/order/place"] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        let save = &doc.paths.paths["/api/course/course/save"];
        assert!(save.post.is_some() && save.put.is_some(), "POST creates, PUT updates");
    }
}
