//! The sales projection: the sums per Warsaw day and route of the admin's home page,
//! which agree with the orders projection's rows.

use super::orders::{leg, order_history, paid, placed, ticket};
use super::*;

const SALES_TABLES: &[(&str, &str)] = &[("rm_sales_orders", "order_id"), ("rm_sales_days", "day, route_id")];

/// `(day, route_id, orders, tickets, revenue, returns, refunded)` of every row.
async fn days(pool: &PgPool) -> Vec<(String, i64, i64, i64, i64, i64, i64)> {
    sqlx::query_as(
        "select day::text, route_id, orders, tickets, revenue, returns, refunded from rm_sales_days order by day, route_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_day_sums_the_orders_paid_the_tickets_sold_and_returned(pool: PgPool) {
    let (store, runner) = runner(&pool);
    order_history(store.as_ref(), Uuid::new_v4()).await;

    assert_replayable(&pool, &runner, &SalesProjection, SALES_TABLES).await;

    // Two orders paid (one of them later cancelled: its sale stays the day's), five
    // tickets, one returned with a 10 % fee (1911 - 191).
    assert_eq!(days(&pool).await, vec![("2026-07-10".into(), 7, 2, 5, 11622 + 3900, 1, 1720)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_sums_agree_with_the_orders_and_tickets_rows(pool: PgPool) {
    let (store, runner) = runner(&pool);
    order_history(store.as_ref(), Uuid::new_v4()).await;
    runner.catch_up(&SalesProjection).await.unwrap();
    runner.catch_up(&OrdersProjection).await.unwrap();

    let from_orders: (i64, i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from rm_orders where paid_at is not null), \
                (select count(*) from rm_tickets), \
                (select coalesce(sum(paid_amount), 0)::bigint from rm_orders), \
                (select count(*) from rm_tickets where returned_at is not null), \
                (select coalesce(sum(money_refund), 0)::bigint from rm_tickets)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let from_sales: (i64, i64, i64, i64, i64) = sqlx::query_as(
        "select sum(orders)::bigint, sum(tickets)::bigint, sum(revenue)::bigint, sum(returns)::bigint, \
                sum(refunded)::bigint from rm_sales_days",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(from_sales, from_orders);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_payment_counts_on_its_warsaw_day_and_a_ticket_under_its_legs_route(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let order = Uuid::new_v4();
    let OrderEvent::OrderPlaced {
        order_id,
        hash_id,
        number,
        placed_at,
        expires_at,
        user_id,
        customer,
        invoice,
        outbound,
        lines,
        coupon,
        total,
        to_pay,
        payment,
        ..
    } = placed(order, None, true, None)
    else {
        unreachable!()
    };
    let mut back = leg(LegKind::Back, Uuid::new_v4(), 1800);
    back.route_id = 8;
    back.route_name = "Kraków – Nisko".into();
    let placed = OrderEvent::OrderPlaced {
        order_id,
        hash_id,
        number,
        placed_at,
        expires_at,
        user_id,
        customer,
        invoice,
        outbound,
        back: Some(back),
        lines,
        coupon,
        total,
        to_pay,
        payment,
    };
    let tickets = vec![ticket(1, LegKind::Outbound, 1, 3900), ticket(2, LegKind::Back, 1, 3900)];
    let OrderEvent::OrderPaid { order_id, amount, transaction_id, session_id, tickets, reheld, .. } =
        paid(order, tickets)
    else {
        unreachable!()
    };
    // 22:30 UTC on 10 July is 00:30 on 11 July in Warsaw.
    let paid_at = Utc.with_ymd_and_hms(2026, 7, 10, 22, 30, 0).unwrap();
    let paid = OrderEvent::OrderPaid { order_id, paid_at, amount, transaction_id, session_id, tickets, reheld };
    order_events(store.as_ref(), order, 0, vec![placed, paid]).await;

    runner.catch_up(&SalesProjection).await.unwrap();

    assert_eq!(
        days(&pool).await,
        vec![("2026-07-11".into(), 7, 1, 1, 7800, 0, 0), ("2026-07-11".into(), 8, 0, 1, 0, 0, 0)]
    );
}
