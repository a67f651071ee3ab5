//! `GET /order/disruption/one?token=` (public): the passenger's offer behind the message's
//! link. The link's signed token names the order and the course
//! ([`ticket_token::TicketVerifier::verify_link`]) and is the only authority asked for: a
//! forged, malformed or unknown token answers `404 disruption.link_invalid`, the same for
//! each, so a guess learns nothing.

use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use domain::order::{self, disruption_view, Leg, OrderState};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::admin::read_course;
use super::{departures, orders, passenger_body, DisruptedCourse, MovedTo};
use crate::booking::settings::settings_in_force;
use crate::QueryState;

/// The passenger's offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct DisruptionOffer {
    pub order_number: String,
    /// `pl` or `en`.
    pub language: &'static str,
    /// `cancelled` or `delayed`.
    pub status: &'static str,
    pub reason: String,
    pub delay_minutes: Option<u32>,
    pub course: OfferCourse,
    pub tickets: u32,
    pub choice_open: bool,
    /// A cancellation's departure; `null` for a delay.
    pub deadline: Option<DateTime<Utc>>,
    /// Grosz a refund gives back in full (money and coupon).
    pub refund_amount: i64,
    pub alternatives: Vec<Alternative>,
    pub chosen: Option<Chosen>,
}

/// The disrupted course, for the passenger's stops.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferCourse {
    pub course_id: Uuid,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
}

/// Another course the tickets may move to.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Alternative {
    pub course_id: Uuid,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
    pub seats_available: i64,
}

/// What was chosen.
#[derive(Debug, Serialize, ToSchema)]
pub struct Chosen {
    /// `move` or `refund`.
    pub choice: &'static str,
    pub at: DateTime<Utc>,
    /// `passenger`, `office` or `automatic`.
    pub by: &'static str,
    pub to_course: Option<MovedTo>,
    pub refund_amount: Option<i64>,
}

/// The refusal of a link that names nothing to choose.
pub fn link_invalid() -> ApiError {
    ApiError::NotFound("This link is not valid.".into()).with_code(api_core::codes::DISRUPTION_LINK_INVALID)
}

/// The order and course a link's token names, when it is genuine.
pub fn verify(verifier: &ticket_token::TicketVerifier, token: &str) -> Result<(Uuid, Uuid), ApiError> {
    if token.len() > 400 {
        return Err(link_invalid());
    }
    verifier.verify_link(token).map_err(|_| link_invalid())
}

/// The offer of `order` on `course` (`None`: the course runs normally, or the order has
/// nothing on it).
pub async fn offer(
    pool: &PgPool,
    order: &OrderState,
    course: &DisruptedCourse,
    now: DateTime<Utc>,
) -> Result<Option<DisruptionOffer>, ApiError> {
    let course_id = course.course_id;
    let Some(disruption) = course.disruption() else { return Ok(None) };
    let Some(view) = disruption_view::passenger(order, course_id) else { return Ok(None) };
    let Some(leg) = disruption_view::offer_leg(order, course_id) else { return Ok(None) };
    let mut p = passenger_body(order, &view);
    if let Some(moved) = p.moved_to.as_mut().filter(|m| m.departure_at == DateTime::UNIX_EPOCH) {
        if let Some(departure_at) = departures(pool, &[moved.course_id]).await?.get(&moved.course_id) {
            moved.departure_at = *departure_at;
        }
    }
    let choice_open = disruption_view::choice_open(order, &disruption, now);
    let alternatives =
        if choice_open { alternatives(pool, &leg, course_id, i64::from(view.seats), now).await? } else { Vec::new() };
    let chosen = view.chosen.map(|c| Chosen {
        choice: c.choice.as_str(),
        at: c.at,
        by: c.by.as_str(),
        to_course: p.moved_to.clone(),
        refund_amount: p.refund_amount,
    });
    Ok(Some(DisruptionOffer {
        order_number: p.order_number,
        language: order.customer.language.code(),
        status: if disruption.delay_minutes.is_none() { "cancelled" } else { "delayed" },
        reason: disruption.reason.clone(),
        delay_minutes: disruption.delay_minutes,
        course: offer_course(course_id, &leg),
        tickets: p.tickets,
        choice_open,
        deadline: disruption.delay_minutes.is_none().then_some(course.departure_at),
        refund_amount: order::full_refund(order, course_id),
        alternatives,
        chosen,
    }))
}

fn offer_course(course_id: Uuid, leg: &Leg) -> OfferCourse {
    OfferCourse {
        course_id,
        route_name: leg.route_name.clone(),
        from_name: leg.from_name.clone(),
        to_name: leg.to_name.clone(),
        departure_at: leg.departure_at,
        arrival_at: leg.arrival_at,
    }
}

/// Other courses of the leg's route between its stops, on sale, not cancelled, with
/// `seats` free, nearest first (at most 20).
async fn alternatives(
    pool: &PgPool,
    leg: &Leg,
    except: Uuid,
    seats: i64,
    now: DateTime<Utc>,
) -> Result<Vec<Alternative>, ApiError> {
    let cutoff = settings_in_force(pool).await?.sales_close_minutes;
    Ok(sqlx::query_as(
        "select * from (select a.course_id, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.f]::int) as departure_at, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.t]::int) as arrival_at, \
                (a.seats - coalesce((select max(l) from unnest(a.segment_loads[p.f:p.t - 1]) l), 0))::bigint as seats_available \
         from rm_course_availability a \
         cross join lateral (select array_position(a.stop_ids, $2) as f, array_position(a.stop_ids, $3) as t) p \
         join courses c on c.id = a.course_id and c.sale_open \
         where a.route_id = $1 and a.course_id <> $4 and not a.cancelled and p.f < p.t) x \
         where x.departure_at > $5 and x.seats_available >= $6 order by x.departure_at limit 20",
    )
    .bind(leg.route_id)
    .bind(leg.from_waypoint_id)
    .bind(leg.to_waypoint_id)
    .bind(except)
    .bind(now + Duration::minutes(i64::from(cutoff)))
    .bind(seats)
    .fetch_all(pool)
    .await?)
}

#[utoipa::path(get, path = "/api/order/disruption/one", tag = "order",
    params(("token" = api_core::values::Text<400>, Query, description = "the token of the message's link")),
    responses((status = 200, description = "`{\"data\": DisruptionOffer}`", body = Data<DisruptionOffer>),
        (status = 404, description = "`disruption.link_invalid`: a forged, malformed or unknown token"),
        (status = 422, description = "no token")))]
pub async fn one(State(state): State<QueryState>, params: Params) -> Result<Data<DisruptionOffer>, ApiError> {
    let (order_id, course_id) = verify(&state.tickets.verifier(), params.required("token")?)?;
    let course = read_course(&state.pool, course_id).await?.ok_or_else(link_invalid)?;
    let order = orders::one(&state.pool, order_id).await?.ok_or_else(link_invalid)?;
    offer(&state.pool, &order, &course, Utc::now()).await?.map(Data::new).ok_or_else(link_invalid)
}
