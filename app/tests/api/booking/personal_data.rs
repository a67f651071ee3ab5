//! Personal data under RODO, through the real app: an order's personal values are sealed
//! in the event store from the start; erasing its customer (on request, or by the
//! retention sweep) makes the events read them erased, rewrites the read tables, keeps the
//! invoice's buyer until the tax period ends, and survives a rebuild of the read models.

use std::sync::Arc;
use std::time::Duration;

use chrono::{Datelike, Months};
use command_api::privacy::{self, Request};
use domain::order::erasure::KeptFor;
use event_store::EventStore;
use serde_json::Value;
use uuid::Uuid;

use super::invoices::paid_order_with_invoice;
use super::*;
use crate::helpers::eventually;

const PERSONAL: [&str; 3] = ["Kowalski", "jan.kowalski@example.test", "600 100 200"];

async fn stored(pool: &PgPool, sql: &str) -> Vec<String> {
    sqlx::query_scalar(sql).fetch_all(pool).await.expect("rows")
}

async fn get(app: &BookingApp, path: &str) -> (u16, Value) {
    let response = app.client.get(app.url(path)).bearer_auth(&app.admin_token).send().await.expect("request");
    body(response).await
}

async fn invoice_issued(app: &BookingApp, order_id: Uuid) -> bool {
    let n: i64 = sqlx::query_scalar("select count(*) from rm_invoices where order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .expect("count");
    n > 0
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_erased_customer_reads_erased_everywhere_and_the_invoice_buyer_stays(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || invoice_issued(&app, order_id)).await;

    // Sealed at rest from the start, readable through the app.
    for data in stored(&pool, "select data::text from es_events").await {
        for value in PERSONAL.iter().chain(&["Firma Sp. z o.o.", "Kolejowa"]) {
            assert!(!data.contains(value), "{value} readable in es_events: {data}");
        }
    }
    let (status, order) = get(&app, &format!("/api/order/order/one?id={order_id}")).await;
    assert_eq!(status, 200, "{order}");
    assert!(order.to_string().contains("Kowalski"), "{order}");

    // A request while the journey is ahead keeps everything, and says until when.
    let keys = app.store.keys();
    let ahead = Request { by: Some(app.user_id), reason: "wniosek klienta", now: chrono::Utc::now() };
    let early = privacy::erase_order(&app.store, keys, &pool, order_id, &ahead).await.expect("erase");
    assert!(early.erased.is_empty(), "{early:?}");
    assert!(early.kept.iter().any(|k| k.why == KeptFor::JourneyAhead), "{early:?}");

    // After the journey: the customer goes, the buyer stays until the tax period ends.
    let after = Request { now: tomorrow() + chrono::Duration::days(2), ..ahead };
    let outcome = privacy::erase_order(&app.store, keys, &pool, order_id, &after).await.expect("erase");
    assert_eq!(outcome.erased, [::privacy::Subject::order_customer(order_id)]);
    let [kept] = outcome.kept.as_slice() else { panic!("{outcome:?}") };
    assert_eq!((kept.why, kept.until.year(), kept.until.ordinal()), (KeptFor::Invoice, after.now.year() + 6, 1));

    let erased_everywhere = || async {
        let (_, order) = get(&app, &format!("/api/order/order/one?id={order_id}")).await;
        let (_, history) = get(&app, &format!("/api/order/order/history?id={order_id}")).await;
        let texts = [order.to_string(), history.to_string()];
        texts.iter().all(|t| PERSONAL.iter().all(|v| !t.contains(v)) && t.contains("[usunięto]"))
            && texts[0].contains("Firma Sp. z o.o.")
    };
    if !erased_everywhere().await {
        let (_, order) = get(&app, &format!("/api/order/order/one?id={order_id}")).await;
        let (_, history) = get(&app, &format!("/api/order/order/history?id={order_id}")).await;
        panic!("the read tables are written again at once: {order}\n{history}");
    }
    let stream = event_store::StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let placed = app.store.read_stream(&stream, event_store::ReadFrom::Start, event_store::Direction::Forwards, 1);
    let placed: Value = serde_json::from_str(&placed.await.expect("read")[0].data).expect("json");
    assert_eq!(
        (&placed["customer"]["last_name"], &placed["customer"]["email"], &placed["invoice"]["company_name"]),
        (&Value::from("[usunięto]"), &Value::from(""), &Value::from("Firma Sp. z o.o."))
    );

    // The register says what went, when and why, never the values.
    let register = stored(&pool, "select subject || ' ' || reason from privacy_erasures").await;
    assert_eq!(register, [format!("order:{order_id}:customer wniosek klienta")]);

    // A rebuild of the orders' read model from the events reads them erased too.
    let store: Arc<dyn EventStore> = Arc::new(::privacy::SealingStore::over_postgres(pool.clone()));
    let runner = projections::Runner::new(store, pool.clone(), projections::RunnerConfig::default());
    tokio::time::timeout(Duration::from_secs(60), runner.rebuild(&projections::orders::OrdersProjection))
        .await
        .expect("the rebuild finishes")
        .expect("rebuild");
    eventually("the rebuilt order, erased", erased_everywhere).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_retention_sweep_erases_what_has_been_kept_long_enough_once(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || invoice_issued(&app, order_id)).await;
    let keys = app.store.keys();
    let thirteen = Months::new(13);
    let sweep = |as_of| privacy::sweep(&app.store, keys, &pool, as_of, thirteen);

    let too_early = sweep(tomorrow() + Months::new(12)).await.expect("sweep");
    assert_eq!((too_early.customers_erased, too_early.buyers_erased), (0, 0), "{too_early:?}");

    let a_year_on = sweep(tomorrow() + Months::new(14)).await.expect("sweep");
    assert_eq!((a_year_on.customers_erased, a_year_on.buyers_erased), (1, 0), "{a_year_on:?}");
    let again = sweep(tomorrow() + Months::new(14)).await.expect("sweep");
    assert_eq!((again.customers_erased, again.buyers_erased), (0, 0), "once: {again:?}");

    let tax_period_over = sweep(tomorrow() + Months::new(12 * 7)).await.expect("sweep");
    assert_eq!((tax_period_over.customers_erased, tax_period_over.buyers_erased), (0, 1), "{tax_period_over:?}");
    let (_, order) = get(&app, &format!("/api/order/order/one?id={order_id}")).await;
    let text = order.to_string();
    assert!(!text.contains("Firma Sp. z o.o.") && !text.contains("Kowalski"), "{text}");
    let xml = stored(&pool, "select xml from issued_document_xml").await;
    assert!(xml.is_empty(), "the issued documents' XML with the buyer is gone");
}
