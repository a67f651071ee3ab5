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
