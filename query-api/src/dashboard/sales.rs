//! The sales of the last 30 Warsaw days (today included), from `rm_sales_days` (the
//! `sales` projection): per day (every day, an empty one as zeros, so a chart has no
//! gaps) and per route over the 30 days, with their sum. The counts are the daily
//! report's (see `projections::sales`).

use chrono::{Days, NaiveDate};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use api_core::ApiError;

/// Days the sales look back over, today included.
pub const DAYS: u64 = 30;

/// What was sold: orders paid, tickets issued, what the orders paid, tickets returned
/// and the money refunded for them (amounts in grosz).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct SalesSums {
    pub orders: i64,
    pub tickets: i64,
    pub revenue: i64,
    pub returns: i64,
    pub refunded: i64,
}

/// One Warsaw day's sales.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SalesDay {
    pub day: NaiveDate,
    #[serde(flatten)]
    pub sums: SalesSums,
}

/// One route's sales over the days.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RouteSales {
    pub route_id: i64,
    pub route_name: String,
    #[serde(flatten)]
    pub sums: SalesSums,
}

/// The sales from `from` to `to` (Warsaw days, both included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SalesSummary {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// Every day from `from` to `to`, in order.
    pub days: Vec<SalesDay>,
    /// The routes that sold or took back anything, the highest revenue first.
    pub routes: Vec<RouteSales>,
    pub totals: SalesSums,
}

#[derive(sqlx::FromRow)]
struct DayRow {
    day: NaiveDate,
    #[sqlx(flatten)]
    sums: SalesSums,
}

#[derive(sqlx::FromRow)]
struct RouteRow {
    route_id: i64,
    route_name: String,
    #[sqlx(flatten)]
    sums: SalesSums,
}

const SUMS: &str = "sum(orders)::bigint as orders, sum(tickets)::bigint as tickets, \
    sum(revenue)::bigint as revenue, sum(returns)::bigint as returns, sum(refunded)::bigint as refunded";

/// The last [`DAYS`] days up to `today`.
pub async fn last_days(pool: &PgPool, today: NaiveDate) -> Result<SalesSummary, ApiError> {
    let from = today.checked_sub_days(Days::new(DAYS - 1)).unwrap_or(today);
    let rows: Vec<DayRow> = sqlx::query_as(&format!(
        "select day, {SUMS} from rm_sales_days where day between $1 and $2 group by day order by day"
    ))
    .bind(from)
    .bind(today)
    .fetch_all(pool)
    .await?;
    let routes: Vec<RouteRow> = sqlx::query_as(&format!(
        "select route_id, (array_agg(route_name order by day desc))[1] as route_name, {SUMS} \
           from rm_sales_days where day between $1 and $2 group by route_id order by revenue desc, route_name"
    ))
    .bind(from)
    .bind(today)
    .fetch_all(pool)
    .await?;
    let days: Vec<SalesDay> = from
        .iter_days()
        .take_while(|d| *d <= today)
        .map(|day| SalesDay { day, sums: rows.iter().find(|r| r.day == day).map(|r| r.sums).unwrap_or_default() })
        .collect();
    let totals = days.iter().fold(SalesSums::default(), |t, d| t.plus(&d.sums));
    let routes = routes
        .into_iter()
        .map(|r| RouteSales { route_id: r.route_id, route_name: r.route_name, sums: r.sums })
        .collect();
    Ok(SalesSummary { from, to: today, days, routes, totals })
}

impl SalesSums {
    fn plus(self, other: &SalesSums) -> SalesSums {
        SalesSums {
            orders: self.orders + other.orders,
            tickets: self.tickets + other.tickets,
            revenue: self.revenue + other.revenue,
            returns: self.returns + other.returns,
            refunded: self.refunded + other.refunded,
        }
    }
}
