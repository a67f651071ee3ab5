//! The passenger after the purchase: a ticket moved to another course is shown on its new
//! course the moment the change answers (the order's page, its QR code), and the customer
//! is sent the new ticket; a returned ticket's message says what comes back and where.

use domain::order::Order;
use serde_json::json;
use serde_json::Value;

use super::mailbox::{mails_to, Mail};
use super::*;

const CUSTOMER: &str = "jan.kowalski@example.test";

/// The one message to the customer whose subject starts with `subject`, once it came.
async fn the_mail(app: &BookingApp, subject: &str) -> Mail {
    eventually(&format!("the e-mail {subject}…"), || async {
        mails_to(&app.data_dir, CUSTOMER).iter().any(|m| m.subject.starts_with(subject))
    })
    .await;
    let found: Vec<Mail> =
        mails_to(&app.data_dir, CUSTOMER).into_iter().filter(|m| m.subject.starts_with(subject)).collect();
    assert_eq!(found.len(), 1, "once: {found:#?}");
    found.into_iter().next().expect("one")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_moved_ticket_shows_its_new_course_at_once_and_the_customer_gets_it(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let later = course(&app, &line, tomorrow() + chrono::Duration::days(1), 10).await;
    let placed = app.place(&booking(first, &line, 0, 2, json!([{ "qty": 2 }]))).await;
    let (status, placed) = body(placed).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    eventually("the tickets", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if !s.tickets.is_empty())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let page = format!("/api/order/order/success-data?hash_id={}", state.hash_id);
    eventually("the order's page", || async {
        app.client.get(app.url(&page)).send().await.expect("page").status() == 200
    })
    .await;

    for ticket in &state.tickets {
        let ticket = &ticket.ticket;
        let change = json!({ "number": ticket.number, "code": ticket.code, "course_id": later });
        let (status, changed) = body(app.post("/api/order/order/change-course", &change, None, None).await).await;
        assert_eq!(status, 200, "{changed}");
        // Read at once, as the page does after the answer: the new course, not the old one.
        let (_, shown) = body(app.client.get(app.url(&page)).send().await.expect("page")).await;
        let shown = shown["data"]["tickets"].as_array().expect("tickets").iter().find(|t| t["number"] == ticket.number);
        let shown = shown.expect("the ticket");
        assert_eq!(shown["course_id"], json!(later), "the page shows the new course, not {}", shown["departure_at"]);
        assert_eq!(shown["course_changed"], json!(true));
    }

    let ticket = &state.tickets[0].ticket;
    let moved = the_mail(&app, &format!("Bilet {} na nowy kurs", ticket.number)).await;
    assert!(moved.text.contains(&format!("bilet {} jest teraz na kurs", ticket.number)), "{}", moved.text);
    assert!(moved.attachments.iter().any(|a| a.content_type == "application/pdf"), "the new ticket attached");

    // A return: the sum, and where it goes.
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    let mail = the_mail(&app, &format!("Zwrot biletu {}", ticket.number)).await;
    let price = returned["data"]["price"].as_i64().expect("price");
    let fee = returned["data"]["fee"].as_i64().expect("fee");
    let back = domain::money::format_pln(price - fee);
    assert!(mail.text.contains(&format!("= zwrot {back}")), "{}", mail.text);
    assert!(mail.text.contains(&format!("- {back} na kartę lub konto")), "{}", mail.text);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_return_is_quoted_before_it_is_confirmed_and_the_quote_is_what_comes_back(pool: PgPool) {
    let app = spawn(pool).await;
    let issued = json!({ "code": "LATO5", "value": 500 });
    let (status, coupon) = body(app.post("/api/order/coupon/save", &issued, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 201, "{coupon}");
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    order["coupon"] = json!({ "code": "LATO5" });
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    eventually("the tickets", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if !s.tickets.is_empty())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;

    // The code is checked first: a wrong one is refused at its field, before any question.
    let wrong = json!({ "number": ticket.number, "code": "NOTTHECODE" });
    let (status, refused) = body(app.post("/api/order/order/return-quote", &wrong, None, None).await).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("code")), "{refused}");

    let ask = json!({ "number": ticket.number, "code": ticket.code });
    let (status, quote) = body(app.post("/api/order/order/return-quote", &ask, None, None).await).await;
    assert_eq!(status, 200, "{quote}");
    let quote = &quote["data"];
    let amount = |v: &Value| v.as_i64().expect("an amount");
    assert_eq!(amount(&quote["back"]), amount(&quote["price"]) - amount(&quote["fee"]), "{quote}");
    assert_eq!(amount(&quote["back"]), amount(&quote["coupon_refund"]) + amount(&quote["money_refund"]), "{quote}");
    assert!(amount(&quote["coupon_refund"]) > 0, "the coupon paid a share: {quote}");
    assert_eq!((quote["coupon_code"].as_str(), quote["money_to"].as_str()), (Some("LATO5"), Some("payment")));
    assert!(
        matches!(app.order(order_id).await, Order::Placed(s) if s.tickets[0].status == domain::order::TicketStatus::Valid),
        "a quote returns nothing"
    );

    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ask, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    for field in ["price", "fee", "coupon_refund", "money_refund"] {
        assert_eq!(returned["data"][field], quote[field], "{field}: the return is what was quoted");
    }
}
