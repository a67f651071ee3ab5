//! The admin's coupons: `GET /order/coupon/all` (list conventions) and `one?id=` (`id`
//! is the code, any case), with what each order spent and got back. Creating and
//! changing coupons are commands (`/order/coupon/save` in the command API).

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::money::format_pln;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::QueryState;
use api_core::resource::{fetch_page, Scope};
use api_core::Params;

const FIELDS: &[ListField] = &[
    ListField { name: "code", column: "c.code", kind: FieldType::Text },
    ListField { name: "initial_value", column: "c.initial_value", kind: FieldType::Integer },
    ListField { name: "current_value", column: "c.current_value", kind: FieldType::Integer },
    ListField { name: "usages", column: "c.usages", kind: FieldType::Integer },
    ListField { name: "used", column: "c.used", kind: FieldType::Boolean },
    ListField { name: "expires_at", column: "c.expires_at", kind: FieldType::Timestamp },
    ListField { name: "user_id", column: "c.user_id", kind: FieldType::Uuid },
    ListField { name: "origin", column: "c.origin", kind: FieldType::Text },
    ListField { name: "issued_at", column: "c.issued_at", kind: FieldType::Timestamp },
    ListField { name: "updated_at", column: "c.updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "c.issued_at desc, c.code" };
const COLUMNS: &str = "c.code, c.initial_value, c.current_value, c.usages, c.used, c.expires_at, \
    (c.expired_at is not null or coalesce(c.expires_at <= now(), false)) as expired, c.user_id, c.origin, c.issued_at, c.updated_at";

/// A coupon.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CouponView {
    pub code: String,
    pub initial_value: i64,
    #[sqlx(skip)]
    pub initial_value_formatted: String,
    /// What is left to spend.
    pub current_value: i64,
    #[sqlx(skip)]
    pub current_value_formatted: String,
    /// Orders that spent it.
    pub usages: i32,
    /// Nothing is left to spend.
    pub used: bool,
    pub expires_at: Option<DateTime<Utc>>,
    /// Past its expiry (what is left cannot be spent).
    pub expired: bool,
    /// The owner of a stamp reward.
    pub user_id: Option<Uuid>,
    /// `admin` or `stamp_reward`.
    pub origin: String,
    pub issued_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl CouponView {
    fn formatted(mut self) -> Self {
        self.initial_value_formatted = format_pln(self.initial_value);
        self.current_value_formatted = format_pln(self.current_value);
        self
    }
}

/// What one order spent of a coupon.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CouponUsage {
    pub order_id: Uuid,
    /// `null` when the order is not in the read model (abandoned while being placed).
    pub hash_id: Option<String>,
    pub amount: i64,
    /// Given back to the coupon (returns, cancellation).
    pub refunded: i64,
    pub spent_at: DateTime<Utc>,
}

/// A coupon with its usages.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CouponDetails {
    #[serde(flatten)]
    pub coupon: CouponView,
    pub orders: Vec<CouponUsage>,
}

/// The coupons (admin).
#[utoipa::path(get, path = "/api/order/coupon/all", tag = "order", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "code, initial_value, current_value, usages, used, expires_at, \
            user_id, origin, issued_at, updated_at; -field descends", pattern = "^-?(code|initial_value|current_value|usages|used|expires_at|user_id|origin|issued_at|updated_at)(,-?(code|initial_value|current_value|usages|used|expires_at|user_id|origin|issued_at|updated_at))*$"),
        ("filter[code][like]" = Option<String>, Query, max_length = 200, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [CouponView], \"pagination\": …}}`", body = Data<Page<CouponView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<CouponView>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page::<CouponView>(&state.pool, COLUMNS, "rm_coupons c", Scope::All, &q).await?;
    Ok(Data::new(Page {
        models: page.models.into_iter().map(CouponView::formatted).collect(),
        pagination: page.pagination,
    }))
}

/// One coupon by its code, with what each order spent (admin).
#[utoipa::path(get, path = "/api/order/coupon/one", tag = "order", security(("bearer" = [])),
    params(("id" = inline(api_core::values::NotBlank), Query, description = "the coupon's code (any case)")),
    responses((status = 200, description = "`{\"data\": CouponDetails}`", body = Data<CouponDetails>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such coupon"), (status = 422, description = "id is missing")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<CouponDetails>, ApiError> {
    let code = domain::coupon::normalize_code(params.required("id")?);
    let coupon: CouponView = sqlx::query_as(&format!("select {COLUMNS} from rm_coupons c where c.code = $1"))
        .bind(&code)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no coupon {code}")))?;
    let orders = sqlx::query_as(
        "select u.order_id, o.hash_id, u.amount, u.refunded, u.spent_at \
         from rm_coupon_usages u left join rm_orders o on o.order_id = u.order_id \
         where u.code = $1 order by u.spent_at, u.order_id",
    )
    .bind(&code)
    .fetch_all(&state.pool)
    .await?;
    Ok(Data::new(CouponDetails { coupon: coupon.formatted(), orders }))
}
