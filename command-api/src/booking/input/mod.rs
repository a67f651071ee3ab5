//! The booking state the web app sends (docs/web.md, 'The booking state'): its shape here, documented as
//! `OrderRequest` from the value types (`api_core::values`), and its checks by step in
//! [`check`].
//!
//! The shapes are lenient where the web app is (flags as `0/1` or booleans, an empty
//! `courseReturn` object for a one-way trip), and text arrives as text: a bad value is
//! not a serde error but one of the field errors [`check`] reports all at once, with
//! the spec's messages, naming the field in the `422` answer.

mod check;
pub mod required;

use api_core::values::{Email, Line, Phone, Sent};
use api_core::ApiError;
use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

pub use check::{check_all, check_at_office, check_step};
pub(crate) use check::{check_contact, check_desk_contact, check_invoice};

/// A stop as search returned it (`{id, name}`); only the id is used.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = BookingStop)]
pub struct StopRef {
    #[schema(minimum = 1, maximum = 2_147_483_647)]
    pub id: Option<i64>,
}

/// A course as search returned it; only the course and its stops are used (the rest of
/// what search answered may come along).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = BookingCourse)]
pub struct CourseRef {
    pub course_id: Option<Uuid>,
    #[serde(default)]
    pub from: StopRef,
    #[serde(default)]
    pub to: StopRef,
}

impl CourseRef {
    /// The course and its two stops, when all three are given.
    pub fn parts(&self) -> Option<(Uuid, i64, i64)> {
        Some((self.course_id?, self.from.id?, self.to.id?))
    }
}

/// A passenger's name on the order form: one line by the buyer's name's rule, or blank
/// for "the buyer" (a name for the document: utoipa composes a generic type only by name).
pub type PassengerName = api_core::values::OrEmpty<api_core::values::Line<200>>;

/// One ticket line: how many passengers, and their discount.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = BookingTicket)]
pub struct TicketInput {
    /// Passengers on the line: 1 to `MAX_SEATS` (50), and at most 50 on the order.
    #[serde(default = "one")]
    #[schema(minimum = 1, maximum = 50, default = 1)]
    pub qty: i64,
    #[serde(default)]
    #[schema(minimum = 1, maximum = 2_147_483_647)]
    pub discount_id: Option<i64>,
    /// The passengers' names, seat by seat (optional, at most `qty`): an empty one (or a
    /// seat without one) travels under the buyer's name.
    #[serde(default)]
    #[schema(value_type = Vec<PassengerName>, max_items = 50)]
    pub passengers: Vec<String>,
}

impl TicketInput {
    /// The names as the order records them: trimmed, an empty one for "the buyer"
    /// (checked by [`check_step`] first).
    pub fn passenger_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.passengers.iter().map(|n| n.trim().to_owned()).collect();
        while names.last().is_some_and(String::is_empty) {
            names.pop();
        }
        names
    }
}

fn one() -> i64 {
    1
}

/// Who orders: the tickets go to the e-mail, the SMS to the phone.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = BookingCustomer)]
pub struct CustomerInput {
    #[serde(default)]
    #[schema(inline)]
    pub first_name: Sent<Line<100>>,
    #[serde(default)]
    #[schema(inline)]
    pub last_name: Sent<Line<100>>,
    #[serde(default)]
    #[schema(inline)]
    pub email: Sent<Email>,
    #[serde(default)]
    #[schema(inline)]
    pub phone: Sent<Phone>,
    /// The terms accepted: required yes.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Flag)]
    pub consent_statute: bool,
    /// The processing of the data accepted: required yes.
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Flag)]
    pub consent_gdpr: bool,
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Flag)]
    pub notify_by_sms: bool,
}

/// The invoice asked for; its fields are checked only when `is_selected`. In Poland
/// (`country` `PL`, the default) `vat_number` is a NIP (`Nip`: its check digit adds up)
/// and `postal_code` a `PostalCode`; elsewhere each is a required line.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = BookingInvoice)]
pub struct InvoiceInput {
    #[serde(default, deserialize_with = "flag")]
    #[schema(value_type = Flag)]
    pub is_selected: bool,
    /// `PL` when absent or `null`.
    #[serde(default)]
    pub country: Option<api_core::values::Country>,
    #[serde(default)]
    #[schema(max_length = 30)]
    pub vat_number: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub company_name: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub address: String,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub postal_code: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub city: String,
}

/// A coupon to pay with (the code as typed).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = BookingCoupon)]
pub struct CouponInput {
    #[serde(default)]
    #[schema(max_length = 64)]
    pub code: Option<String>,
}

/// The booking state: what the order form sends to validate, price and place an order.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderRequest)]
pub struct BookingInput {
    /// The outbound course (required to place).
    #[serde(default, deserialize_with = "course_or_empty")]
    #[schema(value_type = Option<CourseRef>)]
    pub course: Option<CourseRef>,
    /// The return course; absent, `null` or `{}` for a one-way trip.
    #[serde(default, deserialize_with = "course_or_empty")]
    #[schema(value_type = Option<CourseRef>)]
    pub course_return: Option<CourseRef>,
    /// At least one line; 50 seats at most on the order.
    #[serde(default)]
    pub tickets: Vec<TicketInput>,
    #[serde(default)]
    pub customer: CustomerInput,
    #[serde(default)]
    pub invoice: InvoiceInput,
    #[serde(default)]
    pub coupon: Option<CouponInput>,
}

impl BookingInput {
    /// The booking state in a request's body, read as every body is
    /// (`api_core::json_from_slice`: `39.0` is the whole number 39, a value of the wrong
    /// type is the `422` naming its field); JSON that does not parse is a `400`.
    pub fn from_body(body: &[u8]) -> Result<BookingInput, ApiError> {
        api_core::json_from_slice(body).map_err(|e| match e {
            ApiError::BadRequest(m) => {
                ApiError::BadRequest(format!("The order is not valid JSON of the booking state: {m}"))
            }
            other => other,
        })
    }

    /// The coupon code, trimmed, if one was given.
    pub fn coupon_code(&self) -> Option<String> {
        let code = self.coupon.as_ref()?.code.as_deref()?.trim();
        (!code.is_empty()).then(|| code.to_owned())
    }
}

/// A step of the order form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Tickets,
    Customer,
    Invoice,
}

impl Step {
    pub fn parse(step: &str) -> Option<Step> {
        match step {
            "tickets" => Some(Step::Tickets),
            "customer" => Some(Step::Customer),
            "invoice" => Some(Step::Invoice),
            _ => None,
        }
    }
}

/// A yes/no as the order form sends it (the schema of [`flag`]).
pub struct Flag;

impl PartialSchema for Flag {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Boolean, Type::Integer, Type::String, Type::Null]))
            .description(Some(
                "Yes or no: `true`/`false`, a whole number (0 is no) or text (`\"1\"` and `\"true\"` are yes); `null` is no.",
            ))
            .minimum(Some(i64::from(i32::MIN)))
            .maximum(Some(i64::from(i32::MAX)))
            .into()
    }
}

impl ToSchema for Flag {}

/// `0`/`1`, `true`/`false`, `"0"`/`"1"` or null (false).
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
        // JSON's (and the document's) whole numbers include `1.0`.
        Number(f64),
        Text(String),
    }
    Ok(match Option::<Flag>::deserialize(d)? {
        None => false,
        Some(Flag::Bool(b)) => b,
        Some(Flag::Int(i)) => i != 0,
        Some(Flag::Number(n)) => n != 0.0,
        Some(Flag::Text(t)) => matches!(t.as_str(), "1" | "true"),
    })
}

/// `null`, `{}` (no course chosen) or a course.
fn course_or_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Option<CourseRef>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    match value {
        None => Ok(None),
        Some(serde_json::Value::Object(map)) if map.is_empty() => Ok(None),
        Some(v) => CourseRef::deserialize(v).map(Some).map_err(serde::de::Error::custom),
    }
}
