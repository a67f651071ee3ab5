//! The customers of orders (admin): `GET /order/order-customer/all` (list conventions),
//! one row per order with who ordered it, and `one?id={order id}`. Read from `rm_orders`
//! alone, whose columns the projection keeps current after a change of the customer's
//! details (`CustomerDetailsChanged`). The order list's indexes serve it (migration 0058:
//! the e-mail by equality and by trigram, the phone, the account, the placing time; a
//! part of a last name is looked for along the placing-time order, so a page stops early),
//! and past [`super::orders::COUNT_CAP`] matching orders the total is an estimate.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page_counted, Count, Scope};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::orders::{order_id, COUNT_CAP};
use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "order_id", column: "o.order_id", kind: FieldType::Uuid },
    ListField { name: "number", column: "o.number", kind: FieldType::Text },
    ListField { name: "hash_id", column: "o.hash_id", kind: FieldType::Text },
    ListField { name: "status", column: "o.status", kind: FieldType::Text },
    ListField { name: "first_name", column: "o.first_name", kind: FieldType::Text },
    ListField { name: "last_name", column: "o.last_name", kind: FieldType::Text },
    ListField { name: "email", column: "o.email", kind: FieldType::Text },
    ListField { name: "phone", column: "o.phone", kind: FieldType::Text },
    ListField { name: "notify_by_sms", column: "o.notify_by_sms", kind: FieldType::Boolean },
    ListField { name: "user_id", column: "o.user_id", kind: FieldType::Uuid },
    ListField { name: "placed_at", column: "o.placed_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "o.placed_at desc, o.order_id" };
const COLUMNS: &str = "o.order_id, o.number, o.hash_id, o.status, o.first_name, o.last_name, o.email, o.phone, \
    o.notify_by_sms, o.user_id, o.placed_at";
const FROM: &str = "rm_orders o";

#[derive(sqlx::FromRow)]
struct Row {
    order_id: Uuid,
    number: String,
    hash_id: String,
    status: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    notify_by_sms: bool,
    user_id: Option<Uuid>,
    placed_at: DateTime<Utc>,
}

/// The customer of an order: who ordered, as the order holds it now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderCustomer {
    pub order_id: Uuid,
    /// The order's readable number (`NB-2026-000123`); `null` for an order placed before
    /// orders were numbered.
    pub number: Option<String>,
    pub hash_id: String,
    /// The order's status: `pending_payment`, `paid`, `expired`, `cancelled` or `returned`.
    pub status: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub notify_by_sms: bool,
    /// The account the order belongs to, if any.
    pub user_id: Option<Uuid>,
    pub placed_at: DateTime<Utc>,
}

impl From<Row> for OrderCustomer {
    fn from(r: Row) -> Self {
        OrderCustomer {
            order_id: r.order_id,
            number: (!r.number.is_empty()).then_some(r.number),
            hash_id: r.hash_id,
            status: r.status,
            first_name: r.first_name,
            last_name: r.last_name,
            email: r.email,
            phone: r.phone,
            notify_by_sms: r.notify_by_sms,
            user_id: r.user_id,
            placed_at: r.placed_at,
        }
    }
}

/// The customers of orders, one row per order (admin).
#[utoipa::path(get, path = "/api/order/order-customer/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "order_id, number, hash_id, status, first_name, last_name, email, \
            phone, notify_by_sms, user_id, placed_at; -field descends; default -placed_at", pattern = "^-?(order_id|number|hash_id|status|first_name|last_name|email|phone|notify_by_sms|user_id|placed_at)(,-?(order_id|number|hash_id|status|first_name|last_name|email|phone|notify_by_sms|user_id|placed_at))*$"),
        ("filter[email][eq]" = Option<String>, Query, max_length = 200, description = "the e-mail as written. Any sort \
            field filters too; ops eq, lt, gt, lte, gte, like (text: a part, any case), in (values separated by commas)"),
        ("filter[email][like]" = Option<String>, Query, max_length = 200, description = "a part of the e-mail, any case"),
        ("filter[last_name][like]" = Option<String>, Query, max_length = 200, description = "a part of the last name, any case"),
        ("filter[phone][eq]" = Option<String>, Query, max_length = 200),
        ("filter[user_id][eq]" = Option<Uuid>, Query, description = "the orders of this account"),
        ("filter[placed_at][gte]" = Option<chrono::DateTime<chrono::Utc>>, Query, description = "placed from: RFC 3339 \
            (or `YYYY-MM-DD HH:MM:SS`, Warsaw time)"),
        ("filter[placed_at][lte]" = Option<chrono::DateTime<chrono::Utc>>, Query, description = "placed until, as above")),
    responses((status = 200, description = "`{\"data\": {\"models\": [OrderCustomer], \"pagination\": …}}`. Past 10,000 \
            matching orders `totalCount` is the database's estimate, flagged by `\"totalCountEstimated\": true`",
            body = Data<Page<OrderCustomer>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field, or a bad filter value")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<OrderCustomer>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page_counted::<Row>(&state.pool, COLUMNS, FROM, Scope::All, &q, Count::UpTo(COUNT_CAP)).await?;
    Ok(Data::new(Page {
        models: page.models.into_iter().map(OrderCustomer::from).collect(),
        pagination: page.pagination,
    }))
}

/// The customer of one order (admin).
#[utoipa::path(get, path = "/api/order/order-customer/one", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order")),
    responses((status = 200, description = "`{\"data\": OrderCustomer}`", body = Data<OrderCustomer>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<OrderCustomer>, ApiError> {
    let id = order_id(&params)?;
    let row: Row = sqlx::query_as(&format!("select {COLUMNS} from {FROM} where o.order_id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no order {id}")))?;
    Ok(Data::new(OrderCustomer::from(row)))
}
