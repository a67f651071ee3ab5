//! The booking projections (`orders`, `coupons`, `stamps`, `holds`) through the runner,
//! against PostgreSQL: the rows the events give, and for each projection the same tables
//! after every event is offered twice and after a rebuild.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use domain::coupon::{CouponEvent, CouponOrigin};
use domain::money::Reduction;
use domain::order::{
    AppliedDiscount, CouponUse, Customer, InvoiceRequest, Leg, LegKind, OrderEvent, PaymentRef, Ticket, TicketLine,
};
use domain::seat_inventory::{ReleaseReason, SeatInventoryEvent, Stop};
use domain::stamp_card::StampCardEvent;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::coupons::CouponsProjection;
use projections::holds::HoldsProjection;
use projections::orders::OrdersProjection;
use projections::stamps::StampsProjection;
use projections::{Projection, RebuildOutcome, Runner, RunnerConfig};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

fn runner(pool: &PgPool) -> (Arc<dyn EventStore>, Runner) {
    let store: Arc<dyn EventStore> = Arc::new(PgEventStore::new(pool.clone()));
    // Batches of 2: folds start from rows that earlier batches wrote.
    let config = RunnerConfig {
        batch_size: 2,
        max_backoff: Duration::from_millis(200),
        verify_interval: Duration::from_millis(100),
    };
    (store.clone(), Runner::new(store, pool.clone(), config))
}

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap() + chrono::Duration::minutes(minutes)
}

/// Append `events` to `stream`, after `after` events; as `user` in the metadata.
async fn append<E: Serialize>(
    store: &dyn EventStore,
    stream: &str,
    after: u64,
    events: &[(&str, E)],
    user: Option<&str>,
) {
    let stream = StreamName::parse(stream.to_string()).unwrap();
    let expected = if after == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(after - 1) };
    let metadata = Metadata { user_id: user.map(str::to_string), occurred_at: at(0), ..Metadata::default() };
    let new = events.iter().map(|(t, e)| NewEvent::json(Uuid::new_v4(), t, e, metadata.clone()).unwrap()).collect();
    store.append(&stream, expected, new).await.unwrap();
}

async fn order_events(store: &dyn EventStore, order: Uuid, after: u64, events: Vec<OrderEvent>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::order::stream_name(order), after, &typed, Some("admin-1")).await;
}

/// Every row of `table`, as JSON, in `order`.
async fn table(pool: &PgPool, table: &str, order: &str) -> Vec<Value> {
    sqlx::query_scalar(&format!("select to_jsonb(t) from {table} t order by {order}")).fetch_all(pool).await.unwrap()
}

/// The projection's tables, each in a stable order.
async fn tables(pool: &PgPool, of: &[(&str, &str)]) -> Vec<Vec<Value>> {
    let mut all = Vec::new();
    for (name, order) in of {
        all.push(table(pool, name, order).await);
    }
    all
}

/// Catch up; then offer every event again (rows kept) and rebuild: the tables stay the same.
async fn assert_replayable(pool: &PgPool, runner: &Runner, p: &dyn Projection, of: &[(&str, &str)]) -> Vec<Vec<Value>> {
    runner.catch_up(p).await.unwrap();
    let first = tables(pool, of).await;
    assert!(first.iter().all(|t| !t.is_empty()), "every table has rows: {first:?}");

    sqlx::query("update projection_checkpoints set position = null where name = $1")
        .bind(p.name())
        .execute(pool)
        .await
        .unwrap();
    runner.catch_up(p).await.unwrap();
    assert_eq!(tables(pool, of).await, first, "{}: replaying every event again changes nothing", p.name());

    assert!(matches!(runner.rebuild(p).await.unwrap(), RebuildOutcome::Rebuilt { .. }));
    assert_eq!(tables(pool, of).await, first, "{}: a rebuild gives the same tables", p.name());
    first
}

// --- Orders ---------------------------------------------------------------------------

fn leg(kind: LegKind, course: Uuid, departs: i64) -> Leg {
    Leg {
        kind,
        course_id: course,
        hold_id: Uuid::new_v4(),
        route_id: 7,
        route_name: "Nisko – Kraków".into(),
        from_waypoint_id: 1,
        from_name: "Nisko, Dworzec".into(),
        to_waypoint_id: 3,
        to_name: "Kraków MDA".into(),
        departure_at: at(departs),
        arrival_at: at(departs + 190),
        unit_price: 3900,
    }
}

fn placed(order: Uuid, user: Option<Uuid>, back: bool, coupon: Option<(&str, i64)>) -> OrderEvent {
    let line = |n, qty, discount: Option<AppliedDiscount>, price: i64| TicketLine {
        line: n,
        quantity: qty,
        discount,
        outbound_price: price,
        back_price: back.then_some(price),
        total: i64::from(qty) * price * if back { 2 } else { 1 },
    };
    let student = AppliedDiscount { discount_id: 3, name: "Student".into(), reduction: Reduction::Percent(51) };
    let lines = vec![line(1, 1, None, 3900), line(2, 1, Some(student), 1911)];
    let total = lines.iter().map(|l| l.total).sum::<i64>();
    let coupon = coupon.map(|(code, amount)| CouponUse { code: code.into(), amount });
    OrderEvent::OrderPlaced {
        order_id: order,
        hash_id: format!("h{}", order.simple()),
        number: "NB-2026-000001".into(),
        placed_at: at(0),
        expires_at: at(15),
        user_id: user,
        customer: Customer {
            first_name: "Jan".into(),
            last_name: "Kowalski".into(),
            email: "jan@example.test".into(),
            phone: "+48600100200".into(),
            notify_by_sms: false,
        },
        invoice: Some(InvoiceRequest {
            country: "PL".into(),
            vat_number: "5260250274".into(),
            company_name: "Firma".into(),
            address: "Długa 1".into(),
            postal_code: "37-400".into(),
            city: "Nisko".into(),
        }),
        outbound: leg(LegKind::Outbound, Uuid::new_v4(), 600),
        back: back.then(|| leg(LegKind::Back, Uuid::new_v4(), 1800)),
        lines,
        to_pay: total - coupon.as_ref().map_or(0, |c| c.amount),
        coupon,
        total,
        payment: PaymentRef { provider: "sandbox".into(), session_id: order.to_string(), token: "tok".into() },
    }
}

fn ticket(n: u32, leg: LegKind, line: u32, price: i64) -> Ticket {
    Ticket {
        ticket_id: Uuid::new_v4(),
        number: format!("NK-2026-{:06}", n * 1000 + NEXT.fetch_add(1, Ordering::Relaxed)),
        code: "ABCDEFGHJK".into(),
        leg,
        line,
        price,
        coupon_part: 0,
    }
}

/// Ticket numbers are unique: `n` thousands plus a counter.
static NEXT: AtomicU32 = AtomicU32::new(0);

fn paid(order: Uuid, tickets: Vec<Ticket>) -> OrderEvent {
    let amount = tickets.iter().map(|t| t.price).sum();
    OrderEvent::OrderPaid {
        order_id: order,
        paid_at: at(5),
        amount,
        transaction_id: "tx-1".into(),
        session_id: order.to_string(),
        tickets,
        reheld: vec![],
    }
}

fn returned(order: Uuid, t: &Ticket, minutes: i64) -> OrderEvent {
    let fee = t.price / 10;
    OrderEvent::TicketReturned {
        order_id: order,
        ticket_id: t.ticket_id,
        number: t.number.clone(),
        returned_at: at(minutes),
        by_user_id: None,
        price: t.price,
        fee,
        coupon_refund: 0,
        money_refund: t.price - fee,
    }
}

/// One order placed, paid, a ticket returned and one moved; one expired; one cancelled;
/// one abandoned before it was placed.
async fn order_history(store: &dyn EventStore, user: Uuid) -> (Uuid, Vec<Ticket>) {
    let order = Uuid::new_v4();
    let tickets = vec![
        ticket(1, LegKind::Outbound, 1, 3900),
        ticket(2, LegKind::Outbound, 2, 1911),
        ticket(3, LegKind::Back, 1, 3900),
        ticket(4, LegKind::Back, 2, 1911),
    ];
    let later = leg(LegKind::Outbound, Uuid::new_v4(), 900);
    order_events(store, order, 0, vec![placed(order, Some(user), true, Some(("LATO", 1000)))]).await;
    order_events(
        store,
        order,
        1,
        vec![
            paid(order, tickets.clone()),
            OrderEvent::InvoiceIssued {
                order_id: order,
                number: "FV/2026/1".into(),
                issued_at: at(6),
                total: 11622,
                vat_rate: 8,
            },
            returned(order, &tickets[3], 30),
            OrderEvent::TicketCourseChanged {
                order_id: order,
                ticket_id: tickets[0].ticket_id,
                number: tickets[0].number.clone(),
                from_course_id: Uuid::new_v4(),
                to_course: later,
                price_difference: -400,
                changed_at: at(40),
            },
            OrderEvent::InvoiceCorrected {
                order_id: order,
                number: "FV/2026/2".into(),
                corrects: "FV/2026/1".into(),
                amount: -1911,
                issued_at: at(31),
            },
        ],
    )
    .await;

    let expired = Uuid::new_v4();
    order_events(store, expired, 0, vec![placed(expired, None, false, None)]).await;
    order_events(store, expired, 1, vec![OrderEvent::OrderExpired { order_id: expired, expired_at: at(16) }]).await;

    let cancelled = Uuid::new_v4();
    let cancelled_ticket = ticket(9, LegKind::Outbound, 1, 3900);
    order_events(store, cancelled, 0, vec![placed(cancelled, Some(user), false, None)]).await;
    order_events(
        store,
        cancelled,
        1,
        vec![
            paid(cancelled, vec![cancelled_ticket]),
            OrderEvent::OrderCancelled {
                order_id: cancelled,
                cancelled_at: at(60),
                by_user_id: Uuid::new_v4(),
                reason: "the course does not run".into(),
                refund: 3900,
                coupon_refund: 0,
            },
        ],
    )
    .await;

    let abandoned = Uuid::new_v4();
    order_events(
        store,
        abandoned,
        0,
        vec![OrderEvent::OrderAbandoned { order_id: abandoned, reason: "no seats".into() }],
    )
    .await;
    (order, tickets)
}

const ORDER_TABLES: &[(&str, &str)] =
    &[("rm_orders", "order_id"), ("rm_tickets", "ticket_id"), ("rm_order_events", "order_id, version")];

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn orders_follow_their_events(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let user = Uuid::new_v4();
    let (order, tickets) = order_history(store.as_ref(), user).await;

    runner.catch_up(&OrdersProjection).await.unwrap();

    let row: Value = sqlx::query_scalar("select to_jsonb(o) from rm_orders o where order_id = $1")
        .bind(order)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(row["status"], "paid");
    assert_eq!(row["version"], 5);
    assert_eq!(
        (row["total"].clone(), row["coupon_amount"].clone(), row["to_pay"].clone()),
        (json!(11622), json!(1000), json!(10622))
    );
    assert_eq!((row["coupon_code"].clone(), row["passengers"].clone()), (json!("LATO"), json!(2)));
    assert_eq!(
        (row["invoice_number"].clone(), row["invoice_corrections"][0]["number"].clone()),
        (json!("FV/2026/1"), json!("FV/2026/2"))
    );
    assert_eq!(row["money_refunded"], 1911 - 191);
    assert_eq!(row["outbound"]["route_name"], "Nisko – Kraków");
    assert_eq!(row["lines"][1]["discount"]["reduction"], json!({"kind": "percent", "value": 51}));

    let rows: Vec<(String, String, i64, bool, String, Option<i64>)> = sqlx::query_as(
        "select number, status, price, course_changed, leg, fee from rm_tickets where order_id = $1 order by number",
    )
    .bind(order)
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut expected = vec![
        (tickets[0].number.clone(), "valid".to_string(), 3500, true, "outbound".to_string(), None),
        (tickets[1].number.clone(), "valid".to_string(), 1911, false, "outbound".to_string(), None),
        (tickets[2].number.clone(), "valid".to_string(), 3900, false, "back".to_string(), None),
        (tickets[3].number.clone(), "returned".to_string(), 1911, false, "back".to_string(), Some(191)),
    ];
    expected.sort();
    assert_eq!(rows, expected);

    let statuses: Vec<String> =
        sqlx::query_scalar("select status from rm_orders order by status").fetch_all(&pool).await.unwrap();
    assert_eq!(statuses, vec!["cancelled", "expired", "paid"], "the abandoned order has no row");
    let history: Vec<(String, Option<String>)> =
        sqlx::query_as("select event_type, user_id from rm_order_events where order_id = $1 order by version")
            .bind(order)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(history.len(), 6);
    assert_eq!(history[0], ("OrderPlaced".to_string(), Some("admin-1".to_string())));
    assert_eq!(table(&pool, "rm_order_events", "order_id").await.len(), 6 + 2 + 3 + 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_whose_every_ticket_was_returned_is_returned(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let order = Uuid::new_v4();
    let tickets = vec![ticket(1, LegKind::Outbound, 1, 3900), ticket(2, LegKind::Outbound, 2, 1911)];
    order_events(store.as_ref(), order, 0, vec![placed(order, None, false, None), paid(order, tickets.clone())]).await;
    order_events(store.as_ref(), order, 2, vec![returned(order, &tickets[0], 20)]).await;
    runner.catch_up(&OrdersProjection).await.unwrap();
    let status = || sqlx::query_scalar::<_, String>("select status from rm_orders").fetch_one(&pool);
    assert_eq!(status().await.unwrap(), "paid");

    order_events(store.as_ref(), order, 3, vec![returned(order, &tickets[1], 21)]).await;
    runner.catch_up(&OrdersProjection).await.unwrap();

    assert_eq!(status().await.unwrap(), "returned");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_orders_tables_survive_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    order_history(store.as_ref(), Uuid::new_v4()).await;

    let tables = assert_replayable(&pool, &runner, &OrdersProjection, ORDER_TABLES).await;

    assert_eq!(tables.iter().map(Vec::len).collect::<Vec<_>>(), vec![3, 5, 12]);
}

/// code, initial_value, current_value, usages, used, expired_at, origin, version.
type CouponLine = (String, i64, i64, i32, bool, Option<DateTime<Utc>>, String, i64);

// --- Coupons --------------------------------------------------------------------------

async fn coupon_events(store: &dyn EventStore, code: &str, after: u64, events: Vec<CouponEvent>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::coupon::stream_name(code), after, &typed, None).await;
}

async fn coupon_history(store: &dyn EventStore) -> (Uuid, Uuid) {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let issued = |code: &str, value, origin| CouponEvent::CouponIssued {
        code: code.into(),
        value,
        expires_at: Some(at(100_000)),
        user_id: None,
        origin,
    };
    coupon_events(
        store,
        "LATO",
        0,
        vec![
            issued("LATO", 2000, CouponOrigin::Admin),
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: a, amount: 1500 },
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: b, amount: 500 },
        ],
    )
    .await;
    coupon_events(
        store,
        "LATO",
        3,
        vec![CouponEvent::CouponRefunded { code: "LATO".into(), order_id: a, refund_id: Uuid::new_v4(), amount: 390 }],
    )
    .await;
    coupon_events(store, "ZIMA", 0, vec![issued("ZIMA", 1000, CouponOrigin::StampReward)]).await;
    coupon_events(
        store,
        "ZIMA",
        1,
        vec![
            CouponEvent::CouponExpired { code: "ZIMA".into(), at: at(200_000) },
            CouponEvent::CouponChanged { code: "ZIMA".into(), current_value: 0, expires_at: None },
        ],
    )
    .await;
    (a, b)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn coupons_follow_their_events(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let (a, _) = coupon_history(store.as_ref()).await;

    runner.catch_up(&CouponsProjection).await.unwrap();

    let coupons: Vec<CouponLine> = sqlx::query_as(
        "select code, initial_value, current_value, usages, used, expired_at, origin, version from rm_coupons order by code",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        coupons,
        vec![
            ("LATO".into(), 2000, 390, 2, false, None, "admin".into(), 3),
            ("ZIMA".into(), 1000, 0, 0, true, None, "stamp_reward".into(), 2),
        ]
    );
    let usage: (i64, i64) = sqlx::query_as("select amount, refunded from rm_coupon_usages where order_id = $1")
        .bind(a)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(usage, (1500, 390));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_coupons_tables_survive_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    coupon_history(store.as_ref()).await;

    assert_replayable(
        &pool,
        &runner,
        &CouponsProjection,
        &[("rm_coupons", "code"), ("rm_coupon_usages", "code, order_id")],
    )
    .await;
}

// --- Stamps ---------------------------------------------------------------------------

async fn stamp_history(store: &dyn EventStore, user: Uuid) {
    let added = |n: u128| StampCardEvent::StampAdded {
        user_id: user,
        ticket_id: Uuid::from_u128(n),
        order_id: Uuid::from_u128(99),
    };
    let events = [
        added(1),
        added(2),
        added(3),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-1".into(), value: 2000 },
        StampCardEvent::StampRemoved { user_id: user, ticket_id: Uuid::from_u128(2) },
        added(4),
        // Repeats (which decisions never make) change nothing, as in the domain's evolve.
        added(4),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-1".into(), value: 2000 },
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::stamp_card::stream_name(user), 0, &typed, None).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn stamp_cards_count_stamps_held_and_rewards(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let user = Uuid::new_v4();
    stamp_history(store.as_ref(), user).await;

    runner.catch_up(&StampsProjection).await.unwrap();

    let card: (i32, i32, i64) =
        sqlx::query_as("select stamps, rewards, version from rm_stamp_cards where user_id = $1")
            .bind(user)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(card, (3, 1, 7));
    let rewards: Vec<(String, i64)> =
        sqlx::query_as("select coupon_code, value from rm_stamp_rewards").fetch_all(&pool).await.unwrap();
    assert_eq!(rewards, vec![("NAGRODA-1".to_string(), 2000)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_stamps_tables_survive_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    stamp_history(store.as_ref(), Uuid::new_v4()).await;
    stamp_history(store.as_ref(), Uuid::new_v4()).await;

    assert_replayable(
        &pool,
        &runner,
        &StampsProjection,
        &[("rm_stamp_cards", "user_id"), ("rm_stamp_rewards", "user_id")],
    )
    .await;
}

/// course_id, hold_id, from_index, to_index, seats, seats_left, confirmed, version.
type HoldLine = (Uuid, Uuid, i32, i32, i32, i32, bool, i64);

// --- Holds ----------------------------------------------------------------------------

async fn hold_history(store: &dyn EventStore) -> (Uuid, Uuid, Uuid) {
    let course = Uuid::new_v4();
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let held = |hold_id, from, to, seats| SeatInventoryEvent::SeatsHeld {
        course_id: course,
        hold_id,
        from,
        to,
        seats,
        expires_at: at(15),
    };
    let events = [
        SeatInventoryEvent::InventoryOpened {
            course_id: course,
            route_id: 7,
            departure_at: at(600),
            seats: 49,
            stops: (0..3).map(|i| Stop { waypoint_id: i, minutes_from_start: i as u32 * 60 }).collect(),
        },
        held(a, 0, 2, 3),
        held(b, 1, 2, 2),
        SeatInventoryEvent::HoldConfirmed { course_id: course, hold_id: a },
        SeatInventoryEvent::SeatsReleased {
            course_id: course,
            hold_id: a,
            release_id: Uuid::new_v4(),
            from: 0,
            to: 2,
            seats: 1,
            reason: ReleaseReason::Returned,
        },
        SeatInventoryEvent::SeatsReleased {
            course_id: course,
            hold_id: b,
            release_id: Uuid::new_v4(),
            from: 1,
            to: 2,
            seats: 2,
            reason: ReleaseReason::Expired,
        },
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::seat_inventory::stream_name(course), 0, &typed, None).await;
    (course, a, b)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn holds_keep_the_seats_still_held(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let (course, a, b) = hold_history(store.as_ref()).await;

    runner.catch_up(&HoldsProjection).await.unwrap();

    let rows: Vec<HoldLine> = sqlx::query_as(
        "select course_id, hold_id, from_index, to_index, seats, seats_left, confirmed, version from rm_course_holds \
         order by version",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(rows, vec![(course, a, 0, 2, 3, 2, true, 4), (course, b, 1, 2, 2, 0, false, 5)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_holds_table_survives_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    hold_history(store.as_ref()).await;
    hold_history(store.as_ref()).await;

    assert_replayable(&pool, &runner, &HoldsProjection, &[("rm_course_holds", "course_id, hold_id")]).await;
}
