//! The office's desk through real HTTP (issue 29, defect 5): a walk-in passenger sold a
//! ticket without an e-mail or a phone, the tickets and the confirmation of payment
//! printed as a PDF for the 80 mm receipt printer and for A4, and a card-terminal sale
//! returned and refunded on the terminal, not in cash.

use domain::order::Order;
use serde_json::json;
use uuid::Uuid;

use super::*;

/// A sale at the desk of two seats, paid by `method`, with the customer's contact as given.
async fn sell(app: &BookingApp, email: &str, phone: &str, method: &str) -> (u16, Value) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 5).await;
    let mut sale = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    sale["customer"]["email"] = json!(email);
    sale["customer"]["phone"] = json!(phone);
    sale["payment_method"] = json!(method);
    body(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await).await
}

fn order_id(sold: &Value) -> Uuid {
    sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

async fn print(app: &BookingApp, order_id: Uuid, format: &str, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(&format!("/api/order/order/print?id={order_id}&format={format}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

/// The widths of the PDF's pages and its text.
fn read_pdf(bytes: &[u8]) -> (Vec<f32>, String) {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let widths = doc
        .get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).expect("a page");
            page.get(b"MediaBox").and_then(|m| m.as_array()).expect("a media box")[2].as_float().expect("a width")
        })
        .collect();
    (widths, doc.extract_text(&pages).expect("text"))
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_walk_in_passenger_buys_without_email_or_phone_and_gets_the_tickets_printed(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let (status, sold) = sell(&app, "", "", "cash").await;
    assert_eq!(status, 201, "{sold}");
    assert_eq!(sold["data"]["status"], "paid");
    let order_id = order_id(&sold);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!((&state.customer.email, &state.customer.phone), (&None, &None));

    // An e-mail that is given is checked by the one rule, at the desk too.
    let (status, refused) = sell(&app, "jan@", "", "cash").await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "customer.email", "{refused}");

    // The print: on the 80 mm roll, a page per ticket and the confirmation of payment.
    let response = print(&app, order_id, "receipt", Some(&app.admin_token)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = response.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"%PDF-"));
    let (widths, text) = read_pdf(&bytes);
    assert_eq!(widths.len(), 3, "two tickets and the confirmation");
    assert!(widths.iter().all(|w| (w - 226.77).abs() < 0.05), "80 mm wide: {widths:?}");
    for expected in [
        state.tickets[0].ticket.number.as_str(),
        state.tickets[1].ticket.code.as_str(),
        state.outbound.route_name.as_str(),
        "POTWIERDZENIE ZAPŁATY",
        "Gotówka / Cash",
        "Nisko Bus sp. z o.o.",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
    // On A4: the ticket cards and the confirmation.
    let response = print(&app, order_id, "a4", Some(&app.admin_token)).await;
    assert_eq!(response.status(), 200);
    let (widths, text) = read_pdf(&response.bytes().await.expect("bytes"));
    assert!(widths.iter().all(|w| (w - 595.28).abs() < 0.05), "{widths:?}");
    assert!(text.contains("POTWIERDZENIE ZAPŁATY"), "{text:?}");

    // Only an admin prints; a paper the desk has not is refused.
    assert_eq!(print(&app, order_id, "receipt", None).await.status(), 401);
    assert_eq!(print(&app, order_id, "receipt", Some(&app.user_token)).await.status(), 403);
    assert_eq!(print(&app, order_id, "a5", Some(&app.admin_token)).await.status(), 422);
    assert_eq!(print(&app, Uuid::new_v4(), "a4", Some(&app.admin_token)).await.status(), 404);

    // Nothing is sent to an order without an address; asked to, it says why.
    let send = format!("/api/order/order/send-ticket?id={order_id}");
    let (status, refused) = body(app.post(&send, &json!({}), Some(&app.admin_token), None).await).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("email")), "{refused}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_card_terminal_sale_returned_is_refunded_on_the_terminal_and_cash_in_cash(pool: PgPool) {
    let app = spawn(pool).await;
    let mut statuses = Vec::new();
    for method in ["card_terminal", "cash"] {
        let (status, sold) = sell(&app, "jan.kowalski@example.test", "+48 600 100 200", method).await;
        assert_eq!(status, 201, "{sold}");
        let order_id = order_id(&sold);
        let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
        let number = &state.tickets[0].ticket.number;
        let (status, returned) = body(
            app.post("/api/order/order/return-ticket", &json!({ "number": number }), Some(&app.admin_token), None)
                .await,
        )
        .await;
        assert_eq!(status, 200, "{returned}");
        let refunds = || async {
            sqlx::query_scalar::<_, String>("select status from refunds where order_id = $1")
                .bind(order_id)
                .fetch_all(&app.pool)
                .await
                .expect("refunds")
        };
        eventually("the refund owed", || async { !refunds().await.is_empty() }).await;
        command_api::processes::refunds::send_due(&app.command_state().await).await.expect("the sender");
        statuses.push(refunds().await);
        let history = format!("/api/order/order/timeline?id={order_id}");
        let expected = if method == "cash" { "RefundAtOffice" } else { "RefundAtTerminal" };
        eventually("the refund in the history", || async {
            let request = app.client.get(app.url(&history)).bearer_auth(&app.admin_token);
            let (_, entries) = body(request.send().await.expect("history")).await;
            entries["data"].as_array().is_some_and(|e| e.iter().any(|x| x["type"] == expected))
        })
        .await;
    }
    assert_eq!(statuses, vec![vec!["at_terminal".to_owned()], vec!["at_office".to_owned()]]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_desk_order_without_a_contact_is_corrected_without_making_one_up(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let (status, sold) = sell(&app, "", "", "cash").await;
    assert_eq!(status, 201, "{sold}");
    let order_id = order_id(&sold);
    let save = format!("/api/order/order/save?id={order_id}");
    let customer = |last_name: &str, email: &str, phone: &str| {
        json!({ "customer": { "first_name": "Jan", "last_name": last_name, "email": email, "phone": phone },
            "reason": "literówka w nazwisku" })
    };

    // The walk-in passenger's name is corrected; the e-mail and the phone stay blank.
    let (status, saved) = app.put_as_admin(&save, &customer("Przechodni", "", "")).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["customer_changed"], true, "{saved}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(
        (state.customer.last_name.as_str(), &state.customer.email, &state.customer.phone),
        ("Przechodni", &None, &None)
    );

    // A contact that is given is checked by the one rule, and once given it is not blanked.
    let (status, refused) = app.put_as_admin(&save, &customer("Przechodni", "jan@", "")).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("customer.email")), "{refused}");
    let (status, saved) = app.put_as_admin(&save, &customer("Przechodni", "jan@example.test", "")).await;
    assert_eq!(status, 200, "{saved}");
    let (status, refused) = app.put_as_admin(&save, &customer("Przechodni", "", "")).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "customer.email", "{refused}");
    assert_eq!(refused["errors"][0]["code"], "field.blank", "{refused}");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.customer.email.as_ref().map(|e| e.as_str()), Some("jan@example.test"));
}
