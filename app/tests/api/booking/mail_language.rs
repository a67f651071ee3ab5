//! Every message about an order is in the language it was placed in: an order placed on
//! the English site (`Accept-Language: en`, as the web app sends it) gets its tickets and
//! its invoice in English, with links to the English pages; only the invoice document
//! itself stays Polish, as the law wants.

use serde_json::json;

use super::invoice_mails::company_with_offices;
use super::mailbox::{mails_to, Mail};
use super::*;

const CUSTOMER: &str = "jane.smith@example.test";

/// Words of the Polish e-mails that must not appear in an English one.
const POLISH: [&str; 8] =
    ["Dzień dobry", "Twoje bilety", "Tam:", "Zamówienie", "kod ", "w załączniku", "Pozdrawiamy", "zamówienie"];

async fn the_mail(app: &BookingApp, subject_starts: &str) -> Mail {
    eventually(&format!("the e-mail {subject_starts}…"), || async {
        mails_to(&app.data_dir, CUSTOMER).iter().any(|m| m.subject.starts_with(subject_starts))
    })
    .await;
    let found: Vec<Mail> =
        mails_to(&app.data_dir, CUSTOMER).into_iter().filter(|m| m.subject.starts_with(subject_starts)).collect();
    assert_eq!(found.len(), 1, "once: {found:#?}");
    found.into_iter().next().expect("one")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_placed_in_english_is_told_in_english(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company_with_offices(&app.pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    order["customer"]["email"] = json!(CUSTOMER);
    order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
        "company_name": "Firma Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    let placed = app
        .client
        .post(app.url("/api/order/order/place"))
        .header("Accept-Language", "en-GB,en;q=0.9")
        .json(&order)
        .send()
        .await
        .expect("place");
    let (status, placed) = body(placed).await;
    assert_eq!(status, 201, "{placed}");
    let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
    assert_eq!(paid.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let domain::order::Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(state.customer.language, domain::order::Language::En, "the order records its language");

    let tickets = the_mail(&app, "Your tickets").await;
    assert_eq!(tickets.subject, format!("Your tickets – order {}", state.display_number()));
    assert!(tickets.text.starts_with("Hello "), "{}", tickets.text);
    assert!(tickets.text.contains("Outward journey: "), "{}", tickets.text);
    assert!(tickets.text.contains(&format!("/en/order/success/{}", state.hash_id)), "{}", tickets.text);
    assert!(tickets.text.contains("/en/user/return-ticket"), "{}", tickets.text);

    let invoice = the_mail(&app, "Invoice ").await;
    assert!(invoice.text.contains("attached is VAT invoice"), "{}", invoice.text);
    assert!(invoice.text.contains(&format!("/en/order/success/{}", state.hash_id)), "{}", invoice.text);
    for mail in [&tickets, &invoice] {
        for polish in POLISH {
            assert!(!mail.text.contains(polish), "{polish:?} in an English e-mail: {}", mail.text);
            assert!(!mail.subject.contains(polish), "{polish:?} in an English subject: {}", mail.subject);
        }
    }
}
