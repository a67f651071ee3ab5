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
    /// `cancelled`, `delayed`, or `on_time` (a delay the carrier cleared: the link keeps
    /// showing the order's state).
    pub status: &'static str,
    pub reason: String,
    pub delay_minutes: Option<u32>,
    /// When a delayed course is now expected to leave the passenger's stop.
    pub expected_departure_at: Option<DateTime<Utc>>,
    /// The course was cancelled from a stop onward (the passenger's stretch among those cut).
    pub partly: bool,
    pub course: OfferCourse,
    /// The order was paid: an order never paid has no tickets (0), no choice, no deadline
    /// and nothing to refund.
    pub paid: bool,
    pub tickets: u32,
    pub choice_open: bool,
    /// Until when the choice is open (14 days after the announcement); `null` when the
    /// disruption offers none.
    pub deadline: Option<DateTime<Utc>>,
    /// Grosz a refund gives back in full (money and coupon), the return leg too when the
    /// outbound is the disrupted one.
    pub refund_amount: i64,
    /// The return leg is refunded with it (its purpose is gone).
    pub includes_return: bool,
    pub alternatives: Vec<Alternative>,
    pub chosen: Option<Chosen>,
    /// Compensation owed because the choice came after the scheduled departure (grosz).
    pub compensation_owed: Option<i64>,
    pub compensation_paid_at: Option<DateTime<Utc>>,
    /// Which rights of EU Regulation 181/2011 the journey carries (from its route's distance).
    pub rights: JourneyRights,
}

/// The rights a journey carries ([`domain::rights`]).
#[derive(Debug, Serialize, ToSchema)]
pub struct JourneyRights {
    /// The route's distance in km, when entered.
    pub distance_km: Option<i32>,
    /// The whole regulation applies (250 km or more).
    pub statutory: bool,
    /// Assistance on a cancellation or long delay (a journey over 3 hours, art. 21).
    pub assistance: bool,
}

impl JourneyRights {
    /// The rights of `leg`, its route's distance read from `routes`.
    pub async fn of(pool: &PgPool, leg: &Leg) -> Result<Self, ApiError> {
        let distance_km: Option<i32> = sqlx::query_scalar("select distance_km from routes where id = $1")
            .bind(leg.route_id)
            .fetch_optional(pool)
            .await?
            .flatten();
        let minutes = (leg.arrival_at - leg.departure_at).num_minutes().clamp(0, i64::from(u32::MAX)) as u32;
        let rights = domain::rights::rights(distance_km.and_then(|km| u32::try_from(km).ok()), minutes);
        Ok(JourneyRights { distance_km, statutory: rights.statutory, assistance: rights.assistance })
    }
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

/// Another course the tickets may move to: any route serving the same two stops.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Alternative {
    pub course_id: Uuid,
    pub route_name: String,
    /// Its timetable's departure from the passenger's stop.
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
    pub seats_available: i64,
    /// Its own announced delay (the alternative runs late too).
    pub delay_minutes: Option<i64>,
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
    from_date: Option<chrono::NaiveDate>,
) -> Result<Option<DisruptionOffer>, ApiError> {
    let course_id = course.course_id;
    let Some(disruption) = disruption_told(order, course) else { return Ok(None) };
    let Some(view) = disruption_view::passenger(order, course_id) else { return Ok(None) };
    let Some(leg) = disruption_view::offer_leg(order, course_id) else { return Ok(None) };
    let mut p = passenger_body(order, &view);
    if let Some(moved) = p.moved_to.as_mut().filter(|m| m.departure_at == DateTime::UNIX_EPOCH) {
        if let Some(departure_at) = departures(pool, &[moved.course_id]).await?.get(&moved.course_id) {
            moved.departure_at = *departure_at;
        }
    }
    let choice_open = disruption_view::choice_open(order, &disruption, now);
    let paid = order.paid.is_some();
    // From the day asked for (a later date of the passenger's choosing), by default the
    // disrupted journey's day; never before now.
    let day = from_date.unwrap_or_else(|| api_core::time::warsaw_date(leg.departure_at));
    let from = api_core::time::warsaw_midnight(day).unwrap_or(now).max(now);
    let alternatives =
        if choice_open { alternatives(pool, &leg, course_id, i64::from(view.seats), from).await? } else { Vec::new() };
    let chosen = view.chosen.map(|c| Chosen {
        choice: c.choice.as_str(),
        at: c.at,
        by: c.by.as_str(),
        to_course: p.moved_to.clone(),
        refund_amount: p.refund_amount,
    });
    let late = disruption.delay_minutes.filter(|m| *m > 0);
    let (refund_amount, includes_return) = refund_of(order, course_id, &view, &leg, paid);
    Ok(Some(DisruptionOffer {
        order_number: p.order_number,
        language: order.customer.language.code(),
        status: status_of(disruption.delay_minutes),
        reason: disruption.reason.clone(),
        delay_minutes: disruption.delay_minutes,
        expected_departure_at: late.map(|m| leg.departure_at + Duration::minutes(i64::from(m))),
        partly: disruption.unserved_stops.is_some(),
        course: offer_course(course_id, &leg),
        paid,
        tickets: if paid { p.tickets } else { 0 },
        choice_open,
        deadline: (paid && disruption.choice_offered()).then(|| disruption.choice_until()),
        refund_amount,
        includes_return,
        alternatives,
        chosen,
        compensation_owed: view.compensation.map(|c| c.amount),
        compensation_paid_at: view.compensation.and_then(|c| c.paid_at),
        rights: JourneyRights::of(pool, &leg).await?,
    }))
}

/// The course's disruption as the order should hear of it: the one in force, or, for a
/// delay cleared since the order was told, the course running on time.
fn disruption_told(order: &OrderState, course: &DisruptedCourse) -> Option<order::CourseDisruption> {
    let course_id = course.course_id;
    course.disruption().or_else(|| {
        order.disruption(course_id).map(|r| order::CourseDisruption {
            course_id,
            notice_id: Uuid::nil(),
            delay_minutes: Some(0),
            unserved_stops: None,
            reason: String::new(),
            departure_at: course.departure_at,
            announced_at: r.told_at.unwrap_or(course.departure_at),
        })
    })
}

/// `cancelled`, `on_time` or `delayed`.
fn status_of(delay_minutes: Option<u32>) -> &'static str {
    match delay_minutes {
        None => "cancelled",
        Some(0) => "on_time",
        Some(_) => "delayed",
    }
}

/// What a refund gives back (once refunded, what it gave; unpaid, nothing) and whether it
/// takes the return leg too.
fn refund_of(
    order: &OrderState,
    course_id: Uuid,
    view: &disruption_view::PassengerView<'_>,
    leg: &Leg,
    paid: bool,
) -> (i64, bool) {
    let amount = match view.refund_amount {
        Some(amount) => amount,
        None if paid => order::full_refund(order, course_id),
        None => 0,
    };
    let includes_return = if view.refund_amount.is_some() {
        leg.kind == domain::order::LegKind::Outbound
            && order.tickets.iter().any(|t| {
                t.ticket.leg == domain::order::LegKind::Back && t.status == domain::order::TicketStatus::Returned
            })
    } else {
        !order::purpose_lost(order, course_id).is_empty()
    };
    (amount, includes_return)
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

/// Other courses serving the leg's two stops (any route), on sale, not cancelled on that
/// stretch, with `seats` free, nearest first (at most 30).
async fn alternatives(
    pool: &PgPool,
    leg: &Leg,
    except: Uuid,
    seats: i64,
    now: DateTime<Utc>,
) -> Result<Vec<Alternative>, ApiError> {
    let cutoff = settings_in_force(pool).await?.sales_close_minutes;
    Ok(sqlx::query_as(
        "select * from (select a.course_id, r.name as route_name, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.f]::int) as departure_at, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.t]::int) as arrival_at, \
                (a.seats - coalesce((select max(l) from unnest(a.segment_loads[p.f:p.t - 1]) l), 0))::bigint as seats_available, \
                a.delay_minutes::bigint as delay_minutes \
         from rm_course_availability a \
         cross join lateral (select array_position(a.stop_ids, $2) as f, array_position(a.stop_ids, $3) as t) p \
         join courses c on c.id = a.course_id and c.sale_open \
         join routes r on r.id = a.route_id and not r.archived \
         where $1::bigint is not null and a.course_id <> $4 and p.f < p.t \
           and not (a.cancelled and (a.cancelled_from_stop is null or p.t - 1 > a.cancelled_from_stop))) x \
         where x.departure_at > $5 and x.seats_available >= $6 order by x.departure_at limit 30",
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
    params(("token" = api_core::values::Text<400>, Query, description = "the token of the message's link"),
        ("date" = Option<chrono::NaiveDate>, Query, description = "the alternatives from this day on (YYYY-MM-DD; default: the disrupted journey's day)")),
    responses((status = 200, description = "`{\"data\": DisruptionOffer}`", body = Data<DisruptionOffer>),
        (status = 404, description = "`disruption.link_invalid`: a forged, malformed or unknown token"),
        (status = 422, description = "no token, or a `date` that is not a day")))]
pub async fn one(State(state): State<QueryState>, params: Params) -> Result<Data<DisruptionOffer>, ApiError> {
    let (order_id, course_id) = verify(&state.tickets.verifier(), params.required("token")?)?;
    let course = read_course(&state.pool, course_id).await?.ok_or_else(link_invalid)?;
    let order = orders::one(&state.pool, order_id).await?.ok_or_else(link_invalid)?;
    let date = from_date(&params)?;
    offer(&state.pool, &order, &course, Utc::now(), date).await?.map(Data::new).ok_or_else(link_invalid)
}

/// The `date` parameter, when given: a day (`YYYY-MM-DD`).
pub fn from_date(params: &Params) -> Result<Option<chrono::NaiveDate>, ApiError> {
    match params.raw("date").map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(d) => chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::refusal_on("date", api_core::codes::FIELD_NOT_DATE, "A day as YYYY-MM-DD.")),
    }
}
