//! What a driver needs on board, and the key anyone checks tickets with:
//!
//! - `GET /order/ticket/verification-key` (public): the carrier's Ed25519 public key
//!   (raw and as a JSON Web Key) that verifies the tickets' signed codes offline.
//! - `GET /order/driver/courses?date=` (Driver, SuperAdmin): the courses leaving on a
//!   Warsaw day (today by default), with how many passengers hold tickets and how many
//!   boarded.
//! - `GET /order/driver/manifest?course_id=`: one course's stops with their times (the
//!   course's own, as its seat inventory was opened with, even when the route was edited
//!   since), its tickets (who boards and leaves where, each ticket's state), and the verification key:
//!   everything the driver's page keeps to check tickets without a network.

use api_core::auth::DriverUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Duration, FixedOffset, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::warsaw;
use crate::QueryState;

/// The carrier's public key for the tickets' codes.
#[derive(Debug, Serialize, ToSchema)]
pub struct VerificationKey {
    /// `Ed25519`.
    pub alg: String,
    /// The codes it checks: `NB1` (see `docs/tickets.md`).
    pub format: String,
    /// The key id a code names in `k`.
    pub kid: String,
    /// The 32-byte public key, base64url without padding.
    pub public_key: String,
    /// The same key as a JSON Web Key (RFC 8037), as WebCrypto imports it.
    pub jwk: Jwk,
}

/// An Ed25519 public key as a JSON Web Key.
#[derive(Debug, Serialize, ToSchema)]
pub struct Jwk {
    /// `OKP`.
    pub kty: String,
    /// `Ed25519`.
    pub crv: String,
    pub x: String,
    pub kid: String,
}

fn verification_key_of(state: &QueryState) -> VerificationKey {
    let document = state.tickets.verifier().document();
    VerificationKey {
        alg: document.alg.into(),
        format: document.format.into(),
        kid: document.kid,
        public_key: document.public_key,
        jwk: Jwk {
            kty: document.jwk.kty.into(),
            crv: document.jwk.crv.into(),
            x: document.jwk.x,
            kid: document.jwk.kid,
        },
    }
}

/// The key that verifies the tickets' signed codes (public).
#[utoipa::path(get, path = "/api/order/ticket/verification-key", tag = "order",
    responses((status = 200, description = "`{\"data\": VerificationKey}`", body = Data<VerificationKey>)))]
pub async fn verification_key(State(state): State<QueryState>) -> Data<VerificationKey> {
    Data::new(verification_key_of(&state))
}

/// A course of the day, as the driver picks it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DriverCourse {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    /// From its first stop (Warsaw time).
    pub departure_at: DateTime<FixedOffset>,
    /// At its last stop.
    pub arrival_at: DateTime<FixedOffset>,
    pub seats: i32,
    /// Tickets of paid orders for it, boarded or not.
    pub passengers: i64,
    /// Of those, the ones that boarded.
    pub boarded: i64,
    /// The carrier cancelled it (issue 28).
    pub cancelled: bool,
    /// Its announced delay in minutes, while it runs late.
    pub delay_minutes: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct CourseRow {
    course_id: Uuid,
    route_id: i64,
    route_name: String,
    departure_at: DateTime<Utc>,
    minutes: i32,
    seats: i32,
    passengers: i64,
    boarded: i64,
    cancelled: bool,
    delay_minutes: Option<i64>,
}

impl From<CourseRow> for DriverCourse {
    fn from(r: CourseRow) -> Self {
        DriverCourse {
            course_id: r.course_id,
            route_id: r.route_id,
            route_name: r.route_name,
            departure_at: warsaw(r.departure_at),
            arrival_at: warsaw(r.departure_at + Duration::minutes(i64::from(r.minutes))),
            seats: r.seats,
            passengers: r.passengers,
            boarded: r.boarded,
            cancelled: r.cancelled,
            delay_minutes: r.delay_minutes,
        }
    }
}

/// The tickets a course carries: of paid orders, valid or used (not returned).
const CARRIED: &str = "t.status in ('valid', 'used') and o.status = 'paid'";

const COURSES: &str = "select c.id as course_id, c.route_id, r.name as route_name, c.departure_at, c.seats, \
       coalesce((select max(m) from rm_course_availability a, unnest(a.stop_minutes) m where a.course_id = c.id), \
                (select max(minutes_from_start) from route_waypoints w where w.route_id = c.route_id), 0) as minutes, \
       (select count(*) from rm_tickets t join rm_orders o using (order_id) where t.course_id = c.id and {carried}) as passengers, \
       (select count(*) from rm_tickets t join rm_orders o using (order_id) where t.course_id = c.id and t.status = 'used') as boarded, \
       coalesce((select a.cancelled from rm_course_availability a where a.course_id = c.id), false) as cancelled, \
       (select a.delay_minutes from rm_course_availability a where a.course_id = c.id) as delay_minutes \
  from courses c join routes r on r.id = c.route_id";

fn day_param(params: &Params) -> Result<NaiveDate, ApiError> {
    match params.raw("date") {
        None => Ok(api_core::time::warsaw_today()),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().filter(|_| text.len() == 10).ok_or_else(|| {
            ApiError::invalid_field("date", api_core::codes::FIELD_NOT_DATE, "date must be a day, YYYY-MM-DD")
        }),
    }
}

/// The courses leaving on a day, first to leave first (Driver, SuperAdmin).
#[utoipa::path(get, path = "/api/order/driver/courses", tag = "order", security(("bearer" = [])),
    params(("date" = Option<String>, Query, format = Date, description = "a Warsaw day, YYYY-MM-DD; today by default")),
    responses((status = 200, description = "`{\"data\": [DriverCourse]}`", body = Data<Vec<DriverCourse>>),
        (status = 401, description = "no token"), (status = 403, description = "not a driver or an admin"),
        (status = 422, description = "date is not a day")))]
#[tracing::instrument(skip(state, params))]
pub async fn courses(
    _: DriverUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<Vec<DriverCourse>>, ApiError> {
    let day = day_param(&params)?;
    let bad_day = || ApiError::invalid_field("date", api_core::codes::FIELD_NOT_DATE, "date must be a day, YYYY-MM-DD");
    let from = api_core::time::warsaw_midnight(day).ok_or_else(bad_day)?;
    let to = api_core::time::warsaw_midnight(day.succ_opt().ok_or_else(bad_day)?).ok_or_else(bad_day)?;
    let sql = format!("{} where c.departure_at >= $1 and c.departure_at < $2 order by c.departure_at, r.name", COURSES)
        .replace("{carried}", CARRIED);
    let rows: Vec<CourseRow> = sqlx::query_as(&sql).bind(from).bind(to).fetch_all(&state.pool).await?;
    Ok(Data::new(rows.into_iter().map(DriverCourse::from).collect()))
}

/// A stop of the course, with when the coach is there.
#[derive(Debug, Serialize, ToSchema)]
pub struct ManifestStop {
    pub waypoint_id: i64,
    pub name: String,
    /// Warsaw time.
    pub at: DateTime<FixedOffset>,
}

#[derive(sqlx::FromRow)]
struct StopRow {
    waypoint_id: i64,
    name: String,
    minutes_from_start: i32,
}

/// A ticket the course carries (or carried: returned ones are listed too, so a driver
/// offline can tell a returned ticket from an unknown one).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ManifestTicket {
    pub number: String,
    /// The passenger's name given for the ticket, else the name the order was placed in.
    pub passenger: String,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    pub discount_name: Option<String>,
    /// `valid`, `used`, `returned`, or `cancelled` (its order was cancelled).
    pub status: String,
    /// The SHA-256 (hex) of the code printed on the ticket: the phone finds a ticket by
    /// its typed code offline without the list carrying the codes themselves.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub code_sha256: String,
    pub used_at: Option<DateTime<Utc>>,
    /// The course it was moved from (a cancelled one's passenger who chose this course).
    #[sqlx(skip)]
    pub moved_from_course: Option<MovedFrom>,
    #[serde(skip)]
    #[schema(ignore)]
    pub previous_course_id: Option<Uuid>,
    #[serde(skip)]
    #[schema(ignore)]
    pub previous_departure_at: Option<DateTime<Utc>>,
}

/// The course a ticket was moved from.
#[derive(Debug, Serialize, ToSchema)]
pub struct MovedFrom {
    pub course_id: Uuid,
    pub departure_at: DateTime<Utc>,
}

/// A course's own stops and minutes (`$1`: the course, `$2`: its route): those its seat
/// inventory was opened with (the `availability` read model's), not the route's current
/// stops, which an admin may have edited after the course was generated and sold. The
/// route's stops only while the read model has not seen the course (just generated,
/// opened with them).
const OWN_STOPS: &str = "\
    select s.waypoint_id, p.name, s.minutes_from_start \
      from rm_course_availability a \
      cross join lateral unnest(a.stop_ids, a.stop_minutes) as s(waypoint_id, minutes_from_start) \
      join waypoints p on p.id = s.waypoint_id \
     where a.course_id = $1 \
    union all \
    select w.waypoint_id, p.name, w.minutes_from_start from route_waypoints w join waypoints p on p.id = w.waypoint_id \
     where w.route_id = $2 and not exists (select 1 from rm_course_availability where course_id = $1) \
    order by 3";

/// One course as its driver needs it offline.
#[derive(Debug, Serialize, ToSchema)]
pub struct Manifest {
    pub course: DriverCourse,
    /// In route order.
    pub stops: Vec<ManifestStop>,
    /// By boarding stop in route order, then by number.
    pub tickets: Vec<ManifestTicket>,
    pub verification_key: VerificationKey,
}

/// A course's stops, tickets and the verification key (Driver, SuperAdmin).
#[utoipa::path(get, path = "/api/order/driver/manifest", tag = "order", security(("bearer" = [])),
    params(("course_id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": Manifest}`", body = Data<Manifest>),
        (status = 401, description = "no token"), (status = 403, description = "not a driver or an admin"),
        (status = 404, description = "no such course"), (status = 422, description = "course_id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn manifest(
    _: DriverUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<Manifest>, ApiError> {
    let raw = params.required("course_id")?;
    let course_id = Uuid::parse_str(raw).map_err(|_| {
        ApiError::invalid_field("course_id", api_core::codes::FIELD_NOT_ID, "course_id must be a course id (a UUID)")
    })?;
    let sql = format!("{} where c.id = $1", COURSES).replace("{carried}", CARRIED);
    let course: CourseRow = sqlx::query_as(&sql)
        .bind(course_id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no course {course_id}")))?;
    let departure = course.departure_at;
    let stops: Vec<StopRow> =
        sqlx::query_as(OWN_STOPS).bind(course_id).bind(course.route_id).fetch_all(&state.pool).await?;
    let stops: Vec<ManifestStop> = stops
        .into_iter()
        .map(|s| ManifestStop {
            waypoint_id: s.waypoint_id,
            name: s.name,
            at: warsaw(departure + Duration::minutes(i64::from(s.minutes_from_start))),
        })
        .collect();
    let mut tickets: Vec<ManifestTicket> = sqlx::query_as(
        "select t.number, coalesce(t.passenger_name, o.first_name || ' ' || o.last_name) as passenger, t.from_waypoint_id, t.from_name, \
                t.to_waypoint_id, t.to_name, t.discount_name, \
                t.status, \
                t.used_at, encode(sha256(convert_to(upper(t.code), 'UTF8')), 'hex') as code_sha256, \
                t.previous_course_id, pc.departure_at as previous_departure_at \
           from rm_tickets t join rm_orders o using (order_id) \
           left join courses pc on pc.id = t.previous_course_id \
          where t.course_id = $1 and o.status in ('paid', 'returned', 'cancelled') \
          order by t.number",
    )
    .bind(course_id)
    .fetch_all(&state.pool)
    .await?;
    for t in &mut tickets {
        if let (Some(course_id), Some(departure_at)) = (t.previous_course_id, t.previous_departure_at) {
            t.moved_from_course = Some(MovedFrom { course_id, departure_at });
        }
    }
    let position = |id: i64| stops.iter().position(|s| s.waypoint_id == id).unwrap_or(usize::MAX);
    tickets.sort_by_key(|t| (position(t.from_waypoint_id), t.number.clone()));
    Ok(Data::new(Manifest { course: course.into(), stops, tickets, verification_key: verification_key_of(&state) }))
}
