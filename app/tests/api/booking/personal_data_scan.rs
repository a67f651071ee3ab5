//! The proof of erasure: a customer with two orders (one with a company invoice) and a
//! complaint with a picture takes their data and deletes the account while the journeys are
//! ahead and the complaint open; the complaint is answered; once the journeys are over and
//! the answer was due, the sweep erases what waited; then the whole database (`pg_dump --data-only`, the event store's table included) holds
//! no trace of the person but the company invoice's buyer data, and neither does it after a
//! rebuild of the orders' read model.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use chrono::Months;
use command_api::erasure;
use event_store::EventStore;
use serde_json::json;
use uuid::Uuid;

use super::*;
use crate::helpers::{database_url, eventually};

const EMAIL: &str = "ewelina.skan@example.test";
const TRACES: [&str; 8] = [
    "Ewelina",
    "Skanowska",
    "ewelina.skan",
    "601 234 567",
    "601234567",
    "Pasażerka Skanowska",
    "czterdzieści minut",
    "bilet-skanu.png",
];
const BUYER: [&str; 2] = ["Skan Sp. z o.o.", "ul. Rejestrowa 9"];

async fn place_as(app: &BookingApp, token: &str, course: Uuid, line: &Line, invoice: bool) -> Uuid {
    let mut order = booking(course, line, 0, 2, json!([{ "qty": 1, "passengers": ["Pasażerka Skanowska"] }]));
    order["customer"] = json!({ "first_name": "Ewelina", "last_name": "Skanowska", "email": EMAIL,
        "phone": "+48 601 234 567", "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": 0, "id": null });
    if invoice {
        order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
            "company_name": BUYER[0], "address": BUYER[1], "postal_code": "37-400", "city": "Nisko" });
    }
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

const COMPLAINT: &str = "Autobus spóźnił się czterdzieści minut. Ewelina Skanowska";

/// A complaint about `order_id` with a picture, filed logged in; its id once it is read.
async fn complain(app: &BookingApp, token: &str, order_id: Uuid) -> String {
    let number: String = sqlx::query_scalar("select number from rm_orders where order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .expect("the order's number");
    let picture = base64::engine::general_purpose::STANDARD.encode(super::complaints::picture());
    let complaint = json!({ "number": number, "email": EMAIL, "text": COMPLAINT, "language": "pl",
        "attachments": [{ "name": "bilet-skanu.png", "content": picture }] });
    let (status, filed) = body(app.post("/api/complaint/complaint/save", &complaint, Some(token), None).await).await;
    assert_eq!(status, 201, "{filed}");
    let id = filed["data"]["id"].as_str().expect("id").to_owned();
    eventually("the complaint in the read model", || async {
        let rows: i64 = sqlx::query_scalar("select count(*) from rm_complaints where complaint_id = $1::uuid")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .expect("count");
        rows == 1
    })
    .await;
    id
}

fn dump(app: &BookingApp) -> String {
    let out = std::process::Command::new("/usr/lib/postgresql/15/bin/pg_dump")
        .args(["--data-only", "--no-owner", &database_url(&app.pool)])
        .output()
        .expect("pg_dump runs");
    assert!(out.status.success(), "pg_dump: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Each trace with where it is: the row's first 60 characters and 80 on each side of it.
fn traces(dump: &str) -> Vec<String> {
    let mut found = Vec::new();
    for row in dump.lines() {
        for trace in TRACES {
            if let Some(at) = row.find(trace) {
                let from = row.floor_char_boundary(at.saturating_sub(80));
                let to = row.ceil_char_boundary((at + trace.len() + 80).min(row.len()));
                let start: String = row.chars().take(60).collect();
                found.push(format!("{start} … {}", &row[from..to]));
            }
        }
    }
    found
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn after_the_account_is_deleted_and_the_journeys_are_over_no_trace_is_left_but_the_company_invoice(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let password = accounts_api::fields::NewPassword::parse("tajne-haslo-2").expect("password");
    let hash = accounts_api::password::hash(&password).await.expect("hash");
    let (user_id, token) = user(&pool, EMAIL, "User").await;
    sqlx::query("update users set password_hash = $2, first_name = 'Ewelina', last_name = 'Skanowska', phone = '+48 601 234 567' where id = $1")
        .bind(user_id)
        .bind(&hash.0)
        .execute(&pool)
        .await
        .expect("account");
    let line = line(&pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let plain = place_as(&app, &token, course, &line, false).await;
    let invoiced = place_as(&app, &token, course, &line, true).await;
    eventually("both orders paid and the invoice issued", || async {
        let (paid, invoices): (i64, i64) = sqlx::query_as(
            "select (select count(*) from rm_orders where status = 'paid' and order_id = any($1)),
                    (select count(*) from rm_invoices where order_id = $2)",
        )
        .bind([plain, invoiced])
        .bind(invoiced)
        .fetch_one(&pool)
        .await
        .expect("counts");
        (paid, invoices) == (2, 1)
    })
    .await;

    let complaint_id = complain(&app, &token, plain).await;

    let mine = app.client.get(app.url("/api/user/user/my-data")).bearer_auth(&token).send().await.expect("export");
    let (status, mine) = body(mine).await;
    assert_eq!((status, mine["data"]["orders"].as_array().map(Vec::len)), (200, Some(2)), "{mine}");
    assert_eq!(mine["data"]["complaints"][0]["text"], COMPLAINT, "{mine}");
    let right = json!({ "password": "tajne-haslo-2" });
    let (status, deleted) = body(app.post("/api/user/user/delete-my-account", &right, Some(&token), None).await).await;
    assert_eq!(status, 200, "{deleted}");
    let kept: Vec<&str> =
        deleted["data"]["kept"].as_array().expect("kept").iter().filter_map(|k| k["why"].as_str()).collect();
    assert!(kept.contains(&"open_complaint") && kept.contains(&"journey_ahead"), "{deleted}");

    // The office answers the complaint (its e-mail is still there for that).
    for (path, body) in [
        ("/api/complaint/complaint/accept", json!({ "id": complaint_id })),
        ("/api/complaint/complaint/answer", json!({ "id": complaint_id, "text": "Pani Ewelino, oddajemy 10 zł." })),
    ] {
        assert_eq!(app.post(path, &body, Some(&app.admin_token), None).await.status(), 200, "{path}");
    }

    // After the journeys and the answer's deadline: what waited goes.
    let after = chrono::Utc::now() + chrono::Duration::days(100);
    let report = erasure::sweep(&app.store, app.store.keys(), &pool, after, Months::new(13)).await.expect("sweep");
    assert_eq!(
        report.requested_erased, 3,
        "the two customers and the complaint (the invoice's buyer stays): {report:?}"
    );
    let (files, waiting): (i64, i64) = sqlx::query_as(
        "select (select count(*) from complaint_attachments), (select count(*) from privacy_pending where subject not like '%:buyer')",
    )
    .fetch_one(&pool)
    .await
    .expect("counts");
    assert_eq!((files, waiting), (0, 0), "the complaint's picture and every wait but the buyer's are gone");

    let everything = dump(&app);
    assert!(everything.contains("es_events"), "the event store's table is in the dump");
    assert_eq!(traces(&everything), Vec::<String>::new(), "traces of the person");
    assert!(BUYER.iter().all(|b| everything.contains(b)), "the company invoice's buyer stays");

    let store: Arc<dyn EventStore> = Arc::new(privacy::SealingStore::over_postgres(pool.clone()));
    let runner = projections::Runner::new(store, pool.clone(), projections::RunnerConfig::default());
    tokio::time::timeout(Duration::from_secs(60), runner.rebuild(&projections::orders::OrdersProjection))
        .await
        .expect("the rebuild finishes")
        .expect("rebuild");
    tokio::time::timeout(Duration::from_secs(60), runner.rebuild(&projections::complaints::ComplaintsProjection))
        .await
        .expect("the rebuild finishes")
        .expect("rebuild");
    eventually("the rebuilt read model", || async {
        let (orders, complaints): (i64, i64) = sqlx::query_as(
            "select (select count(*) from rm_orders where order_id = any($1)), (select count(*) from rm_complaints)",
        )
        .bind([plain, invoiced])
        .fetch_one(&pool)
        .await
        .expect("count");
        (orders, complaints) == (2, 1)
    })
    .await;
    assert_eq!(traces(&dump(&app)), Vec::<String>::new(), "traces after the rebuild");
}
