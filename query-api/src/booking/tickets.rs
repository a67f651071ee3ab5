//! `GET /order/ticket/all`: every ticket, with its order's public id, status and
//! customer (admin), with the list conventions; `GET /order/ticket/one?id={ticket id}`:
//! one ticket as the list shows it.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, FixedOffset, Utc};
use domain::money::format_pln;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::warsaw;
use crate::QueryState;
use api_core::resource::{fetch_page, Scope};

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "t.ticket_id", kind: FieldType::Uuid },
    ListField { name: "number", column: "t.number", kind: FieldType::Text },
    ListField { name: "status", column: "t.status", kind: FieldType::Text },
    ListField { name: "leg", column: "t.leg", kind: FieldType::Text },
    ListField { name: "price", column: "t.price", kind: FieldType::Integer },
    ListField { name: "order_id", column: "t.order_id", kind: FieldType::Uuid },
    ListField { name: "hash_id", column: "o.hash_id", kind: FieldType::Text },
    ListField { name: "order_status", column: "o.status", kind: FieldType::Text },
    ListField { name: "user_id", column: "t.user_id", kind: FieldType::Uuid },
    ListField { name: "email", column: "o.email", kind: FieldType::Text },
    ListField { name: "last_name", column: "o.last_name", kind: FieldType::Text },
    ListField { name: "course_id", column: "t.course_id", kind: FieldType::Uuid },
    ListField { name: "route_name", column: "t.route_name", kind: FieldType::Text },
    ListField { name: "from_name", column: "t.from_name", kind: FieldType::Text },
    ListField { name: "to_name", column: "t.to_name", kind: FieldType::Text },
    ListField { name: "departure_at", column: "t.departure_at", kind: FieldType::Timestamp },
    ListField { name: "course_changed", column: "t.course_changed", kind: FieldType::Boolean },
    ListField { name: "issued_at", column: "t.issued_at", kind: FieldType::Timestamp },
    ListField { name: "returned_at", column: "t.returned_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "t.issued_at desc, t.number" };
const COLUMNS: &str = "t.ticket_id, t.number, t.code, t.status, t.leg, t.line, t.price, t.coupon_part, t.order_id, \
    o.hash_id, o.status as order_status, t.user_id, o.email, o.first_name, o.last_name, t.course_id, t.route_name, \
    t.from_name, t.to_name, t.departure_at, t.arrival_at, t.course_changed, t.previous_course_id, t.price_difference, \
    t.issued_at, t.returned_at, t.fee, t.coupon_refund, t.money_refund, t.to_waypoint_id";
const FROM: &str = "rm_tickets t join rm_orders o on o.order_id = t.order_id";

#[derive(sqlx::FromRow)]
struct Row {
    ticket_id: Uuid,
    number: String,
    code: String,
    status: String,
    leg: String,
    line: i32,
    price: i64,
    coupon_part: i64,
    order_id: Uuid,
    hash_id: String,
    order_status: String,
    user_id: Option<Uuid>,
    email: String,
    first_name: String,
    last_name: String,
    course_id: Uuid,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    arrival_at: DateTime<Utc>,
    course_changed: bool,
    previous_course_id: Option<Uuid>,
    price_difference: i64,
    issued_at: DateTime<Utc>,
    returned_at: Option<DateTime<Utc>>,
    fee: Option<i64>,
    coupon_refund: Option<i64>,
    money_refund: Option<i64>,
    to_waypoint_id: i64,
}

/// A ticket in the admin's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminTicket {
    pub id: Uuid,
    pub number: String,
    pub code: String,
    /// `valid`, `returned`, `used`, or `cancelled` (its order was cancelled).
    pub status: String,
    pub leg: String,
    pub line: i32,
    /// What the seat costs now (after a course change, the new price).
    pub price: i64,
    pub price_formatted: String,
    /// Its share of the order's coupon.
    pub coupon_part: i64,
    pub order_id: Uuid,
    pub hash_id: String,
    pub order_status: String,
    pub user_id: Option<Uuid>,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub course_id: Uuid,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    /// Warsaw time.
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    pub course_changed: bool,
    pub previous_course_id: Option<Uuid>,
    /// Paid (positive) or refunded (negative) for the course change.
    pub price_difference: i64,
    /// When the order was paid (the ticket was issued).
    pub issued_at: DateTime<Utc>,
    pub returned_at: Option<DateTime<Utc>>,
    /// For a returned ticket: the handling fee and where the rest went.
    pub fee: Option<i64>,
    pub coupon_refund: Option<i64>,
    pub money_refund: Option<i64>,
    /// The carrier cancelled or delayed its course (issue 28; in `one` only, `null` in the
    /// list): the admin's copy of the passenger's link token included.
    pub disruption: Option<super::disruption::TicketDisruption>,
}

impl From<Row> for AdminTicket {
    fn from(r: Row) -> Self {
        AdminTicket {
            id: r.ticket_id,
            number: r.number,
            code: r.code,
            status: r.status,
            leg: r.leg,
            line: r.line,
            price: r.price,
            price_formatted: format_pln(r.price),
            coupon_part: r.coupon_part,
            order_id: r.order_id,
            hash_id: r.hash_id,
            order_status: r.order_status,
            user_id: r.user_id,
            email: r.email,
            first_name: r.first_name,
            last_name: r.last_name,
            course_id: r.course_id,
            route_name: r.route_name,
            from_name: r.from_name,
            to_name: r.to_name,
            departure_at: warsaw(r.departure_at),
            arrival_at: warsaw(r.arrival_at),
            course_changed: r.course_changed,
            previous_course_id: r.previous_course_id,
            price_difference: r.price_difference,
            issued_at: r.issued_at,
            returned_at: r.returned_at,
            fee: r.fee,
            coupon_refund: r.coupon_refund,
            money_refund: r.money_refund,
            disruption: None,
        }
    }
}

/// Every ticket (admin).
#[utoipa::path(get, path = "/api/order/ticket/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, number, status, leg, price, order_id, hash_id, order_status, \
            user_id, email, last_name, course_id, route_name, from_name, to_name, departure_at, course_changed, issued_at, \
            returned_at; -field descends", pattern = "^-?(id|number|status|leg|price|order_id|hash_id|order_status|user_id|email|last_name|course_id|route_name|from_name|to_name|departure_at|course_changed|issued_at|returned_at)(,-?(id|number|status|leg|price|order_id|hash_id|order_status|user_id|email|last_name|course_id|route_name|from_name|to_name|departure_at|course_changed|issued_at|returned_at))*$"),
        ("filter[number][eq]" = Option<String>, Query, max_length = 200, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [AdminTicket], \"pagination\": …}}`", body = Data<Page<AdminTicket>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<AdminTicket>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page::<Row>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?;
    Ok(Data::new(Page {
        models: page.models.into_iter().map(AdminTicket::from).collect(),
        pagination: page.pagination,
    }))
}

/// One ticket, as the list shows it (admin).
#[utoipa::path(get, path = "/api/order/ticket/one", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the ticket")),
    responses((status = 200, description = "`{\"data\": AdminTicket}`", body = Data<AdminTicket>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such ticket"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(_: AdminUser, State(state): State<QueryState>, params: Params) -> Result<Data<AdminTicket>, ApiError> {
    let id = Uuid::parse_str(params.required("id")?)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be a ticket id (a UUID)"))?;
    let row: Row = sqlx::query_as(&format!("select {COLUMNS} from {FROM} where t.ticket_id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no ticket {id}")))?;
    let row_to_waypoint = row.to_waypoint_id;
    let mut ticket = AdminTicket::from(row);
    let disrupted = super::disruption::of_courses(&state.pool, &[ticket.course_id]).await?;
    if let Some(d) = disrupted.get(&ticket.course_id) {
        ticket.disruption =
            d.for_ticket(ticket.order_id, &ticket.status, row_to_waypoint, &state.tickets, chrono::Utc::now());
    }
    Ok(Data::new(ticket))
}
