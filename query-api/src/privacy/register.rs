//! The register of erasures: every data subject erased, when, by whom and why, with the
//! order or complaint it belonged to. It never holds an erased value.

use api_core::auth::AdminUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::resource::{fetch_page, Scope};
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::QueryState;

const FIELDS: &[ListField] = &[
    ListField { name: "subject", column: "e.subject", kind: FieldType::Text },
    ListField { name: "data", column: "e.data", kind: FieldType::Text },
    ListField { name: "number", column: "e.number", kind: FieldType::Text },
    ListField { name: "erased_at", column: "e.erased_at", kind: FieldType::Timestamp },
    ListField { name: "by", column: "e.by", kind: FieldType::Text },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "e.erased_at desc, e.subject" };
const COLUMNS: &str = "e.subject, e.data, e.number, e.erased_at, e.by, e.by_email, e.reason";
/// The register with what each subject was: `order:{id}:customer|buyer`, `complaint:{id}`.
const FROM: &str = "(select x.subject, x.erased_at, x.reason, \
        case when x.subject like 'complaint:%' then 'complaint' when x.subject like 'account:%' then 'account' \
             else split_part(x.subject, ':', 3) end as data, \
        coalesce(o.number, c.number) as number, \
        x.actor as by, \
        case when u.role = 'SuperAdmin' then u.email end as by_email \
    from privacy_erasures x \
    left join rm_orders o on o.order_id = (case when x.subject like 'order:%' then split_part(x.subject, ':', 2)::uuid end) \
    left join rm_complaints c on c.complaint_id = (case when x.subject like 'complaint:%' then split_part(x.subject, ':', 2)::uuid end) \
    left join users u on u.id = x.erased_by) e";

/// One erasure.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ErasureView {
    /// `order:{id}:customer`, `order:{id}:buyer`, `complaint:{id}` or `account:{id}`.
    pub subject: String,
    /// `customer` (name, contact, passengers), `buyer` (the invoice's buyer), `complaint` or
    /// `account` (a customer's account).
    pub data: String,
    /// The order's or the complaint's number (`null` for an account, or when it is not in the
    /// read tables).
    pub number: Option<String>,
    pub erased_at: DateTime<Utc>,
    /// `person` (the person themselves), `admin` (on their behalf) or `schedule` (the retention sweep).
    pub by: String,
    /// The admin's e-mail, when an admin did it.
    pub by_email: Option<String>,
    pub reason: String,
}

/// The register of erasures, newest first (admin).
#[utoipa::path(get, path = "/api/privacy/erasure/all", tag = "privacy", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "subject, data, number, erased_at, by; -field descends (default: newest)",
            pattern = "^-?(subject|data|number|erased_at|by)(,-?(subject|data|number|erased_at|by))*$"),
        ("filter[number][eq]" = Option<String>, Query, max_length = 200, description = "any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [ErasureView], \"pagination\": …}}`", body = Data<Page<ErasureView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<ErasureView>>, ApiError> {
    let q = query.parse(SPEC)?;
    Ok(Data::new(fetch_page::<ErasureView>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?))
}
