//! The admin's orders through real HTTP: an invoiced order's documents (list, PDF,
//! FA(3) checked against the official schema) and history, a return on the customer's
//! behalf and its correction, corrections of the customer's and the buyer's data as
//! events, refusals (a bad NIP, an unknown order, a correction after a full return),
//! and a sale at the office that takes seats exactly as an online order does.

use domain::order::{Order, OrderStatus};
use serde_json::json;
use uuid::Uuid;

use super::invoices::paid_order_with_invoice;
use super::*;

impl BookingApp {
    async fn get_as(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    async fn put(&self, path: &str, body: &Value, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.put(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    /// The order's documents in the admin's invoice list, oldest first.
    async fn documents(&self, order_id: Uuid) -> Vec<Value> {
        let path = format!("/api/order/order-invoice/all?filter[order_id][eq]={order_id}&sort=issued_at");
        let (status, page) = body(self.get_as(&path, Some(&self.admin_token)).await).await;
        assert_eq!(status, 200, "{page}");
        page["data"]["models"].as_array().cloned().unwrap_or_default()
    }

    async fn invoiced(&self, order_id: Uuid, documents: usize) -> Vec<Value> {
        eventually(&format!("{documents} document(s) of the order"), || async {
            self.documents(order_id).await.len() >= documents
        })
        .await;
        self.documents(order_id).await
    }
}

fn field_names(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .map_or_else(Vec::new, |errors| errors.iter().filter_map(|e| e["field"].as_str().map(str::to_owned)).collect())
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_audits_an_invoiced_order_and_returns_a_ticket_for_the_customer(pool: PgPool) {
    // The documents are e-mailed once KSeF numbered them, which took two of the app's KSeF
    // rounds: at the default 10 s apart the wait for those e-mails took 19.9 s of its 20 and
    // timed out on a busy machine. Here the rounds run every second.
    let app = spawn_with(pool, &["--ksef-every", "1"]).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;

    // The invoice as a document: 2 × 18 zł, the buyer as asked, 8 % VAT split.
    let documents = app.invoiced(order_id, 1).await;
    let invoice = &documents[0];
    assert_eq!(invoice["kind"], "VAT");
    assert_eq!(invoice["buyer_name"], "Firma Sp. z o.o.");
    assert_eq!(invoice["buyer_tax_id"], "5260250274");
    assert_eq!(
        (invoice["gross"].as_i64(), invoice["net"].as_i64(), invoice["vat"].as_i64()),
        (Some(3600), Some(3333), Some(267))
    );

    // Its history: who placed, the seats held, the payment, the invoice, the confirmation.
    // The order's own events come from the `orders` read model, the holds from the
    // `order_timeline` one, each at its own pace (the invoice and the confirmation are two
    // reactions to the payment): wait for every one of them, not only the confirmation.
    let timeline = format!("/api/order/order/timeline?id={order_id}");
    let whole_history = ["OrderPlaced", "SeatsHeld", "OrderPaid", "InvoiceIssued", "HoldConfirmed"];
    eventually("the whole history: placed, held, paid, invoiced, confirmed", || async {
        let (_, entries) = body(app.get_as(&timeline, Some(&app.admin_token)).await).await;
        entries["data"].as_array().is_some_and(|e| whole_history.iter().all(|t| e.iter().any(|x| x["type"] == *t)))
    })
    .await;
    let (status, entries) = body(app.get_as(&timeline, Some(&app.admin_token)).await).await;
    assert_eq!(status, 200, "{entries}");
    let entries = entries["data"].as_array().expect("entries");
    let types: Vec<&str> = entries.iter().filter_map(|e| e["type"].as_str()).collect();
    for expected in whole_history {
        assert!(types.contains(&expected), "{expected} in {types:?}");
    }
    let placed = entries.iter().find(|e| e["type"] == "OrderPlaced").expect("placed");
    assert_eq!(placed["actor"]["kind"], "guest");
    assert!(placed["summary"].as_str().is_some_and(|s| s.starts_with("Złożono zamówienie")), "{placed}");
    assert!(placed["summary_en"].as_str().is_some_and(|s| s.starts_with("Order ")), "{placed}");
    assert_eq!(placed["data"]["type"], "OrderPlaced", "the raw event");
    // Each entry says what it is about: the order, or the course with its departure and route
    // (the page labels it so, instead of showing `course-…`).
    assert_eq!(placed["subject"]["kind"], "order", "{placed}");
    let held = entries.iter().find(|e| e["type"] == "SeatsHeld").expect("held");
    assert_eq!(held["subject"]["kind"], "course", "{held}");
    assert!(held["subject"]["route_name"].as_str().is_some_and(|name| !name.is_empty()), "{held}");
    assert!(held["subject"]["departure_at"].as_str().is_some(), "{held}");
    assert_eq!(body(app.get_as(&timeline, Some(&app.user_token)).await).await.0, 403);

    // The admin returns one ticket without its code: a correction follows.
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let (status, returned) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": ticket.number }), Some(&app.admin_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{returned}");
    let documents = app.invoiced(order_id, 2).await;
    let correction = &documents[1];
    let refunded = returned["data"]["price"].as_i64().expect("price") - returned["data"]["fee"].as_i64().expect("fee");
    assert_eq!(correction["kind"], "KOR");
    assert_eq!(correction["gross"].as_i64(), Some(-refunded));
    assert_eq!(correction["corrects_number"], invoice["number"]);
    assert_eq!(correction["corrects_id"], invoice["id"]);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let returned_by = state.tickets.iter().find(|t| t.ticket.number == ticket.number).map(|t| t.status);
    assert_eq!(returned_by, Some(domain::order::TicketStatus::Returned));

    // Both documents as PDF and as FA(3) XML valid against the official schema.
    for document in [invoice, correction] {
        let id = document["id"].as_str().expect("id");
        let pdf = app.get_as(&format!("/api/order/order-invoice/pdf?id={id}"), Some(&app.admin_token)).await;
        assert_eq!(pdf.status(), 200);
        assert_eq!(pdf.headers()["content-type"], "application/pdf");
        assert!(pdf.bytes().await.expect("bytes").starts_with(b"%PDF-"));
        let fa3 = app.get_as(&format!("/api/order/order-invoice/fa3?id={id}"), Some(&app.admin_token)).await;
        assert_eq!(fa3.status(), 200);
        let xml = fa3.text().await.expect("xml");
        if let Err(e) = test_support::fa3::validate(&format!("http-{}", document["kind"]), &xml) {
            panic!("{e}\n{xml}");
        }
        let expected_kind = format!("<RodzajFaktury>{}</RodzajFaktury>", document["kind"].as_str().expect("kind"));
        assert!(xml.contains(&expected_kind), "{xml}");
        if document["kind"] == "KOR" {
            // The line names the fee kept (defect 14): the ticket's price, the fee, what is given back.
            let price = returned["data"]["price"].as_i64().expect("price");
            let fee = returned["data"]["fee"].as_i64().expect("fee");
            let line = format!(
                "<P_7>Zwrot biletu {}: cena biletu {}, opłata za zwrot {}, do zwrotu {}</P_7>",
                ticket.number,
                domain::money::format_pln(price),
                domain::money::format_pln(fee),
                domain::money::format_pln(refunded)
            )
            .replace('\u{a0}', " "); // FA(3) text is written with plain spaces
            assert!(fee > 0, "a return at the desk a day ahead keeps a fee: {returned}");
            assert!(xml.contains(&line), "{line}\n{xml}");
            assert!(
                xml.contains(&format!("<PrzyczynaKorekty>Zwrot biletu {}</PrzyczynaKorekty>", ticket.number)),
                "{xml}"
            );
        }
    }

    // Who may have them: the admin, the holder of the order's link; not a guest without
    // it, nor another customer.
    let id = invoice["id"].as_str().expect("id");
    let pdf = |query: String, token: Option<String>| {
        let app = &app;
        async move { app.get_as(&format!("/api/order/order-invoice/pdf?id={id}{query}"), token.as_deref()).await.status() }
    };
    assert_eq!(pdf(String::new(), None).await, 401);
    assert_eq!(pdf(String::new(), Some(app.user_token.clone())).await, 403);
    assert_eq!(pdf(format!("&hash_id={}", state.hash_id), None).await, 200);
    assert_eq!(pdf("&hash_id=0000".into(), None).await, 403);
    let unknown =
        app.get_as(&format!("/api/order/order-invoice/pdf?id={}", Uuid::new_v4()), Some(&app.admin_token)).await;
    assert_eq!(unknown.status(), 404);
    let bad = app.get_as("/api/order/order-invoice/pdf?id=not-a-uuid", Some(&app.admin_token)).await;
    assert_eq!(bad.status(), 422);

    // The customer's success page lists both with their links.
    let (_, success) =
        body(app.get_as(&format!("/api/order/order/success-data?hash_id={}", state.hash_id), None).await).await;
    let links: Vec<&str> = success["data"]["invoices"]
        .as_array()
        .expect("invoices")
        .iter()
        .filter_map(|d| d["pdf_url"].as_str())
        .collect();
    assert_eq!(links.len(), 2, "{success}");

    // The messages in the history: the tickets and each document to the customer, sent
    // by a process, and the tickets sent again at the admin's request, by the admin.
    let again = app
        .client
        .post(app.url(&format!("/api/order/order/send-ticket?id={order_id}")))
        .bearer_auth(&app.admin_token)
        .send()
        .await
        .expect("request");
    assert_eq!(again.status(), 200);
    let invoice_mail = format!("Wysłano dokument {} e-mailem do klienta", invoice["number"].as_str().expect("number"));
    let correction_mail =
        format!("Wysłano dokument {} e-mailem do klienta", correction["number"].as_str().expect("number"));
    eventually("both documents' e-mails in the history", || async {
        let (_, entries) = body(app.get_as(&timeline, Some(&app.admin_token)).await).await;
        let said: Vec<String> = entries["data"]
            .as_array()
            .map(|e| e.iter().filter_map(|x| x["summary"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        said.contains(&invoice_mail) && said.contains(&correction_mail)
    })
    .await;
    let (_, entries) = body(app.get_as(&timeline, Some(&app.admin_token)).await).await;
    let messages: Vec<(&str, &str, Option<&str>)> = entries["data"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["type"] == "MessageSent")
        .map(|e| {
            (
                e["summary"].as_str().unwrap_or(""),
                e["actor"]["kind"].as_str().unwrap_or(""),
                e["actor"]["email"].as_str(),
            )
        })
        .collect();
    assert!(messages.contains(&("Wysłano bilety e-mailem", "process", None)), "{messages:?}");
    assert!(messages.contains(&(invoice_mail.as_str(), "process", None)), "{messages:?}");
    assert!(messages.contains(&(correction_mail.as_str(), "process", None)), "{messages:?}");
    assert!(
        messages.contains(&("Wysłano ponownie bilety e-mailem", "admin", Some("admin@example.test"))),
        "{messages:?}"
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_corrects_the_customer_and_the_buyer_as_events(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    app.invoiced(order_id, 1).await;
    let save = format!("/api/order/order/save?id={order_id}");

    // Bad input, and nothing written: no reason, a NIP with a wrong checksum, an unknown order.
    let before = app
        .store
        .read_stream(&order_stream(order_id), event_store::ReadFrom::Start, event_store::Direction::Forwards, 100)
        .await
        .expect("read")
        .len();
    let customer = json!({ "first_name": "Jan", "last_name": "Nowak", "email": "jan.nowak@example.test", "phone": "+48 600 100 200" });
    let (status, refused) = body(app.put(&save, &json!({ "customer": customer }), Some(&app.admin_token)).await).await;
    assert_eq!((status, field_names(&refused)), (422, vec!["reason".to_owned()]), "{refused}");
    let bad_nip = json!({ "invoice": { "country": "PL", "vat_number": "526-025-02-75", "company_name": "Firma",
        "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" }, "reason": "Nowe dane" });
    let (status, refused) = body(app.put(&save, &bad_nip, Some(&app.admin_token)).await).await;
    assert_eq!((status, field_names(&refused)), (422, vec!["invoice.vat_number".to_owned()]), "{refused}");
    let unknown = format!("/api/order/order/save?id={}", Uuid::new_v4());
    let (status, _) =
        body(app.put(&unknown, &json!({ "customer": customer, "reason": "x" }), Some(&app.admin_token)).await).await;
    assert_eq!(status, 404);
    let (status, _) =
        body(app.put(&save, &json!({ "customer": customer, "reason": "x" }), Some(&app.user_token)).await).await;
    assert_eq!(status, 403);
    let after = app
        .store
        .read_stream(&order_stream(order_id), event_store::ReadFrom::Start, event_store::Direction::Forwards, 100)
        .await
        .expect("read")
        .len();
    assert_eq!(before, after, "nothing half-written");

    // The customer's details: an event with who and why.
    let (status, saved) = body(
        app.put(&save, &json!({ "customer": customer, "reason": "Literówka w nazwisku" }), Some(&app.admin_token))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["customer_changed"], true);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.customer.last_name.as_str(), "Nowak");

    // The buyer after the invoice was issued: a correction invoice of the data, amount 0.
    let buyer = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Firma Nowa S.A.",
        "address": "ul. Długa 2", "postal_code": "37-400", "city": "Nisko", "reason": "Zmiana nazwy firmy" });
    let (status, saved) =
        body(app.put(&format!("/api/order/order-invoice/save?id={order_id}"), &buyer, Some(&app.admin_token)).await)
            .await;
    assert_eq!(status, 200, "{saved}");
    let number = saved["data"]["correction_number"].as_str().expect("a correction").to_owned();
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let invoice = state.invoice.expect("invoice");
    assert_eq!((invoice.corrections.len(), invoice.corrections[0].amount), (1, 0));
    assert_eq!(invoice.buyer.map(|b| b.company_name), Some("Firma Nowa S.A.".to_owned()));
    let documents = app.invoiced(order_id, 2).await;
    let correction = documents.iter().find(|d| d["number"] == number.as_str()).expect("the correction listed");
    assert_eq!((correction["gross"].as_i64(), correction["buyer_name"].as_str()), (Some(0), Some("Firma Nowa S.A.")));
    let id = correction["id"].as_str().expect("id");
    let xml = app
        .get_as(&format!("/api/order/order-invoice/fa3?id={id}"), Some(&app.admin_token))
        .await
        .text()
        .await
        .expect("xml");
    if let Err(e) = test_support::fa3::validate("http-buyer", &xml) {
        panic!("{e}\n{xml}");
    }
    // The same data again is nothing to correct.
    let (status, again) =
        body(app.put(&format!("/api/order/order-invoice/save?id={order_id}"), &buyer, Some(&app.admin_token)).await)
            .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["data"]["correction_number"], Value::Null);
    // An issued invoice cannot be withdrawn.
    let (status, _) =
        body(app.put(&save, &json!({ "invoice": null, "reason": "bez faktury" }), Some(&app.admin_token)).await).await;
    assert_eq!(status, 409);
}

fn order_stream(order_id: Uuid) -> StreamName {
    StreamName::parse(domain::order::stream_name(order_id)).expect("stream")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_correction_after_a_full_return_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    app.invoiced(order_id, 1).await;
    let (status, _) = body(
        app.post(
            "/api/order/order/cancel",
            &json!({ "id": order_id, "reason": "Kurs odwołany" }),
            Some(&app.admin_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    app.invoiced(order_id, 2).await;
    let buyer = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Inna Firma",
        "address": "ul. Długa 2", "postal_code": "37-400", "city": "Nisko", "reason": "Zmiana" });
    let (status, refused) =
        body(app.put(&format!("/api/order/order-invoice/save?id={order_id}"), &buyer, Some(&app.admin_token)).await)
            .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "invoice.nothing_left", "{refused}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_office_sale_takes_seats_like_an_online_order_and_is_paid_there(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 3).await;
    let mut sale = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    sale["payment_method"] = json!("cash");

    // Only an admin sells at the office, and says how the customer paid.
    assert_eq!(app.post("/api/order/order/save", &sale, Some(&app.user_token), None).await.status(), 403);
    let mut no_method = sale.clone();
    no_method["payment_method"] = json!("cheque");
    let (status, refused) =
        body(app.post("/api/order/order/save", &no_method, Some(&app.admin_token), None).await).await;
    assert_eq!((status, field_names(&refused)), (422, vec!["payment_method".to_owned()]), "{refused}");

    let (status, sold) = body(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 201, "{sold}");
    assert_eq!(sold["data"]["status"], "paid");
    assert_eq!(sold["data"]["payment_url"], "");
    let order_id: Uuid = sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Paid);
    assert_eq!(state.payment.provider, "cash");
    assert_eq!(state.paid.as_ref().map(|p| p.amount), Some(3600));
    assert_eq!(state.user_id, None, "the customer's order, not the admin's");
    assert_eq!(app.loads(course).await.1, vec![2, 2]);

    // One seat is left, for online and office customers alike.
    let online = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    assert_eq!(app.place(&online).await.status(), 409, "never oversold against the office");
    assert_eq!(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await.status(), 409);
    let one = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    assert_eq!(app.place(&one).await.status(), 201);
    assert_eq!(app.loads(course).await.1, vec![3, 3]);

    // Who sold it is on its history.
    let history = format!("/api/order/order/timeline?id={order_id}");
    eventually("the office sale in the history", || async {
        let (_, entries) = body(app.get_as(&history, Some(&app.admin_token)).await).await;
        entries["data"].as_array().is_some_and(|e| e.iter().any(|x| x["type"] == "OrderPaid"))
    })
    .await;
    let (_, entries) = body(app.get_as(&history, Some(&app.admin_token)).await).await;
    let placed = entries["data"]
        .as_array()
        .and_then(|e| e.iter().find(|x| x["type"] == "OrderPlaced").cloned())
        .expect("placed");
    assert_eq!(
        (placed["actor"]["kind"].as_str(), placed["actor"]["email"].as_str()),
        (Some("admin"), Some("admin@example.test"))
    );

    // A ticket returned: the money was taken at the office, so it is paid back there, never
    // sent to the gateway (which does not know the payment).
    let number = &state.tickets[0].ticket.number;
    let (status, returned) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": number }), Some(&app.admin_token), None).await,
    )
    .await;
    assert_eq!(status, 200, "{returned}");
    let money = returned["data"]["money_refund"].as_i64().expect("n");
    let refunds = || async {
        sqlx::query_as::<_, (i64, String, i32, Option<String>)>(
            "select amount, status, attempts, last_error from refunds where order_id = $1",
        )
        .bind(order_id)
        .fetch_all(&app.pool)
        .await
        .expect("refunds")
    };
    eventually("the refund owed", || async { !refunds().await.is_empty() }).await;
    command_api::processes::refunds::send_due(&app.command_state().await).await.expect("the sender");
    assert_eq!(refunds().await, vec![(money, "at_office".to_owned(), 0, None)]);
    let (_, one) = body(app.get_as(&format!("/api/order/order/one?id={order_id}"), Some(&app.admin_token)).await).await;
    assert_eq!(one["data"]["gateway_refunds"][0]["status"], "at_office", "{one}");
    let (_, entries) = body(app.get_as(&history, Some(&app.admin_token)).await).await;
    assert!(entries["data"].as_array().is_some_and(|e| e.iter().any(|x| x["type"] == "RefundAtOffice")), "{entries}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_spec_saves_change_an_order_by_commands(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let later = course(&app, &line, tomorrow() + chrono::Duration::hours(3), 10).await;
    let full = course(&app, &line, tomorrow() + chrono::Duration::hours(5), 1).await;
    // A guest's order of two tickets, paid.
    let (status, placed) = body(app.place(&booking(first, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let admin = Some(app.admin_token.as_str());
    // The process has done what a payment does (the tickets are mailed) before the order
    // is given to an account: the stamps must come from the assignment itself.
    eventually("the tickets mailed", || async {
        !super::mailbox::mails_to(&app.data_dir, "jan.kowalski@example.test").is_empty()
    })
    .await;

    // order-user: the guest order goes to Jan's account, once; its tickets earn stamps.
    let save_user = format!("/api/order/order-user/save?id={order_id}");
    let assign = json!({ "user_id": app.user_id, "reason": "Klient założył konto" });
    let (status, _) = body(app.put(&save_user, &json!({ "user_id": app.user_id }), admin).await).await;
    assert_eq!(status, 422, "a reason is required");
    let (status, saved) = body(app.put(&save_user, &assign, admin).await).await;
    assert_eq!(status, 200, "{saved}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.user_id, Some(app.user_id));
    let other = json!({ "user_id": Uuid::new_v4(), "reason": "x" });
    assert_eq!(body(app.put(&save_user, &other, admin).await).await.0, 404, "no such account");
    let (admin_id,): (Uuid,) = sqlx::query_as("select id from users where role = 'SuperAdmin' limit 1")
        .fetch_one(&app.pool)
        .await
        .expect("admin");
    let (status, refused) =
        body(app.put(&save_user, &json!({ "user_id": admin_id, "reason": "x" }), admin).await).await;
    assert_eq!(status, 409, "{refused}");
    let stamps = || async {
        let card = domain::stamp_card::stream_name(app.user_id);
        let stream = StreamName::parse(card).expect("stream");
        load::<command_api::aggregate::StampCardAgg>(&app.store, &stream).await.expect("card").state.count()
    };
    eventually("two stamps for the two tickets", || async { stamps().await == 2 }).await;

    // order-waypoint: the outbound leg moves to the later course; not to a course without seats.
    let save_leg = format!("/api/order/order-waypoint/save?id={order_id}");
    let (status, refused) =
        body(app.put(&save_leg, &json!({ "course_id": full, "reason": "Awaria" }), admin).await).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(app.loads(full).await.1, vec![0, 0], "nothing moved");
    let (status, moved) =
        body(app.put(&save_leg, &json!({ "course_id": later, "reason": "Awaria" }), admin).await).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["data"]["tickets"].as_array().map(Vec::len), Some(2));
    eventually("the seats on the later course", || async { app.loads(later).await.1 == vec![2, 2] }).await;
    eventually("the seats off the first course", || async { app.loads(first).await.1 == vec![0, 0] }).await;

    // ticket: one ticket returned on the customer's behalf; the other keeps its course.
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket_id = state.tickets[0].ticket.ticket_id;
    eventually("the ticket in the read model", || async {
        sqlx::query_scalar::<_, bool>("select exists(select 1 from rm_tickets where ticket_id = $1)")
            .bind(ticket_id)
            .fetch_one(&app.pool)
            .await
            .unwrap_or(false)
    })
    .await;
    let save_ticket = format!("/api/order/ticket/save?id={ticket_id}");
    let both = json!({ "course_id": first, "status": "returned", "reason": "x" });
    assert_eq!(body(app.put(&save_ticket, &both, admin).await).await.0, 422);
    let (status, returned) =
        body(app.put(&save_ticket, &json!({ "status": "returned", "reason": "Choroba" }), admin).await).await;
    assert_eq!(status, 200, "{returned}");
    assert!(returned["data"]["fee"].is_i64(), "{returned}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.tickets[0].status, domain::order::TicketStatus::Returned);
    eventually("the returned ticket's stamp taken back", || async { stamps().await == 1 }).await;

    // course/stamp: the stamp of a returned ticket cannot be given back; taking the
    // other's back and giving it again works.
    let number = state.tickets[1].ticket.number.clone();
    let returned_number = state.tickets[0].ticket.number.clone();
    let give = |n: &str| json!({ "user_id": app.user_id, "ticket_number": n });
    assert_eq!(body(app.post("/api/course/stamp/save", &give(&returned_number), admin, None).await).await.0, 409);
    let take = json!({ "ticket_number": number, "stamped": false });
    let (status, _) = body(app.put(&format!("/api/course/stamp/save?id={}", app.user_id), &take, admin).await).await;
    assert_eq!(status, 200);
    assert_eq!(stamps().await, 0);
    let (status, _) = body(app.post("/api/course/stamp/save", &give(&number), admin, None).await).await;
    assert_eq!(status, 200);
    assert_eq!(stamps().await, 1);
    assert_eq!(
        body(app.post("/api/course/stamp/save", &give(&number), Some(&app.user_token), None).await).await.0,
        403
    );
}

/// Issue 29, defect 6: an admin who moves an order's journey to another course sees the
/// order on the new course the moment the change answers (its journey, each ticket, the
/// list's course), and the customer is sent each moved ticket.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_moved_by_the_admin_shows_its_new_course_at_once_and_the_customer_gets_it(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let later = course(&app, &line, tomorrow() + chrono::Duration::days(1), 10).await;
    let (status, placed) = body(app.place(&booking(first, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    eventually("the tickets", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if !s.tickets.is_empty())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let admin = Some(app.admin_token.as_str());
    let page = format!("/api/order/order/one?id={order_id}");
    eventually("the order's page", || async {
        let (_, shown) = body(app.get_as(&page, admin).await).await;
        shown["data"]["tickets"].as_array().is_some_and(|t| t.len() == 2)
    })
    .await;

    let save_leg = format!("/api/order/order-waypoint/save?id={order_id}");
    let (status, moved) =
        body(app.put(&save_leg, &json!({ "course_id": later, "reason": "Awaria" }), admin).await).await;
    assert_eq!(status, 200, "{moved}");
    // Read at once, as the admin's page does after the answer.
    let (_, shown) = body(app.get_as(&page, admin).await).await;
    let shown = &shown["data"];
    assert_eq!(shown["outbound"]["course_id"], json!(later), "the journey is on the new course: {}", shown["outbound"]);
    for ticket in shown["tickets"].as_array().expect("tickets") {
        assert_eq!(ticket["course_id"], json!(later), "{ticket}");
    }
    let listed: Uuid = sqlx::query_scalar("select outbound_course_id from rm_orders where order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .expect("the list's row");
    assert_eq!(listed, later, "the orders list filters by the course it travels on");

    // One message for the whole move (issue 39: never one per ticket), naming every ticket.
    let numbers: Vec<&str> = state.tickets.iter().map(|t| t.ticket.number.as_str()).collect();
    let subject = match numbers.as_slice() {
        [one] => format!("Bilet {one} na nowy kurs"),
        many => format!("Bilety {} na nowy kurs", many.join(", ")),
    };
    let email = state.customer.email.as_ref().map_or("", |e| e.as_str());
    eventually(&format!("the e-mail {subject}"), || async {
        super::mailbox::mails_to(&app.data_dir, email).iter().any(|m| m.subject.starts_with(&subject))
    })
    .await;
    let mails = super::mailbox::mails_to(&app.data_dir, email);
    let moved: Vec<_> = mails.iter().filter(|m| m.subject.contains("na nowy kurs")).collect();
    assert_eq!(moved.len(), 1, "one message for the move: {moved:#?}");
    assert!(moved[0].attachments.iter().any(|a| a.content_type == "application/pdf"), "the new tickets attached");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_cancelled_orders_tickets_read_cancelled_not_valid(pool: PgPool) {
    let app = spawn(pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let page = format!("/api/order/order/one?id={order_id}");
    let statuses = || async {
        let (_, one) = body(app.get_as(&page, Some(&app.admin_token)).await).await;
        let tickets = one["data"]["tickets"].as_array().cloned().unwrap_or_default();
        (one["data"]["status"].clone(), tickets.iter().map(|t| t["status"].clone()).collect::<Vec<_>>())
    };
    eventually("the tickets issued", || async { statuses().await.1 == vec![json!("valid"), json!("valid")] }).await;
    let (status, cancelled) = body(
        app.post(
            "/api/order/order/cancel",
            &json!({ "id": order_id, "reason": "Awaria" }),
            Some(&app.admin_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    eventually("the order cancelled", || async { statuses().await.0 == "cancelled" }).await;
    assert_eq!(statuses().await.1, vec![json!("cancelled"), json!("cancelled")]);
    let (_, list) = body(
        app.get_as(
            &format!("/api/order/ticket/all?filter[order_id][eq]={order_id}&filter[status][eq]=cancelled"),
            Some(&app.admin_token),
        )
        .await,
    )
    .await;
    assert_eq!(list["data"]["models"].as_array().map(Vec::len), Some(2), "{list}");
}
