//! Personal data under RODO, through the real app: an order's personal values are sealed
//! in the event store from the start; erasing its customer (on request, or by the
//! retention sweep) makes the events read them erased, rewrites the read tables, keeps the
//! invoice's buyer until the tax period ends, and survives a rebuild of the read models.

use std::sync::Arc;
use std::time::Duration;

use chrono::{Datelike, Months};
use command_api::erasure::{self, Request};
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

/// The invoice in both read models that show it, each projection at its own pace: its
/// document (`rm_invoices`, the `invoices` projection) and the order's row
/// (`rm_orders.invoice_number`, the `orders` projection), which the order's page and the
/// retention sweep read (the buyer is due for erasure only on an order invoiced there).
async fn invoice_issued(app: &BookingApp, order_id: Uuid) -> bool {
    let (documents, on_the_order): (i64, bool) = sqlx::query_as(
        "select (select count(*) from rm_invoices where order_id = $1), \
                exists(select 1 from rm_orders where order_id = $1 and invoice_number is not null)",
    )
    .bind(order_id)
    .fetch_one(&app.pool)
    .await
    .expect("count");
    documents > 0 && on_the_order
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
    let ahead = Request {
        actor: privacy::Actor::Person,
        by: Some(app.user_id),
        reason: "wniosek klienta",
        now: chrono::Utc::now(),
    };
    let early = erasure::erase_order(&app.store, keys, &pool, order_id, &ahead).await.expect("erase");
    assert!(early.erased.is_empty(), "{early:?}");
    assert!(early.kept.iter().any(|k| k.why == KeptFor::JourneyAhead), "{early:?}");

    // After the journey: the customer goes, the buyer stays until the tax period ends.
    let after = Request { now: tomorrow() + chrono::Duration::days(2), ..ahead };
    let outcome = erasure::erase_order(&app.store, keys, &pool, order_id, &after).await.expect("erase");
    assert_eq!(outcome.erased, [privacy::Subject::order_customer(order_id)]);
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
    let store: Arc<dyn EventStore> = Arc::new(privacy::SealingStore::over_postgres(pool.clone()));
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
    let sweep = |as_of| erasure::sweep(&app.store, keys, &pool, as_of, thirteen);

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

/// A customer with a password and an order of their own, placed logged in and paid.
async fn customer_with_an_order(app: &BookingApp) -> (Uuid, String, Uuid) {
    let password = accounts_api::fields::NewPassword::parse("tajne-haslo-1").expect("password");
    let hash = accounts_api::password::hash(&password).await.expect("hash");
    let (user_id, token) = user(&app.pool, "ewa.rodo@example.test", "User").await;
    sqlx::query("update users set password_hash = $2, last_name = 'Rodowska', phone = '+48 600 700 800' where id = $1")
        .bind(user_id)
        .bind(&hash.0)
        .execute(&app.pool)
        .await
        .expect("password");
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let order = booking(course, &line, 0, 2, serde_json::json!([{ "qty": 1 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    eventually("the order in the read model", || async {
        let paid: Option<String> = sqlx::query_scalar("select status from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_optional(&app.pool)
            .await
            .expect("status");
        paid.as_deref() == Some("paid")
    })
    .await;
    (user_id, token, order_id)
}

async fn get_as(app: &BookingApp, path: &str, token: &str) -> (u16, Value) {
    body(app.client.get(app.url(path)).bearer_auth(token).send().await.expect("request")).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_customer_takes_their_data_and_deletes_their_account_with_their_password(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let (user_id, token, order_id) = customer_with_an_order(&app).await;

    // The export: the account, the order with what was given, its ticket.
    let (status, mine) = get_as(&app, "/api/user/user/my-data", &token).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["data"]["account"]["email"], "ewa.rodo@example.test");
    let orders = mine["data"]["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 1, "{mine}");
    assert_eq!(
        (&orders[0]["last_name"], &orders[0]["tickets"].as_array().map(Vec::len)),
        (&Value::from("Kowalski"), &Some(1))
    );
    let (status, _) = get_as(&app, "/api/user/user/my-data", "not-a-token").await;
    assert_eq!(status, 401);

    // A wrong password deletes nothing.
    let wrong = serde_json::json!({ "password": "zgadywanie" });
    let (status, refused) = body(app.post("/api/user/user/delete-my-account", &wrong, Some(&token), None).await).await;
    assert_eq!(
        (status, &refused["errors"][0]["field"], &refused["errors"][0]["code"]),
        (422, &Value::from("password"), &Value::from("password.wrong_old")),
        "{refused}"
    );
    let (status, _) = get_as(&app, "/api/user/user/my-data", &token).await;
    assert_eq!(status, 200, "still there");

    // The right one: the order's journey is ahead, so its data wait for it, and the answer says until when.
    let right = serde_json::json!({ "password": "tajne-haslo-1" });
    let (status, deleted) = body(app.post("/api/user/user/delete-my-account", &right, Some(&token), None).await).await;
    assert_eq!(status, 200, "{deleted}");
    assert_eq!(deleted["data"]["kept"][0]["why"], "journey_ahead", "{deleted}");

    // At once: the session is dead, the login refused, the account row holds nothing of her.
    let (status, _) = get_as(&app, "/api/user/user/my-data", &token).await;
    assert_eq!(status, 401, "the session died with the account");
    let login = serde_json::json!({ "email": "ewa.rodo@example.test", "password": "tajne-haslo-1" });
    let (status, _) = body(app.post("/api/user/auth/login", &login, None, None).await).await;
    assert_eq!(status, 422, "the login is refused");
    let (email, last_name, phone): (String, String, String) =
        sqlx::query_as("select email, last_name, phone from users where id = $1")
            .bind(user_id)
            .fetch_one(&pool)
            .await
            .expect("row");
    assert!(!email.contains("ewa.rodo") && last_name.is_empty() && phone.is_empty(), "{email} {last_name} {phone}");
    let register = stored(&pool, "select subject || ' ' || actor || ' ' || reason from privacy_erasures").await;
    assert_eq!(register, [format!("account:{user_id} person usunięcie konta przez klienta")], "the account's erasure");

    // After the journey the sweep erases what waited.
    let keys = app.store.keys();
    let report = erasure::sweep(&app.store, keys, &pool, tomorrow() + chrono::Duration::days(2), Months::new(13))
        .await
        .expect("sweep");
    assert_eq!(report.requested_erased, 1, "the customer (no invoice was asked for: no buyer waited): {report:?}");
    let (first, email): (String, String) =
        sqlx::query_as("select first_name, email from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_one(&pool)
            .await
            .expect("row");
    assert_eq!((first.as_str(), email.as_str()), ("[usunięto]", ""));
    let waiting: i64 =
        sqlx::query_scalar("select count(*) from privacy_pending").fetch_one(&pool).await.expect("count");
    assert_eq!(waiting, 0);
}
