//! An invoice asked for after payment (issue 29, defect 1): from the admin's order edit
//! and from the customer's ticket page, issued at once in the same append as the buyer's
//! data, numbered in the invoice series; refused after 3 months from the end of the month
//! of the sale.

use serde_json::json;

use super::*;

/// A paid one-way order without an invoice: its id and its first ticket's number and code.
async fn paid_without_invoice(app: &BookingApp) -> (Uuid, String, String) {
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let order = app.order(order_id).await;
    let ticket = &order.placed().expect("placed").tickets[0].ticket;
    (order_id, ticket.number.clone(), ticket.code.clone())
}

fn buyer() -> Value {
    json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Firma sp. z o.o.",
        "address": "ul. Długa 1", "postal_code": "37-400", "city": "Nisko" })
}

/// The order's payment moved back to 10 January 2025, as if it had been paid then.
async fn paid_long_ago(app: &BookingApp, order_id: Uuid) {
    sqlx::query(
        "update es_events set data = jsonb_set(data::jsonb, '{paid_at}', '\"2025-01-10T10:00:00Z\"')::json \
         where stream_id = $1 and event_type = 'OrderPaid'",
    )
    .bind(domain::order::stream_name(order_id))
    .execute(&app.pool)
    .await
    .expect("an old payment");
}

async fn request(app: &BookingApp, number: &str, code: Option<&str>) -> (u16, Value) {
    let body_ = json!({ "number": number, "code": code, "invoice": buyer() });
    body(app.post("/api/order/order/request-invoice", &body_, None, None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_edit_issues_the_invoice_in_the_same_append_as_the_buyer(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, _, _) = paid_without_invoice(&app).await;
    let edit = json!({ "invoice": buyer(), "reason": "Klient chce fakturę" });
    let request = app.client.put(app.url(&format!("/api/order/order/save?id={order_id}"))).json(&edit);
    let (status, saved) = body(request.bearer_auth(&app.admin_token).send().await.expect("save")).await;
    assert_eq!(status, 200, "{saved}");
    let number = saved["data"]["invoice_number"].as_str().unwrap_or_default().to_owned();
    assert!(number.starts_with("NB/") && number.ends_with("/1"), "numbered in the series: {saved}");
    // Issued by the edit itself, not later: the order has it as the answer comes.
    let order = app.order(order_id).await;
    let invoice = order.placed().and_then(|o| o.invoice.clone()).expect("issued with the edit");
    assert_eq!(invoice.number, number);
    assert_eq!(invoice.buyer.map(|b| b.company_name), Some("Firma sp. z o.o.".to_owned()));
    let types: Vec<(i64, String)> =
        sqlx::query_as("select tx_id, event_type from es_events where stream_id = $1 order by version")
            .bind(domain::order::stream_name(order_id))
            .fetch_all(&app.pool)
            .await
            .expect("events");
    let data = types.iter().find(|(_, t)| t == "InvoiceDataChanged").expect("the data");
    let issued = types.iter().find(|(_, t)| t == "InvoiceIssued").expect("the invoice");
    assert_eq!(data.0, issued.0, "one append: {types:?}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_edit_after_the_deadline_is_refused_and_takes_no_number(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, _, _) = paid_without_invoice(&app).await;
    paid_long_ago(&app, order_id).await;
    let edit = json!({ "invoice": buyer(), "reason": "Klient chce fakturę" });
    let request = app.client.put(app.url(&format!("/api/order/order/save?id={order_id}"))).json(&edit);
    let (status, refused) = body(request.bearer_auth(&app.admin_token).send().await.expect("save")).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invoice.too_late")), "{refused}");
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("2025-04-30")), "{refused}");
    let order = app.order(order_id).await;
    assert!(order.placed().is_some_and(|o| o.invoice.is_none() && o.invoice_request.is_none()));
    let (numbers,): (i64,) =
        sqlx::query_as("select count(*) from invoice_numbers").fetch_one(&app.pool).await.expect("numbers");
    assert_eq!(numbers, 0, "a refused request leaves no gap in the series");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_guest_with_the_ticket_code_asks_for_the_invoice_once(pool: PgPool) {
    // The invoice is e-mailed once KSeF numbered it: KSeF's rounds every second, not every 10 s,
    // so the wait for the e-mail is not a wait for the timer.
    let app = spawn_with(pool, &["--ksef-every", "1"]).await;
    let (order_id, number, code) = paid_without_invoice(&app).await;
    let (status, refused) = request(&app, &number, None).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("ticket.code_required")), "{refused}");
    let (status, refused) = request(&app, &number, Some("WRONGCODE22")).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("ticket.wrong_code")), "{refused}");

    let (status, issued) = request(&app, &number, Some(&code.to_lowercase())).await;
    assert_eq!(status, 200, "{issued}");
    let invoice = app.order(order_id).await.placed().and_then(|o| o.invoice.clone()).expect("issued at once");
    assert_eq!(issued["data"]["number"], json!(invoice.number));
    // E-mailed like any other invoice.
    let file = format!("{}.pdf", invoice.number.replace('/', "_"));
    eventually("the invoice mailed", || async {
        super::mailbox::mails_to(&app.data_dir, "jan.kowalski@example.test")
            .iter()
            .any(|m| m.attachment(&file).is_some())
    })
    .await;
    let (status, again) = request(&app, &number, Some(&code)).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("invoice.already_issued")), "{again}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_customer_asking_after_the_deadline_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, number, code) = paid_without_invoice(&app).await;
    paid_long_ago(&app, order_id).await;
    let (status, refused) = request(&app, &number, Some(&code)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invoice.too_late")), "{refused}");
    let (status, missing) = request(&app, "NB-0000-000000", Some(&code)).await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("ticket.not_found")), "{missing}");
}
