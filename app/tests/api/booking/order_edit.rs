//! An admin's edit of an order is one decision: every event of the change is appended at
//! once, or none is. An edit that changes the customer and asks for something the order
//! refuses leaves the order as it was, in its stream and in the admin's read model; one
//! that changes the customer and the buyer of an issued invoice is one append.

use domain::order::Order;
use serde_json::json;
use uuid::Uuid;

use super::*;

impl BookingApp {
    pub(super) async fn put_as_admin(&self, path: &str, body: &Value) -> (u16, Value) {
        let request = self.client.put(self.url(path)).json(body).bearer_auth(&self.admin_token);
        super::body(request.send().await.expect("request")).await
    }

    /// The admin's view of the order (`rm_orders`); `null` before the read model has it.
    async fn admin_one(&self, order_id: Uuid) -> Value {
        let request = self.client.get(self.url(&format!("/api/order/order/one?id={order_id}")));
        let (_, one) = super::body(request.bearer_auth(&self.admin_token).send().await.expect("request")).await;
        one["data"].clone()
    }

    /// The version of the order stream's last event.
    pub(super) async fn stream_version(&self, order_id: Uuid) -> u64 {
        let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
        load::<OrderAgg>(&self.store, &stream).await.expect("load").version.expect("an order")
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_edit_that_is_refused_in_part_changes_nothing(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    // An order without an invoice, cancelled before it was paid: it takes no invoice now.
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let cancel = json!({ "id": order_id, "reason": "Klient zrezygnował" });
    let (status, cancelled) =
        body(app.post("/api/order/order/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{cancelled}");
    let version = app.stream_version(order_id).await;
    eventually("the cancellation in the read model", || async {
        app.admin_one(order_id).await["version"].as_u64() == Some(version)
    })
    .await;

    // New customer details and an invoice in one edit: the invoice is refused, so the
    // customer's details do not change either.
    let save = format!("/api/order/order/save?id={order_id}");
    let customer = json!({ "first_name": "Jan", "last_name": "Nowak", "email": "jan.nowak@example.test",
        "phone": "+48 600 100 200" });
    let invoice = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Firma sp. z o.o.",
        "address": "ul. Długa 1", "postal_code": "37-400", "city": "Nisko" });
    let edit = json!({ "customer": customer, "invoice": invoice, "reason": "Klient poprosił" });
    let (status, refused) = app.put_as_admin(&save, &edit).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("order.ended")), "{refused}");
    assert_eq!(app.stream_version(order_id).await, version, "nothing appended");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.customer.last_name.as_str(), "Kowalski");

    // The customer's details alone are one event; the read model shows that one and no
    // trace of the refused edit.
    let (status, saved) = app.put_as_admin(&save, &json!({ "customer": customer, "reason": "Literówka" })).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["version"].as_u64(), Some(version + 1), "{saved}");
    assert_eq!(
        (saved["data"]["customer_changed"].as_bool(), saved["data"]["invoice_changed"].as_bool()),
        (Some(true), Some(false))
    );
    eventually("the change in the read model", || async {
        app.admin_one(order_id).await["version"].as_u64() == Some(version + 1)
    })
    .await;
    let one = app.admin_one(order_id).await;
    assert_eq!(one["customer"]["last_name"], "Nowak", "{one}");
    let history: Vec<String> = sqlx::query_scalar(
        "select event_type from rm_order_events where order_id = $1 and event_type like '%Changed' order by version",
    )
    .bind(order_id)
    .fetch_all(&app.pool)
    .await
    .expect("history");
    assert_eq!(history, vec!["CustomerDetailsChanged".to_owned()]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_edit_of_the_customer_and_the_invoiced_buyer_is_one_append(pool: PgPool) {
    // No KSeF sender: its events (the send started, sent, accepted) go to the order's stream
    // at their own pace, and one appended between reading the version and the edit would be
    // counted as the edit's below.
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    eventually("the invoice issued", || async {
        app.order(order_id).await.placed().is_some_and(|o| o.invoice.is_some())
    })
    .await;
    let version = app.stream_version(order_id).await;

    let edit = json!({
        "customer": { "first_name": "Jan", "last_name": "Nowak", "email": "jan.nowak@example.test", "phone": "+48 600 100 200" },
        "invoice": { "country": "PL", "vat_number": "5260250274", "company_name": "Firma Nowa S.A.",
            "address": "ul. Długa 2", "postal_code": "37-400", "city": "Nisko" },
        "reason": "Zmiana nazwy firmy"
    });
    let (status, saved) = app.put_as_admin(&format!("/api/order/order/save?id={order_id}"), &edit).await;
    assert_eq!(status, 200, "{saved}");
    let data = &saved["data"];
    assert_eq!((data["customer_changed"].as_bool(), data["invoice_changed"].as_bool()), (Some(true), Some(true)));
    let number = data["correction_number"].as_str().expect("a correction");
    assert_eq!(data["version"].as_u64(), Some(version + 2), "{saved}");
    let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let last: Vec<(String, u64)> = app
        .store
        .read_stream(&stream, event_store::ReadFrom::Version(version + 1), event_store::Direction::Forwards, 10)
        .await
        .expect("read")
        .into_iter()
        .map(|e| (e.event_type, e.version))
        .collect();
    assert_eq!(
        last,
        vec![("CustomerDetailsChanged".to_owned(), version + 1), ("InvoiceCorrected".to_owned(), version + 2)]
    );
    // One append: one transaction of the store.
    let transactions: Vec<i64> =
        sqlx::query_scalar("select distinct tx_id from es_events where stream_id = $1 and version > $2")
            .bind(stream.as_str())
            .bind(version as i64)
            .fetch_all(&app.pool)
            .await
            .expect("transactions");
    assert_eq!(transactions.len(), 1, "{transactions:?}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let invoice = state.invoice.expect("invoice");
    assert_eq!(invoice.corrections.iter().map(|c| c.number.as_str()).collect::<Vec<_>>(), vec![number]);
    assert_eq!(invoice.buyer.map(|b| b.company_name), Some("Firma Nowa S.A.".to_owned()));
    assert_eq!(state.customer.last_name.as_str(), "Nowak");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_invoice_asked_for_after_payment_is_issued_at_once(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    // The process has done what a payment does (the tickets are mailed) before the buyer asks.
    eventually("the tickets mailed", || async {
        !super::mailbox::mails_to(&app.data_dir, "jan.kowalski@example.test").is_empty()
    })
    .await;

    let invoice = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Firma sp. z o.o.",
        "address": "ul. Długa 1", "postal_code": "37-400", "city": "Nisko" });
    let edit = json!({ "invoice": invoice, "reason": "Klient poprosił o fakturę" });
    let (status, saved) = app.put_as_admin(&format!("/api/order/order/save?id={order_id}"), &edit).await;
    assert_eq!(status, 200, "{saved}");
    eventually("the invoice issued", || async {
        app.order(order_id).await.placed().is_some_and(|o| o.invoice.is_some())
    })
    .await;
}
