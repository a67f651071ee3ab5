//! The admin's orders: `GET /order/order/all` (list conventions), `one?id=` (an order
//! with its tickets and what happened to it) and `history?id=` (its events, in order,
//! for audit). All need a `SuperAdmin`.
//!
//! The list stays fast over a million orders (`bench/run.sh order-list`): every filter
//! and sort has an index (migration 0058), a ticket number is looked up in `rm_tickets`
//! by its unique index, course and placing days are ranges of their timestamps, and the
//! total is counted exactly only up to [`COUNT_CAP`] matching orders (beyond, it is the
//! planner's estimate, flagged in the pagination block).

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, FixedOffset, Utc};
use domain::money::format_pln;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::db::order_with_tickets;
use super::model::{warsaw, AdminOrderView, GatewayRefund};
use crate::QueryState;
use api_core::resource::{fetch_page_counted, Count, Scope};
use api_core::Params;

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "o.order_id", kind: FieldType::Uuid },
    ListField { name: "hash_id", column: "o.hash_id", kind: FieldType::Text },
    ListField { name: "number", column: "o.number", kind: FieldType::Text },
    ListField { name: "status", column: "o.status", kind: FieldType::Text },
    ListField { name: "user_id", column: "o.user_id", kind: FieldType::Uuid },
    ListField { name: "email", column: "o.email", kind: FieldType::Text },
    ListField { name: "first_name", column: "o.first_name", kind: FieldType::Text },
    ListField { name: "last_name", column: "o.last_name", kind: FieldType::Text },
    ListField { name: "phone", column: "o.phone", kind: FieldType::Text },
    ListField { name: "route_id", column: "o.route_id", kind: FieldType::Integer },
    ListField { name: "route_name", column: "o.route_name", kind: FieldType::Text },
    ListField { name: "from_name", column: "o.from_name", kind: FieldType::Text },
    ListField { name: "to_name", column: "o.to_name", kind: FieldType::Text },
    ListField { name: "course_id", column: "o.outbound_course_id", kind: FieldType::Uuid },
    ListField { name: "departure_at", column: "o.departure_at", kind: FieldType::Timestamp },
    ListField { name: "departure_date", column: "o.departure_at", kind: FieldType::Day },
    ListField { name: "return_departure_at", column: "o.return_departure_at", kind: FieldType::Timestamp },
    ListField { name: "passengers", column: "o.passengers", kind: FieldType::Integer },
    ListField { name: "total", column: "o.total", kind: FieldType::Integer },
    ListField { name: "coupon_code", column: "o.coupon_code", kind: FieldType::Text },
    ListField { name: "to_pay", column: "o.to_pay", kind: FieldType::Integer },
    ListField { name: "placed_at", column: "o.placed_at", kind: FieldType::Timestamp },
    ListField { name: "placed_date", column: "o.placed_at", kind: FieldType::Day },
    ListField { name: "expires_at", column: "o.expires_at", kind: FieldType::Timestamp },
    ListField { name: "paid_at", column: "o.paid_at", kind: FieldType::Timestamp },
    ListField { name: "invoice_number", column: "o.invoice_number", kind: FieldType::Text },
    ListField { name: "transaction_id", column: "o.transaction_id", kind: FieldType::Text },
    // Any ticket of the order (the unique index on rm_tickets.number finds it).
    ListField {
        name: "ticket_number",
        column: "exists (select 1 from rm_tickets t where t.order_id = o.order_id and {t.number})",
        kind: FieldType::Text,
    },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "o.placed_at desc, o.order_id" };
/// Matching orders counted exactly (40 of the panel's pages); beyond, the total is an
/// estimate (see [`api_core::list::Pagination`]). Counting stops after this many matches,
/// but a filter that few orders pass reads many rows to find them: with an e-mail part
/// that one order in 30 has, 1,000 cost about 20 ms at a million orders and 10,000 about
/// 130 ms (`bench/run.sh order-list`).
pub const COUNT_CAP: u32 = 1_000;
const COLUMNS: &str = "o.order_id, o.hash_id, o.number, o.status, o.user_id, o.email, o.first_name, o.last_name, o.phone, \
    o.route_id, o.route_name, o.from_name, o.to_name, o.outbound_course_id, o.back_course_id, o.departure_at, o.return_departure_at, \
    o.passengers, o.total, o.coupon_code, o.coupon_amount, o.to_pay, o.placed_at, o.expires_at, o.paid_at, \
    o.invoice_number, o.payment_provider, o.paid_amount, \
    (select coalesce(sum(r.amount), 0)::bigint from refunds r \
       left join rm_till_movements m on m.refund_id = r.refund_id \
      where r.order_id = o.order_id and (r.status = 'sent' or m.refund_id is not null)) as refunded";

#[derive(sqlx::FromRow)]
struct Row {
    order_id: Uuid,
    hash_id: String,
    number: String,
    status: String,
    user_id: Option<Uuid>,
    email: String,
    first_name: String,
    last_name: String,
    phone: String,
    route_id: i64,
    route_name: String,
    from_name: String,
    to_name: String,
    outbound_course_id: Uuid,
    back_course_id: Option<Uuid>,
    departure_at: DateTime<Utc>,
    return_departure_at: Option<DateTime<Utc>>,
    passengers: i32,
    total: i64,
    coupon_code: Option<String>,
    coupon_amount: i64,
    to_pay: i64,
    placed_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    paid_at: Option<DateTime<Utc>>,
    invoice_number: Option<String>,
    payment_provider: String,
    paid_amount: Option<i64>,
    refunded: i64,
}

/// An order in the admin's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderListItem {
    pub id: Uuid,
    pub hash_id: String,
    /// The readable number (`NB-2026-000123`); `null` for an order placed before orders
    /// were numbered.
    pub number: Option<String>,
    pub status: String,
    pub user_id: Option<Uuid>,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    /// The outbound leg's route and stops.
    pub route_id: i64,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub course_id: Uuid,
    pub back_course_id: Option<Uuid>,
    /// Warsaw time.
    pub departure_at: DateTime<FixedOffset>,
    pub return_departure_at: Option<DateTime<FixedOffset>>,
    pub passengers: i32,
    pub total: i64,
    pub total_formatted: String,
    pub coupon_code: Option<String>,
    pub coupon_amount: i64,
    pub to_pay: i64,
    pub to_pay_formatted: String,
    pub placed_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub invoice_number: Option<String>,
    /// How it was paid (`online`, `cash`, `card_terminal`, or `coupon` when a coupon paid
    /// it all); `null` until it is paid.
    pub payment_method: Option<String>,
    /// What the payment brought, grosz; `null` until it is paid.
    pub paid_amount: Option<i64>,
    /// Money given back to the customer, grosz: a gateway's refunds sent and the desk's
    /// paid out (not a refund still being tried, refused, or waiting at the desk).
    pub refunded: i64,
}

impl From<Row> for OrderListItem {
    fn from(r: Row) -> Self {
        OrderListItem {
            id: r.order_id,
            hash_id: r.hash_id,
            number: (!r.number.is_empty()).then_some(r.number),
            status: r.status,
            user_id: r.user_id,
            email: r.email,
            first_name: r.first_name,
            last_name: r.last_name,
            phone: r.phone,
            route_id: r.route_id,
            route_name: r.route_name,
            from_name: r.from_name,
            to_name: r.to_name,
            course_id: r.outbound_course_id,
            back_course_id: r.back_course_id,
            departure_at: warsaw(r.departure_at),
            return_departure_at: r.return_departure_at.map(warsaw),
            passengers: r.passengers,
            total: r.total,
            total_formatted: format_pln(r.total),
            coupon_code: r.coupon_code,
            coupon_amount: r.coupon_amount,
            to_pay: r.to_pay,
            to_pay_formatted: format_pln(r.to_pay),
            placed_at: r.placed_at,
            expires_at: r.expires_at,
            payment_method: r.paid_at.map(|_| super::record::payment_method(&r.payment_provider).to_owned()),
            paid_at: r.paid_at,
            invoice_number: r.invoice_number,
            paid_amount: r.paid_amount,
            refunded: r.refunded,
        }
    }
}

/// One event of an order's history.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct HistoryEntry {
    /// The event's version in the order's stream, from 0.
    pub version: i64,
    /// The event type (`OrderPlaced`, `OrderPaid`, …).
    #[serde(rename = "type")]
    pub event_type: String,
    /// When the command that caused it was given.
    pub occurred_at: DateTime<Utc>,
    /// When the store recorded it.
    pub recorded_at: DateTime<Utc>,
    /// Who gave the command, if anyone (a user id; processes leave it empty).
    pub user_id: Option<String>,
    /// The event as the domain records it.
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

/// `?id=` of an order: a UUID, else `422` naming `id`.
pub(super) fn order_id(params: &Params) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be an order id (a UUID)"))
}

/// The orders (admin). Every filter and sort is served by an index (a million orders
/// answer each in well under 100 ms, `bench/run.sh order-list`); past 1,000 matching
/// orders the total is an estimate, flagged in `pagination`.
#[utoipa::path(get, path = "/api/order/order/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, hash_id, number, status, user_id, email, first_name, \
            last_name, phone, route_id, route_name, from_name, to_name, course_id, departure_at, departure_date, \
            return_departure_at, passengers, total, coupon_code, to_pay, placed_at, placed_date, expires_at, paid_at, \
            invoice_number, transaction_id; -field descends; default -placed_at", pattern = "^-?(id|hash_id|number|status|user_id|email|first_name|last_name|phone|route_id|route_name|from_name|to_name|course_id|departure_at|departure_date|return_departure_at|passengers|total|coupon_code|to_pay|placed_at|placed_date|expires_at|paid_at|invoice_number|transaction_id)(,-?(id|hash_id|number|status|user_id|email|first_name|last_name|phone|route_id|route_name|from_name|to_name|course_id|departure_at|departure_date|return_departure_at|passengers|total|coupon_code|to_pay|placed_at|placed_date|expires_at|paid_at|invoice_number|transaction_id))*$"),
        ("filter[status][eq]" = Option<String>, Query, max_length = 200, description = "pending_payment, paid, expired, \
            cancelled or returned. Any sort field filters too, and ticket_number; ops eq, lt, gt, lte, gte, like (text: \
            a part, any case), in (values separated by commas)"),
        ("filter[placed_at][gte]" = Option<chrono::DateTime<chrono::Utc>>, Query, description = "placed from: RFC 3339 \
            (or `YYYY-MM-DD HH:MM:SS`, Warsaw time)"),
        ("filter[placed_at][lte]" = Option<chrono::DateTime<chrono::Utc>>, Query, description = "placed until, as above"),
        ("filter[placed_date][eq]" = Option<chrono::NaiveDate>, Query, description = "placed on this day in Warsaw \
            (`gte`/`lte`: from/through a day)"),
        ("filter[departure_date][eq]" = Option<chrono::NaiveDate>, Query, description = "the outbound course leaves on \
            this day in Warsaw (`gte`/`lte`: from/through a day; `departure_at` takes times)"),
        ("filter[route_id][eq]" = Option<i64>, Query, description = "the outbound course's route"),
        ("filter[email][like]" = Option<String>, Query, max_length = 200, description = "a part of the e-mail, any case"),
        ("filter[hash_id][eq]" = Option<String>, Query, max_length = 200),
        ("filter[number][eq]" = Option<String>, Query, max_length = 200, description = "the order number, `NB-2026-000123`"),
        ("filter[ticket_number][eq]" = Option<String>, Query, max_length = 200, description = "the order with this \
            ticket among its tickets (`NK-2026-000123`); filters only, does not sort")),
    responses((status = 200, description = "`{\"data\": {\"models\": [OrderListItem], \"pagination\": …}}`. Past 1,000 \
            matching orders `totalCount` is the database's estimate: `pagination` then also has `\"totalCountEstimated\": \
            true` and `hasMore` (whether a page follows, always exact)", body = Data<Page<OrderListItem>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field, or a bad filter value")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<OrderListItem>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page_counted::<Row>(
        &state.pool,
        COLUMNS,
        "rm_orders o",
        Scope::All,
        &q,
        Count::UpToKeyed(COUNT_CAP, "o.order_id"),
    )
    .await?;
    Ok(Data::new(Page {
        models: page.models.into_iter().map(OrderListItem::from).collect(),
        pagination: page.pagination,
    }))
}

/// One order with its tickets, refunds and cancellation (admin).
#[utoipa::path(get, path = "/api/order/order/one", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": AdminOrderView}`", body = Data<AdminOrderView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<AdminOrderView>, ApiError> {
    let id = order_id(&params)?;
    let (order, tickets) = order_with_tickets(&state.pool, "order_id", id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no order {id}")))?;
    let mut refunds: Vec<GatewayRefund> = sqlx::query_as(
        "select r.refund_id, r.reason, r.amount, r.status, r.attempts, r.last_error, r.created_at, r.sent_at, \
                m.at as paid_out_at \
           from refunds r left join rm_till_movements m on m.refund_id = r.refund_id \
          where r.order_id = $1 order by r.created_at, r.refund_id",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    for refund in &mut refunds {
        refund.amount_formatted = format_pln(refund.amount);
    }
    let invoices = super::invoices::summaries(&state.pool, id).await?;
    Ok(Data::new(order.admin_view(&tickets, invoices, refunds, &state.public_url, &state.tickets)))
}

/// Every event of an order, oldest first (admin). An order abandoned before it was
/// placed has a history but no `one`.
#[utoipa::path(get, path = "/api/order/order/history", tag = "order", security(("bearer" = [])), params(("id" = Uuid, Query)),
    responses((status = 200, description = "`{\"data\": [HistoryEntry]}`", body = Data<Vec<HistoryEntry>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no events of such an order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn history(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<Vec<HistoryEntry>>, ApiError> {
    let id = order_id(&params)?;
    let events: Vec<HistoryEntry> = sqlx::query_as(
        "select version, event_type, occurred_at, recorded_at, user_id, data from rm_order_events \
         where order_id = $1 order by version",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    if events.is_empty() {
        return Err(ApiError::NotFound(format!("there is no order {id}")));
    }
    Ok(Data::new(events))
}
