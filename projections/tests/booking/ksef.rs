use chrono::NaiveDate;
use projections::ksef::KsefProjection;

use super::*;

const KSEF_TABLES: &[(&str, &str)] = &[("rm_ksef_documents", "queue_position")];

fn issued(order: Uuid, number: &str, ksef: bool) -> OrderEvent {
    OrderEvent::InvoiceIssued {
        order_id: order,
        number: number.into(),
        issued_at: at(1),
        total: 3600,
        vat_rate: 8,
        sale_date: None,
        seller: None,
        buyer: None,
        net: None,
        vat: None,
        ksef,
    }
}

/// Two documents due for KSeF (one accepted, one offline), one that is not.
async fn ksef_history(store: &dyn EventStore) -> (Uuid, Uuid) {
    let (a, b, c) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    order_events(store, a, 0, vec![issued(a, "FV/2026/1", true)]).await;
    order_events(store, b, 0, vec![issued(b, "FV/2026/2", true)]).await;
    order_events(store, c, 0, vec![issued(c, "FV/2026/3", false)]).await;
    let accepted = vec![
        OrderEvent::KsefSendStarted {
            order_id: a,
            document: "FV/2026/1".into(),
            xml_sha256: "aGFzaA==".into(),
            session_ref: "S1".into(),
            offline: false,
            at: at(2),
            batch: false,
        },
        OrderEvent::KsefSent {
            order_id: a,
            document: "FV/2026/1".into(),
            session_ref: "S1".into(),
            invoice_ref: "R1".into(),
            at: at(3),
        },
        OrderEvent::KsefAccepted {
            order_id: a,
            document: "FV/2026/1".into(),
            session_ref: "S1".into(),
            ksef_number: "8652556348-20260710-0100000000AB-CD".into(),
            acquired_at: at(4),
            duplicate_sent_in: None,
        },
    ];
    order_events(store, a, 1, accepted).await;
    let deadline = NaiveDate::from_ymd_opt(2026, 7, 13).unwrap();
    let offline = OrderEvent::KsefWentOffline { order_id: b, document: "FV/2026/2".into(), at: at(2), deadline };
    order_events(store, b, 1, vec![offline]).await;
    (a, b)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_ksef_queue_follows_the_events_and_survives_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    ksef_history(store.as_ref()).await;

    let tables = assert_replayable(&pool, &runner, &KsefProjection, KSEF_TABLES).await;

    let rows = &tables[0];
    assert_eq!(rows.len(), 2, "only the documents due for KSeF: {rows:?}");
    assert_eq!(rows[0]["document_number"], "FV/2026/1", "in the order they became due");
    assert_eq!(rows[0]["state"], "accepted");
    assert_eq!(rows[0]["ksef_number"], "8652556348-20260710-0100000000AB-CD");
    assert_eq!(rows[0]["invoice_ref"], "R1");
    assert_eq!(rows[1]["document_number"], "FV/2026/2");
    assert_eq!((rows[1]["state"].as_str(), rows[1]["offline"].as_bool()), (Some("offline"), Some(true)));
    assert_eq!(rows[1]["deadline"], "2026-07-13");
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
}

fn offline(order: Uuid, number: &str, deadline: NaiveDate) -> OrderEvent {
    OrderEvent::KsefWentOffline { order_id: order, document: number.into(), at: at(2), deadline }
}

fn started(order: Uuid, number: &str) -> OrderEvent {
    OrderEvent::KsefSendStarted {
        order_id: order,
        document: number.into(),
        xml_sha256: "aGFzaA==".into(),
        session_ref: "S9".into(),
        offline: true,
        at: at(3),
        batch: false,
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_near_deadline_is_one_ksef_does_not_hold_within_one_working_day(pool: PgPool) {
    use projections::ksef_deadlines::{near_count, near_deadlines, nearest_deadline};
    let (store, runner) = runner(&pool);
    let orders: Vec<Uuid> = (0..6).map(|_| Uuid::new_v4()).collect();
    let numbers = ["FV/1", "FV/2", "FV/3", "FV/4", "FV/5", "FV/6"];
    for (order, number) in orders.iter().zip(numbers) {
        order_events(store.as_ref(), *order, 0, vec![issued(*order, number, true)]).await;
    }
    // Today is Friday 27 November 2026: Monday the 30th is within one working day.
    // FV/1 offline, due Monday: near. FV/2 offline, due Tuesday: not yet.
    order_events(store.as_ref(), orders[0], 1, vec![offline(orders[0], "FV/1", day(30))]).await;
    order_events(
        store.as_ref(),
        orders[1],
        1,
        vec![offline(orders[1], "FV/2", NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())],
    )
    .await;
    // FV/3 overdue and started, KSeF's answer not recorded: near (KSeF may not have it).
    order_events(store.as_ref(), orders[2], 1, vec![offline(orders[2], "FV/3", day(26)), started(orders[2], "FV/3")])
        .await;
    // FV/4 overdue, but KSeF took it in (its reference recorded): met.
    let sent = OrderEvent::KsefSent {
        order_id: orders[3],
        document: "FV/4".into(),
        session_ref: "S9".into(),
        invoice_ref: "R4".into(),
        at: at(4),
    };
    order_events(
        store.as_ref(),
        orders[3],
        1,
        vec![offline(orders[3], "FV/4", day(26)), started(orders[3], "FV/4"), sent],
    )
    .await;
    // FV/5 offline, due today, rejected: not in KSeF, near.
    let rejected = OrderEvent::KsefRejected {
        order_id: orders[4],
        document: "FV/5".into(),
        code: 450,
        reason: "schema".into(),
        at: at(4),
    };
    order_events(
        store.as_ref(),
        orders[4],
        1,
        vec![offline(orders[4], "FV/5", day(27)), started(orders[4], "FV/5"), rejected],
    )
    .await;
    // FV/6 waits online (no deadline recorded), issued on 10 July and never sent (issue
    // 36: every document not in KSeF has a day): due by offline24's, Monday 13 July, as
    // KSeF counts an invoice sent after its issue day offline; long overdue.
    runner.catch_up(&KsefProjection).await.unwrap();
    let july_13 = NaiveDate::from_ymd_opt(2026, 7, 13).unwrap();

    let near = near_deadlines(&pool, day(27), 100).await.unwrap();
    let named: Vec<(&str, &str, NaiveDate)> =
        near.iter().map(|n| (n.document_number.as_str(), n.state.as_str(), n.deadline)).collect();
    assert_eq!(
        named,
        vec![
            ("FV/6", "waiting", july_13),
            ("FV/3", "sent", day(26)),
            ("FV/5", "rejected", day(27)),
            ("FV/1", "offline", day(30))
        ]
    );
    assert_eq!(near[1].order_id, orders[2]);
    let why: Vec<&str> = near.iter().map(|n| n.why.code()).collect();
    assert_eq!(why, ["not_sent", "unconfirmed", "rejected", "offline"]);
    assert_eq!(near[2].why.detail(), Some("450: schema"));
    // On Thursday the 26th, Friday is the next working day: Monday's is not near yet.
    let thursday: Vec<String> =
        near_deadlines(&pool, day(26), 100).await.unwrap().into_iter().map(|n| n.document_number).collect();
    assert_eq!(thursday, ["FV/6", "FV/3", "FV/5"]);
    assert_eq!(nearest_deadline(&pool).await.unwrap(), Some(("FV/6".to_string(), july_13)));
    assert_eq!(near_count(&pool, day(27)).await.unwrap(), 4);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn announced_outages_extend_the_deadlines_and_the_senders_trouble_says_why(pool: PgPool) {
    use projections::ksef_deadlines::{near_count, near_deadlines, Stuck};
    let (store, runner) = runner(&pool);
    let (first, second) = (Uuid::new_v4(), Uuid::new_v4());
    // Both issued on Friday 10 July 2026. FV/1 went offline, due Monday 13 July as
    // recorded; FV/2 waits online.
    order_events(store.as_ref(), first, 0, vec![issued(first, "FV/1", true)]).await;
    order_events(store.as_ref(), second, 0, vec![issued(second, "FV/2", true)]).await;
    let july = |d: u32| NaiveDate::from_ymd_opt(2026, 7, d).unwrap();
    order_events(store.as_ref(), first, 1, vec![offline(first, "FV/1", july(13))]).await;
    runner.catch_up(&KsefProjection).await.unwrap();
    // On Monday 13 July both are due today.
    let due: Vec<(String, NaiveDate)> = near_deadlines(&pool, july(13), 10)
        .await
        .unwrap()
        .into_iter()
        .map(|n| (n.document_number, n.deadline))
        .collect();
    assert_eq!(due, [("FV/1".to_string(), july(13)), ("FV/2".to_string(), july(13))]);

    // The Ministry announces an emergency from 10 to 14 July: 7 working days from the
    // 14th, Thursday 23 July. On the 13th nothing is near any more; on the 22nd both are.
    sqlx::query(
        "insert into ksef_outages (kind, starts_on, ends_on, entered_by) values ('emergency', '2026-07-10', '2026-07-14', 'test')",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(near_deadlines(&pool, july(13), 10).await.unwrap(), vec![]);
    assert_eq!(near_count(&pool, july(13)).await.unwrap(), 0);
    let later = near_deadlines(&pool, july(22), 10).await.unwrap();
    assert_eq!(later.iter().map(|n| n.deadline).collect::<Vec<_>>(), [july(23), july(23)]);
    assert_eq!(near_count(&pool, july(22)).await.unwrap(), 2);
    assert_eq!(later[0].why, Stuck::Offline);
    assert_eq!(later[1].why, Stuck::NotSent);

    // The sender's last round was refused: every document it holds back names it.
    sqlx::query(
        "insert into ksef_sender_trouble (message, since, last_at) values ('KSeF refused the authentication: 450', now(), now())",
    )
    .execute(&pool)
    .await
    .unwrap();
    let held = near_deadlines(&pool, july(22), 10).await.unwrap();
    let trouble = Stuck::SenderTrouble { detail: "KSeF refused the authentication: 450".into() };
    assert_eq!((&held[0].why, &held[1].why), (&trouble, &trouble));
}
