//! Before the first step: check the booking state, look up the courses, apply the
//! return-trip rule, price the lines and take the order's number. Nothing is written
//! here (but the number: a placement that fails after taking one leaves a gap, as a
//! sequence does), so a refusal needs no undoing.

use api_core::codes;
use api_core::ApiError;
use chrono::{DateTime, Datelike, Utc};
use domain::ids::hold_id;
use domain::order::{self, LegKind, TicketLine};
use event_store::Metadata;
use payment::Language;
use uuid::Uuid;

use crate::booking::catalogue::{course_leg, discounts, CourseLeg};
use crate::booking::input::{check_all, check_at_office, BookingInput, CourseRef};
use crate::booking::pricing::price_lines;
use crate::settings::BookingSettings;
use crate::CommandState;

/// One course of the order, with the seat hold the placement takes on it.
pub(super) struct PlacedLeg {
    pub kind: LegKind,
    pub course: CourseLeg,
    /// Derived from the order id ([`domain::ids::hold_id`]).
    pub hold_id: Uuid,
}

/// Everything the steps work from: what was asked, looked up and priced.
pub(super) struct Placement<'a> {
    pub state: &'a CommandState,
    pub input: &'a BookingInput,
    pub order_id: Uuid,
    pub user_id: Option<Uuid>,
    pub language: Language,
    pub settings: BookingSettings,
    pub outbound: PlacedLeg,
    pub back: Option<PlacedLeg>,
    /// The coupon code as typed, if any.
    pub coupon_code: Option<String>,
    pub number: String,
    /// The public, unguessable id of the order's links.
    pub hash_id: String,
    pub lines: Vec<TicketLine>,
    /// The passengers: seats held on each leg.
    pub seats: u32,
    pub total: i64,
    pub now: DateTime<Utc>,
    /// The reservation's end: now plus the payment time.
    pub expires_at: DateTime<Utc>,
    pub metadata: Metadata,
    pub sale: super::Sale,
}

impl Placement<'_> {
    /// The outbound leg, then the back leg of a return trip.
    pub fn legs(&self) -> impl Iterator<Item = &PlacedLeg> {
        std::iter::once(&self.outbound).chain(self.back.as_ref())
    }
}

/// Check and price the order `order_id`.
pub(super) async fn prepare<'a>(
    state: &'a CommandState,
    user_id: Option<Uuid>,
    input: &'a BookingInput,
    order_id: Uuid,
    language: Language,
    sale: super::Sale,
) -> Result<Placement<'a>, ApiError> {
    let errors = match sale {
        super::Sale::Online => check_all(input),
        super::Sale::Office { .. } => check_at_office(input),
    };
    if !errors.is_empty() {
        return Err(ApiError::Validation { message: "The order is not complete.".into(), errors }
            .with_code(codes::ORDER_INCOMPLETE));
    }
    let settings = state.settings.get(&state.pool).await?;
    let outbound = leg_of(state, "course", input.course.as_ref()).await?;
    let back = match input.course_return.as_ref() {
        Some(course) => Some(leg_of(state, "courseReturn", Some(course)).await?),
        None => None,
    };
    if let Some(back) = &back {
        order::check_return_trip(outbound.arrival_at, back.departure_at).map_err(|_| {
            ApiError::refusal_on(
                "courseReturn",
                codes::BACK_BEFORE_OUTBOUND,
                "The return trip must leave after the outbound trip arrives.",
            )
        })?;
    }
    let now = Utc::now();
    let ids: Vec<i64> = input.tickets.iter().filter_map(|t| t.discount_id).collect();
    // The order's number is taken beside the discounts' lookup: no round trip of its own.
    let (found, number) = tokio::try_join!(discounts(&state.pool, &ids), next_order_number(state, now))?;
    let mut lines = price_lines(&input.tickets, &found, &outbound, back.as_ref())?;
    for (line, ticket) in lines.iter_mut().zip(&input.tickets) {
        line.passengers = ticket.passenger_names();
    }
    let placed_leg = |kind, course| PlacedLeg { kind, course, hold_id: hold_id(order_id, kind) };
    Ok(Placement {
        state,
        input,
        order_id,
        user_id,
        language,
        outbound: placed_leg(LegKind::Outbound, outbound),
        back: back.map(|b| placed_leg(LegKind::Back, b)),
        coupon_code: input.coupon_code(),
        number,
        hash_id: new_hash_id(),
        seats: lines.iter().map(|l| l.quantity).sum(),
        total: lines.iter().map(|l| l.total).sum(),
        lines,
        now,
        expires_at: now + settings.payment_time.duration(),
        metadata: Metadata {
            correlation_id: Some(order_id),
            causation_id: None,
            // Who gave the command: the customer, or the admin selling at the office.
            user_id: match sale {
                super::Sale::Office { admin, .. } => Some(admin.to_string()),
                super::Sale::Online => user_id.map(|u| u.to_string()),
            },
            occurred_at: now,
        },
        settings,
        sale,
    })
}

async fn leg_of(state: &CommandState, field: &str, course: Option<&CourseRef>) -> Result<CourseLeg, ApiError> {
    let (course_id, from, to) = course
        .and_then(CourseRef::parts)
        .ok_or_else(|| ApiError::invalid_field(field, api_core::codes::FIELD_BLANK, "Please select a ticket."))?;
    let leg = course_leg(&state.course_legs, field, course_id, from, to).await?;
    if !leg.sale_open {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::NotOpened),
            "This course is not on sale.",
        ));
    }
    // An archived route sells nothing more, online or at the desk (issue 29); the courses
    // already sold still run.
    if leg.route_archived {
        return Err(ApiError::refusal_on(
            field,
            codes::ROUTE_ARCHIVED,
            "This course's route is archived: its courses are no longer sold. Unarchive the route to sell them.",
        ));
    }
    Ok(leg)
}

/// A public, unguessable id for the order's links: 128 random bits, hex.
fn new_hash_id() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The next readable order number (`NB-2026-000123`): consecutive across orders.
async fn next_order_number(state: &CommandState, now: DateTime<Utc>) -> Result<String, ApiError> {
    let sequence =
        (state.order_numbers.next().await).map_err(|e| ApiError::Unavailable(format!("numbering the order: {e}")))?;
    let year = now.with_timezone(&chrono_tz::Europe::Warsaw).year();
    Ok(order::order_number(year, sequence))
}
