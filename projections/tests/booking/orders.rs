//! The orders projection: orders, tickets and their history.

use values::{Email, Line, Phone};

use super::*;

pub(super) fn leg(kind: LegKind, course: Uuid, departs: i64) -> Leg {
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

pub(super) fn placed(order: Uuid, user: Option<Uuid>, back: bool, coupon: Option<(&str, i64)>) -> OrderEvent {
    let line = |n, qty, discount: Option<AppliedDiscount>, price: i64| TicketLine {
        line: n,
        quantity: qty,
        discount,
        outbound_price: price,
        back_price: back.then_some(price),
        total: i64::from(qty) * price * if back { 2 } else { 1 },
        passengers: vec![],
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
            first_name: Line::parse("Jan").unwrap(),
            last_name: Line::parse("Kowalski").unwrap(),
            email: Some(Email::parse("jan@example.test").unwrap()),
            phone: Some(Phone::parse("+48600100200").unwrap()),
            notify_by_sms: false,
            language: Default::default(),
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

pub(super) fn ticket(n: u32, leg: LegKind, line: u32, price: i64) -> Ticket {
    Ticket {
        ticket_id: Uuid::new_v4(),
        number: format!("NK-2026-{:06}", n * 1000 + NEXT.fetch_add(1, Ordering::Relaxed)),
        code: "ABCDEFGHJK".into(),
        leg,
        line,
        price,
        coupon_part: 0,
        passenger: None,
    }
}

/// Ticket numbers are unique: `n` thousands plus a counter.
static NEXT: AtomicU32 = AtomicU32::new(0);

pub(super) fn paid(order: Uuid, tickets: Vec<Ticket>) -> OrderEvent {
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

pub(super) fn returned(order: Uuid, t: &Ticket, minutes: i64) -> OrderEvent {
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
pub(super) async fn order_history(store: &dyn EventStore, user: Uuid) -> (Uuid, Vec<Ticket>) {
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
                sale_date: None,
                seller: None,
                buyer: None,
                net: None,
                vat: None,
                ksef: false,
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
                reason: String::new(),
                line: None,
                total_before: None,
                vat_rate: None,
                corrects_issued_at: None,
                sale_date: None,
                seller: None,
                buyer: None,
                net: None,
                vat: None,
                ksef: false,
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
