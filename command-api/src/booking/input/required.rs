//! The document's bodies of the operations that need a whole booking state: the rules
//! [`super::check_step`] (tickets) and [`super::check_all`] apply, stated as schemas, so a
//! client (and a fuzzer) reads from the document that an order needs a chosen course, at
//! least one ticket line and a customer who accepted the terms. The handlers still read
//! [`BookingInput`] (lenient, so every problem comes back at once with the form's
//! wording); these types are never built.
//!
//! What stays outside the schemas, being across fields or a lookup: at most 50 seats on
//! the order, no more names than seats, a phone when SMS is asked for, the invoice's
//! fields when `invoice.is_selected`, and whether the course, stops and discounts exist.

use api_core::values::{Email, Line, Phone};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

use super::{BookingInput, Flag, TicketInput};

/// A stop chosen (its id).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ChosenStop {
    #[schema(minimum = 1, maximum = 2_147_483_647)]
    id: i64,
}

/// A course chosen: the course and the two stops of the trip.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ChosenCourse {
    course_id: Uuid,
    from: ChosenStop,
    to: ChosenStop,
}

/// The return course: one chosen, or `{}` or `null` for a one-way trip.
pub struct ChosenReturn;

impl PartialSchema for ChosenReturn {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name(ChosenCourse::name()))
            .item(ObjectBuilder::new().schema_type(Type::Object).max_properties(Some(0)))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .description(Some("The return course; `{}` or `null` for a one-way trip."))
            .into()
    }
}

impl ToSchema for ChosenReturn {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((ChosenCourse::name().into_owned(), ChosenCourse::schema()));
        ChosenCourse::schemas(schemas);
    }
}

/// The ticket lines: at least one, at most 50.
pub struct BookingTickets;

impl PartialSchema for BookingTickets {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(Ref::from_schema_name(<TicketInput as ToSchema>::name()))
            .min_items(Some(1))
            .max_items(Some(50))
            .description(Some("At least one line; 50 seats at most on the order."))
            .into()
    }
}

impl ToSchema for BookingTickets {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((<TicketInput as ToSchema>::name().into_owned(), TicketInput::schema()));
        TicketInput::schemas(schemas);
    }
}

/// A yes as the order form sends it: `true`, `"1"`, `"true"` or a whole number other than 0.
pub struct Yes;

impl PartialSchema for Yes {
    fn schema() -> RefOr<Schema> {
        let whole =
            |min: i64, max: i64| ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(min)).maximum(Some(max));
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])))
            .item(ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["1", "true"])))
            .item(whole(1, i64::from(i32::MAX)))
            .item(whole(i64::from(i32::MIN), -1))
            .description(Some("Yes: `true`, `\"1\"`, `\"true\"` or a whole number other than 0."))
            .into()
    }
}

impl ToSchema for Yes {}

/// The customer of an order placed online: names, e-mail and phone given, the terms and
/// the processing of the data accepted.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct OnlineCustomer {
    first_name: Line<100>,
    last_name: Line<100>,
    email: Email,
    phone: Phone,
    consent_statute: Yes,
    consent_gdpr: Yes,
    #[schema(value_type = Option<Flag>)]
    notify_by_sms: Option<bool>,
}

api_core::create_body!(
    /// The body of the form's live prices: the booking state with a course and ticket lines.
    TicketsRequest, BookingInput,
    "course" => ChosenCourse, "tickets" => BookingTickets; optional "courseReturn" => ChosenReturn
);

api_core::create_body!(
    /// The body of placing an order: the whole booking state (course, tickets, customer).
    PlaceOrderRequest, BookingInput,
    "course" => ChosenCourse, "tickets" => BookingTickets, "customer" => OnlineCustomer;
    optional "courseReturn" => ChosenReturn
);
