//! The legs of orders (admin): the courses and stops each order was booked on, as rows.
//!
//! - `GET /order/order-waypoint/all` (list conventions): one row per leg (`outbound`, and
//!   `back` for a return), from `rm_orders`' legs as placed. The rows are a `union all` of
//!   the two legs over `rm_orders` rather than an unnest of each row's JSON, so the usual
//!   filters reach the table's own indexes in each branch: `filter[order_id][eq]` (the
//!   common use: an order's legs) is a primary-key lookup, an outbound `course_id` uses
//!   the course index, a `kind` drops the other branch whole, and the default order walks
//!   the placing-time index. The total is exact up to [`super::orders::COUNT_CAP`] legs.
//! - `GET /order/order-waypoint/one?id={order id}&kind=outbound|back`: one leg.
//! - `GET /order/order-waypoint/calculate-dates?id={order id}&courseId={course id}`: where
//!   the leg's stops would put it on another course, before an admin moves it there
//!   (`PUT order-waypoint/save`): the departure at the boarding stop and the arrival at the
//!   last stop, the fare of the stretch now, the seats free on it, whether it still sells,
//!   and what each travelling ticket would cost there (the line's discount applied). The
//!   numbers are the search's own ([`crate::search::query::course_stretch`]) and the
//!   ticket prices the change options' ([`super::change_options::repriced`]).

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page_counted, Count, Scope};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use domain::money::format_pln;
use domain::order::{Leg, TicketLine};
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::change_options::repriced;
use super::model::{leg_view, warsaw, LegView};
use super::orders::{order_id, COUNT_CAP};
use crate::search::query::course_stretch;
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "order_id", column: "w.order_id", kind: FieldType::Uuid },
    ListField { name: "kind", column: "w.kind", kind: FieldType::Text },
    ListField { name: "course_id", column: "w.course_id", kind: FieldType::Uuid },
    ListField { name: "route_id", column: "w.route_id", kind: FieldType::Integer },
    ListField { name: "departure_at", column: "w.departure_at", kind: FieldType::Timestamp },
    ListField { name: "placed_at", column: "w.placed_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "w.placed_at desc, w.order_id, w.leg_no" };
const COLUMNS: &str = "w.order_id, w.leg";
/// Each order's legs: the outbound from every order, the back from a return's.
const FROM: &str = "(select o.order_id, 'outbound'::text as kind, 0 as leg_no, o.outbound_course_id as course_id, \
        o.route_id, o.departure_at, o.placed_at, o.outbound as leg from rm_orders o \
    union all \
    select o.order_id, 'back'::text, 1, o.back_course_id, (o.back ->> 'route_id')::bigint, o.return_departure_at, \
        o.placed_at, o.back from rm_orders o where o.back is not null) w";

#[derive(sqlx::FromRow)]
struct Row {
    order_id: Uuid,
    leg: Json<Leg>,
}

/// A leg of an order: the course and stops it was booked on.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderWaypoint {
    pub order_id: Uuid,
    #[serde(flatten)]
    pub leg: LegView,
}

impl From<Row> for OrderWaypoint {
    fn from(r: Row) -> Self {
        OrderWaypoint { order_id: r.order_id, leg: leg_view(&r.leg.0) }
    }
}

/// The legs of orders (admin).
#[utoipa::path(get, path = "/api/order/order-waypoint/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "order_id, kind, course_id, route_id, departure_at, placed_at (the \
            order's); -field descends; default -placed_at, then outbound before back", pattern = "^-?(order_id|kind|course_id|route_id|departure_at|placed_at)(,-?(order_id|kind|course_id|route_id|departure_at|placed_at))*$"),
        ("filter[order_id][eq]" = Option<Uuid>, Query, description = "the legs of this order. Any sort field filters \
            too; ops eq, lt, gt, lte, gte, like (text: a part, any case), in (values separated by commas)"),
        ("filter[course_id][eq]" = Option<Uuid>, Query, description = "the legs booked on this course"),
        ("filter[kind][eq]" = Option<String>, Query, max_length = 200, description = "`outbound` or `back`")),
    responses((status = 200, description = "`{\"data\": {\"models\": [OrderWaypoint], \"pagination\": …}}`. Past 10,000 \
            matching legs `totalCount` is the database's estimate, flagged by `\"totalCountEstimated\": true`",
            body = Data<Page<OrderWaypoint>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field, or a bad filter value")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<OrderWaypoint>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page_counted::<Row>(&state.pool, COLUMNS, FROM, Scope::All, &q, Count::UpTo(COUNT_CAP)).await?;
    Ok(Data::new(Page {
        models: page.models.into_iter().map(OrderWaypoint::from).collect(),
        pagination: page.pagination,
    }))
}

/// `?kind=`: `outbound` (also when not given) or `back`, else `422` naming `kind`.
fn leg_kind(params: &Params) -> Result<&'static str, ApiError> {
    match params.optional("kind") {
        None | Some("outbound") => Ok("outbound"),
        Some("back") => Ok("back"),
        Some(_) => {
            Err(ApiError::invalid_field("kind", api_core::codes::FIELD_INVALID_CHOICE, "kind is outbound or back"))
        }
    }
}

/// The leg `kind` of the order `id`: `404` for no such order or a one-way order's `back`.
async fn leg_of(state: &QueryState, id: Uuid, kind: &str) -> Result<Leg, ApiError> {
    let leg: Option<Json<Leg>> = sqlx::query_scalar(
        "select case when $2 = 'back' then o.back else o.outbound end from rm_orders o where o.order_id = $1",
    )
    .bind(id)
    .bind(kind)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(format!("there is no order {id}")))?;
    leg.map(|Json(leg)| leg).ok_or_else(|| ApiError::NotFound(format!("the order {id} has no return leg")))
}

/// One leg of an order (admin).
#[utoipa::path(get, path = "/api/order/order-waypoint/one", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order"),
        ("kind" = Option<String>, Query, description = "`outbound` (default) or `back`", pattern = "^(outbound|back)$")),
    responses((status = 200, description = "`{\"data\": OrderWaypoint}`", body = Data<OrderWaypoint>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order, or a one-way order's back leg"),
        (status = 422, description = "id is missing or not a UUID, or kind is neither outbound nor back")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<OrderWaypoint>, ApiError> {
    let id = order_id(&params)?;
    let kind = leg_kind(&params)?;
    let leg = leg_of(&state, id, kind).await?;
    Ok(Data::new(OrderWaypoint { order_id: id, leg: leg_view(&leg) }))
}

/// A travelling ticket of the leg, priced on the other course.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RepricedTicket {
    pub number: String,
    /// What the ticket costs now.
    pub price: i64,
    /// Its price on the other course (the line's discount applied).
    pub new_price: i64,
    pub new_price_formatted: String,
    /// `new_price` less `price`: negative is refunded; a positive one is refused by the move.
    pub price_difference: i64,
    pub price_difference_formatted: String,
}

/// The order's leg on another course: the leg as it would be there (its times at the
/// stops, the fare now), and what the move would meet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CalculatedDates {
    pub order_id: Uuid,
    /// The leg on the course: `departure_at` at the boarding stop and `arrival_at` at the
    /// last stop (Warsaw time), `unit_price` the route's fare for the stretch now (one
    /// passenger, before any discount).
    #[serde(flatten)]
    pub leg: LegView,
    /// Whether the course runs on the leg's route (a move to another route is refused).
    pub same_route: bool,
    pub duration_minutes: i32,
    /// Seats free on the stretch (0 when sold out).
    pub free_seats: i32,
    /// Whether the course still sells (open for sale, before its sales close at the
    /// boarding stop).
    pub on_sale: bool,
    /// The leg's tickets that travel (not returned), priced on this course.
    pub tickets: Vec<RepricedTicket>,
}

#[derive(sqlx::FromRow)]
struct TicketRow {
    number: String,
    line: i32,
    price: i64,
}

/// Where an order's leg would be on another course of its route (admin).
#[utoipa::path(get, path = "/api/order/order-waypoint/calculate-dates", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order"), ("courseId" = Uuid, Query, description = "the other course"),
        ("kind" = Option<String>, Query, description = "the leg: `outbound` (default) or `back`", pattern = "^(outbound|back)$")),
    responses((status = 200, description = "`{\"data\": CalculatedDates}`", body = Data<CalculatedDates>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order or course, or a one-way order's back leg"),
        (status = 422, description = "id or courseId missing or not a UUID, kind neither outbound nor back, or the \
            course's route does not run from the leg's boarding stop to its last stop with a fare for them")))]
#[tracing::instrument(skip(state, params))]
pub async fn calculate_dates(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<CalculatedDates>, ApiError> {
    let id = order_id(&params)?;
    let course_id = Uuid::parse_str(params.required("courseId")?).map_err(|_| {
        ApiError::invalid_field("courseId", api_core::codes::FIELD_NOT_ID, "courseId must be a course id (a UUID)")
    })?;
    let kind = leg_kind(&params)?;
    let leg = leg_of(&state, id, kind).await?;
    let exists: bool = sqlx::query_scalar("select exists (select 1 from courses where id = $1)")
        .bind(course_id)
        .fetch_one(&state.pool)
        .await?;
    if !exists {
        return Err(ApiError::NotFound(format!("there is no course {course_id}")));
    }
    let stretch =
        course_stretch(&state.pool, course_id, leg.from_waypoint_id, leg.to_waypoint_id).await?.ok_or_else(|| {
            ApiError::refusal_on(
                "courseId",
                api_core::codes::NO_PRICE,
                &format!("this course does not run from {} to {} with a fare for them", leg.from_name, leg.to_name),
            )
        })?;
    let lines: Json<Vec<TicketLine>> =
        sqlx::query_scalar("select lines from rm_orders where order_id = $1").bind(id).fetch_one(&state.pool).await?;
    let travelling: Vec<TicketRow> = sqlx::query_as(
        "select number, line, price from rm_tickets where order_id = $1 and leg = $2 and status <> 'returned' \
         order by line, number",
    )
    .bind(id)
    .bind(kind)
    .fetch_all(&state.pool)
    .await?;
    let found = stretch.found;
    let tickets = travelling
        .into_iter()
        .map(|t| {
            let (new_price, difference) = repriced(&lines, t.line, found.price, t.price);
            RepricedTicket {
                number: t.number,
                price: t.price,
                new_price,
                new_price_formatted: format_pln(new_price),
                price_difference: difference,
                price_difference_formatted: format_pln(difference),
            }
        })
        .collect();
    Ok(Data::new(CalculatedDates {
        order_id: id,
        same_route: found.route_id == leg.route_id,
        duration_minutes: found.duration_minutes,
        free_seats: found.seats_available,
        leg: LegView {
            kind: kind.to_owned(),
            course_id: found.course_id,
            route_id: found.route_id,
            route_name: found.route_name,
            from_waypoint_id: found.from_id,
            from_name: found.from_name,
            to_waypoint_id: found.to_id,
            to_name: found.to_name,
            departure_at: warsaw(found.departs_at),
            arrival_at: warsaw(found.arrives_at),
            unit_price: found.price,
            unit_price_formatted: format_pln(found.price),
        },
        on_sale: stretch.on_sale,
        tickets,
    }))
}
