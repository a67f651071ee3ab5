//! A course the carrier cancelled or delayed, read from the read tables
//! (docs/disruptions.md, 'Who sees what, and where it is read'): the admin's view of the
//! course with every passenger's state ([`admin`]: `GET /course/course/disruption`) and the
//! passenger's offer behind the message's link ([`offer`]: `GET /order/disruption/one`).
//!
//! The course's disruption ([`DisruptedCourse`]) is its `rm_course_availability` row (the
//! `availability` projection copies what the carrier said last); the orders are folded
//! from `rm_order_events` with the domain's own fold ([`orders`]), and where each stands is
//! the domain's [`domain::order::disruption_view`]. The command side answers its writes
//! with the same functions, given the course and the order it has just written (so an
//! answer never waits for a projection, nor shows less than the write did).

pub mod admin;
pub mod offer;
pub mod orders;

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{DateTime, Utc};
use domain::order::disruption_view::PassengerView;
use domain::order::{CourseDisruption, OrderState};
use domain::seat_inventory::{Disruption as Said, Inventory};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

pub use admin::{course_view, Disruption};
pub use offer::{offer, Alternative, Chosen, DisruptionOffer, JourneyRights, OfferCourse};

/// A course and what the carrier said last of it.
#[derive(Debug, Clone)]
pub struct DisruptedCourse {
    pub course_id: Uuid,
    /// The scheduled departure.
    pub departure_at: DateTime<Utc>,
    /// `None`: it runs as planned.
    pub said: Option<Said>,
    /// Its stops, in order (what a cancellation from a stop leaves unserved).
    pub stop_ids: Vec<i64>,
}

impl DisruptedCourse {
    /// The disruption as the orders' rules take it (`None`: the course runs normally).
    pub fn disruption(&self) -> Option<CourseDisruption> {
        let said = self.said.as_ref()?;
        Some(CourseDisruption {
            course_id: self.course_id,
            // Which announcement told whom is the process's; a read does not need it.
            notice_id: Uuid::nil(),
            delay_minutes: said.delay_minutes,
            unserved_stops: self.unserved_stops(),
            reason: said.reason.clone(),
            departure_at: self.departure_at,
            announced_at: said.at,
        })
    }

    /// The stops a cancellation from a stop onward leaves unserved (`None`: every stop).
    pub fn unserved_stops(&self) -> Option<Vec<i64>> {
        let from = self.said.as_ref().filter(|s| s.cancelled())?.from_stop? as usize;
        Some(self.stop_ids.iter().skip(from + 1).copied().collect())
    }
}

impl From<&Inventory> for DisruptedCourse {
    fn from(inventory: &Inventory) -> Self {
        DisruptedCourse {
            course_id: inventory.course_id,
            departure_at: inventory.departure_at,
            said: inventory.disruption.clone(),
            stop_ids: inventory.stops.iter().map(|s| s.waypoint_id).collect(),
        }
    }
}

/// An order with tickets on the course and where it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct DisruptionPassenger {
    pub order_id: Uuid,
    pub order_number: String,
    pub customer_name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// The order was paid (an order never paid has nothing to choose nor refund).
    pub paid: bool,
    /// It was paid at the office's desk (`cash` or `card_terminal`): its refunds are paid
    /// out there, from the till.
    pub paid_at_desk: bool,
    pub tickets: u32,
    /// `to_tell`, `told`, `moved`, `refunded` or `order_cancelled`.
    pub state: &'static str,
    pub told_at: Option<DateTime<Utc>>,
    pub chosen_at: Option<DateTime<Utc>>,
    /// `passenger`, `office` or `automatic`.
    pub chosen_by: Option<&'static str>,
    pub moved_to: Option<MovedTo>,
    /// Grosz refunded (money and coupon).
    pub refund_amount: Option<i64>,
    /// Grosz owed as compensation because the choice came after the scheduled departure
    /// (art. 19(2)); the office pays it (`disruption-compensation`).
    pub compensation_owed: Option<i64>,
    pub compensation_paid_at: Option<DateTime<Utc>>,
}

/// The course tickets moved to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MovedTo {
    pub course_id: Uuid,
    pub departure_at: DateTime<Utc>,
}

/// The scheduled departures of `courses` (from the catalogue's `courses`), for the moves'
/// answers: one read for every moved passenger of a course.
pub async fn departures(pool: &PgPool, courses: &[Uuid]) -> Result<HashMap<Uuid, DateTime<Utc>>, ApiError> {
    if courses.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(Uuid, DateTime<Utc>)> =
        sqlx::query_as("select id, departure_at from courses where id = any($1)").bind(courses).fetch_all(pool).await?;
    Ok(rows.into_iter().collect())
}

/// The body of `order`'s standing on a disrupted course. A move's departure is the moved
/// tickets' leg's, or the epoch once none is left on it: the admin's answers put the
/// course's departure there, the offer only when the leg's is gone.
pub fn passenger_body(order: &OrderState, view: &PassengerView<'_>) -> DisruptionPassenger {
    DisruptionPassenger {
        order_id: order.order_id,
        order_number: order.display_number().to_owned(),
        customer_name: format!("{} {}", order.customer.first_name, order.customer.last_name).trim().to_owned(),
        email: order.customer.email.as_ref().map(|e| e.to_string()),
        phone: order.customer.phone.as_ref().map(|p| p.to_string()),
        paid: order.paid.is_some(),
        paid_at_desk: matches!(order.payment.provider.as_str(), "cash" | "card_terminal"),
        tickets: view.seats,
        state: view.state.as_str(),
        told_at: view.told_at,
        chosen_at: view.chosen.map(|c| c.at),
        chosen_by: view.chosen.map(|c| c.by.as_str()),
        moved_to: view.moved_to.map(|(course_id, departure_at)| MovedTo {
            course_id,
            departure_at: departure_at.unwrap_or(DateTime::UNIX_EPOCH),
        }),
        refund_amount: view.refund_amount,
        compensation_owed: view.compensation.map(|c| c.amount),
        compensation_paid_at: view.compensation.and_then(|c| c.paid_at),
    }
}
