//! A day of the till as the office's page shows it.

use chrono::{DateTime, NaiveDate, Utc};
use domain::till::DayFigures;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

/// One movement: money into the till is positive, out of it negative (grosz).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TillMovement {
    pub movement_id: Uuid,
    pub at: DateTime<Utc>,
    /// `sale` (an office sale paid), `refund` (a refund paid out), `cash_in`, `cash_out`.
    #[schema(pattern = "^(sale|refund|cash_in|cash_out)$")]
    pub kind: String,
    /// `cash` or `card_terminal`.
    #[schema(pattern = "^(cash|card_terminal)$")]
    pub method: String,
    pub amount: i64,
    pub order_id: Option<Uuid>,
    /// The order's readable number (empty for cash put in or taken out).
    pub order_number: String,
    /// A correction's reason.
    pub note: String,
    /// Who recorded it (an e-mail; empty when unknown).
    pub by: String,
}

/// The day's close.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TillClosing {
    pub closed_at: DateTime<Utc>,
    pub expected_cash: i64,
    pub counted_cash: i64,
    /// Counted − expected (negative: missing).
    pub difference: i64,
    pub reason: Option<String>,
    /// The fiscal printer's daily (Z) report number.
    pub z_report: String,
    pub by: String,
}

/// A refund owed at the desk and not paid out yet.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct WaitingRefund {
    pub refund_id: Uuid,
    pub order_id: Uuid,
    pub order_number: String,
    pub amount: i64,
    /// `cash` (paid out from the till) or `card_terminal` (back to the card).
    #[schema(pattern = "^(cash|card_terminal)$")]
    pub method: String,
    /// Why it is owed (`Zwrot biletu NK-…`, `Anulowanie zamówienia …`).
    pub reason: String,
    pub created_at: DateTime<Utc>,
}

/// A day of the till.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TillDayView {
    pub day: NaiveDate,
    pub closed: bool,
    /// The cash the day began with: the count of the last close before it, plus the cash
    /// movements of days after that close left unclosed.
    pub opening_cash: i64,
    pub cash_sales: i64,
    /// Refunds paid out in cash (positive).
    pub cash_refunds: i64,
    /// Cash put in less cash taken out.
    pub cash_corrections: i64,
    pub card_sales: i64,
    pub card_refunds: i64,
    /// What the till should hold now (or held at the close).
    pub expected_cash: i64,
    /// Oldest first.
    pub movements: Vec<TillMovement>,
    pub closing: Option<TillClosing>,
    /// Every refund waiting at the desk, whatever its day (the oldest first).
    pub waiting_refunds: Vec<WaitingRefund>,
}

/// The sums of a day's movements, as the domain's close takes them, and the day's
/// corrections.
pub async fn figures(pool: &PgPool, day: NaiveDate) -> Result<(DayFigures, i64), sqlx::Error> {
    let (opening_cash,): (i64,) = sqlx::query_as(
        "with last as (select day, counted_cash from rm_till_days where day < $1 order by day desc limit 1) \
         select coalesce((select counted_cash from last), 0) \
              + coalesce((select sum(amount) from rm_till_movements m where m.method = 'cash' and m.day < $1 \
                            and m.day > coalesce((select day from last), '-infinity'::date)), 0)::bigint",
    )
    .bind(day)
    .fetch_one(pool)
    .await?;
    let sums: (i64, i64, i64, i64, i64) = sqlx::query_as(
        "select coalesce(sum(amount) filter (where kind = 'sale' and method = 'cash'), 0)::bigint, \
                coalesce(-sum(amount) filter (where kind = 'refund' and method = 'cash'), 0)::bigint, \
                coalesce(sum(amount) filter (where kind in ('cash_in', 'cash_out')), 0)::bigint, \
                coalesce(sum(amount) filter (where kind = 'sale' and method = 'card_terminal'), 0)::bigint, \
                coalesce(-sum(amount) filter (where kind = 'refund' and method = 'card_terminal'), 0)::bigint \
           from rm_till_movements where day = $1",
    )
    .bind(day)
    .fetch_one(pool)
    .await?;
    let (cash_sales, cash_refunds, corrections, card_sales, card_refunds) = sums;
    Ok((DayFigures { opening_cash, cash_sales, cash_refunds, card_sales, card_refunds }, corrections))
}

/// The refunds waiting at the desk, the oldest first.
pub async fn waiting_refunds(pool: &PgPool) -> Result<Vec<WaitingRefund>, sqlx::Error> {
    sqlx::query_as(
        "select r.refund_id, r.order_id, coalesce(nullif(o.number, ''), o.hash_id, '') as order_number, r.amount, \
                case when r.status = 'at_office' then 'cash' else 'card_terminal' end as method, r.reason, r.created_at \
           from refunds r left join rm_orders o on o.order_id = r.order_id \
          where r.status in ('at_office', 'at_terminal') \
            and not exists (select 1 from rm_till_movements m where m.refund_id = r.refund_id) \
          order by r.created_at, r.refund_id",
    )
    .fetch_all(pool)
    .await
}

/// The day as the page shows it.
pub async fn day(pool: &PgPool, day: NaiveDate) -> Result<TillDayView, sqlx::Error> {
    let (f, corrections) = figures(pool, day).await?;
    let movements: Vec<TillMovement> = sqlx::query_as(
        "select m.movement_id, m.at, m.kind, m.method, m.amount, m.order_id, \
                coalesce(nullif(o.number, ''), o.hash_id, '') as order_number, m.note, coalesce(u.email, '') as by \
           from rm_till_movements m left join rm_orders o on o.order_id = m.order_id \
           left join users u on u.id = m.by_user_id \
          where m.day = $1 order by m.at, m.movement_id",
    )
    .bind(day)
    .fetch_all(pool)
    .await?;
    let closing: Option<TillClosing> = sqlx::query_as(
        "select d.closed_at, d.expected_cash, d.counted_cash, d.difference, d.reason, d.z_report, \
                coalesce(u.email, '') as by \
           from rm_till_days d left join users u on u.id = d.by_user_id where d.day = $1",
    )
    .bind(day)
    .fetch_optional(pool)
    .await?;
    let expected_cash = f.opening_cash + f.cash_sales - f.cash_refunds + corrections;
    Ok(TillDayView {
        day,
        closed: closing.is_some(),
        opening_cash: f.opening_cash,
        cash_sales: f.cash_sales,
        cash_refunds: f.cash_refunds,
        cash_corrections: corrections,
        card_sales: f.card_sales,
        card_refunds: f.card_refunds,
        expected_cash: closing.as_ref().map_or(expected_cash, |c| c.expected_cash),
        movements,
        closing,
        waiting_refunds: waiting_refunds(pool).await?,
    })
}
