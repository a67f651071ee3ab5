//! Invoice numbers are consecutive and nothing is lost: an append of an invoice or of a
//! correction that fails is retried (the reactions' runner offers the event again) under
//! the number it took, so the series has no gap and the document is issued.
//!
//! The failure is injected in the database: a trigger on `es_events` refuses the first
//! append of one event type, counting its attempts in a sequence (which, unlike a table,
//! a failed transaction does not roll back).

use domain::order::{Order, OrderStatus};
use serde_json::json;
use uuid::Uuid;

use super::*;

/// Refuse the first append of `event_type`; its attempts are counted in `test_attempts`.
async fn fail_first_append(pool: &PgPool, event_type: &str) {
    sqlx::query("create sequence test_attempts").execute(pool).await.expect("sequence");
    let function = format!(
        "create function test_fail_first() returns trigger language plpgsql as $$ begin \
           if new.event_type = '{event_type}' and nextval('test_attempts') = 1 then \
             raise exception 'injected failure of the first {event_type} append'; \
           end if; \
           return new; \
         end $$"
    );
    sqlx::query(&function).execute(pool).await.expect("function");
    sqlx::query(
        "create trigger test_fail_first before insert on es_events for each row execute function test_fail_first()",
    )
    .execute(pool)
    .await
    .expect("trigger");
}

async fn attempts(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select case when is_called then last_value else 0 end from test_attempts")
        .fetch_one(pool)
        .await
        .expect("attempts")
}

/// An order of two tickets with an invoice, placed and paid in the sandbox.
pub(super) async fn paid_order_with_invoice(app: &BookingApp) -> Uuid {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    paid_order_on(app, &line, course).await
}

/// Two tickets A → C on `course`, with an invoice, placed and paid in the sandbox.
async fn paid_order_on(app: &BookingApp, line: &Line, course: Uuid) -> Uuid {
    let mut order = booking(course, line, 0, 2, json!([{ "qty": 2 }]));
    order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
        "company_name": "Firma Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
    assert_eq!(paid.status(), 303);
    order_id
}

/// The company's invoice prefix (`FV` without a company row, as the settings say).
async fn invoice_prefix(pool: &PgPool) -> String {
    let prefix: Option<String> = sqlx::query_scalar("select invoice_prefix from companies order by id limit 1")
        .fetch_optional(pool)
        .await
        .expect("prefix");
    prefix.unwrap_or_else(|| "FV".to_owned())
}

async fn invoice_counter(pool: &PgPool, series: &str) -> Option<i64> {
    sqlx::query_scalar("select last from invoice_counters where series = $1")
        .bind(series)
        .fetch_optional(pool)
        .await
        .expect("counter")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failed_invoice_append_is_retried_under_the_number_it_took(pool: PgPool) {
    let app = spawn(pool).await;
    fail_first_append(&app.pool, "InvoiceIssued").await;
    let first = paid_order_with_invoice(&app).await;

    eventually("the invoice, after a failed append", || async {
        matches!(app.order(first).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    assert!(attempts(&app.pool).await >= 2, "the first append failed and was retried");
    let Order::Placed(state) = app.order(first).await else { panic!("placed") };
    assert_eq!(state.status, OrderStatus::Paid);
    let year = chrono::Datelike::year(&api_core::time::warsaw_today());
    let prefix = invoice_prefix(&app.pool).await;
    assert_eq!(state.invoice.as_ref().map(|i| i.number.clone()), Some(format!("{prefix}/{year}/1")), "no number burnt");
    assert_eq!(invoice_counter(&app.pool, &prefix).await, Some(1));

    // The next invoice is the next number.
    let second = paid_order_with_invoice(&app).await;
    eventually("the second invoice", || async {
        matches!(app.order(second).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    let Order::Placed(state) = app.order(second).await else { panic!("placed") };
    assert_eq!(state.invoice.map(|i| i.number), Some(format!("{prefix}/{year}/2")));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failed_correction_append_is_retried_and_the_correction_issued(pool: PgPool) {
    let app = spawn(pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    fail_first_append(&app.pool, "InvoiceCorrected").await;

    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");

    let corrections = || async {
        match app.order(order_id).await {
            Order::Placed(s) => s.invoice.map(|i| i.corrections).unwrap_or_default(),
            _ => vec![],
        }
    };
    eventually("the correction, after a failed append", || async { !corrections().await.is_empty() }).await;
    assert!(attempts(&app.pool).await >= 2, "the first append failed and was retried");
    let year = chrono::Datelike::year(&api_core::time::warsaw_today());
    let prefix = invoice_prefix(&app.pool).await;
    let issued = corrections().await;
    assert_eq!(issued.len(), 1, "{issued:?}");
    assert_eq!(issued[0].number, format!("{prefix}-KOR/{year}/1"), "no number burnt");
    let refunded = returned["data"]["price"].as_i64().expect("price") - returned["data"]["fee"].as_i64().expect("fee");
    assert_eq!(issued[0].amount, -refunded, "the ticket's price less the fee");
    assert_eq!(invoice_counter(&app.pool, &format!("{prefix}-KOR")).await, Some(1));
}

/// The corrections of the order's invoice, once it has one.
async fn corrections_of(app: &BookingApp, order_id: Uuid) -> Vec<domain::order::InvoiceCorrection> {
    match app.order(order_id).await {
        Order::Placed(s) => s.invoice.map(|i| i.corrections).unwrap_or_default(),
        _ => vec![],
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_cancellation_after_payment_corrects_the_invoice_to_what_was_kept(pool: PgPool) {
    let app = spawn(pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;

    let cancel = json!({ "id": order_id, "reason": "Kurs odwołany" });
    let (status, cancelled) =
        body(app.post("/api/order/order/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{cancelled}");

    eventually("the correction", || async { !corrections_of(&app, order_id).await.is_empty() }).await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let invoice = state.invoice.expect("the invoice");
    assert_eq!(invoice.corrections.len(), 1, "{:?}", invoice.corrections);
    assert_eq!(invoice.corrections[0].amount, -invoice.total, "two tickets of 18 zł given back in full");
    assert_eq!(invoice.total, 3600);
    let year = chrono::Datelike::year(&api_core::time::warsaw_today());
    assert_eq!(invoice.corrections[0].number, format!("{}-KOR/{year}/1", invoice_prefix(&app.pool).await));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_move_to_a_cheaper_course_corrects_the_invoice_by_the_difference(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let order_id = paid_order_on(&app, &line, first).await;
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    // The stretch costs 15 zł from now on; a later course is that much cheaper.
    sqlx::query(
        "update route_prices set price = 1500 where route_id = $1 and from_waypoint_id = $2 and to_waypoint_id = $3",
    )
    .bind(line.route_id)
    .bind(line.stops[0])
    .bind(line.stops[2])
    .execute(&app.pool)
    .await
    .expect("price");
    let later = course(&app, &line, tomorrow() + chrono::Duration::days(1), 10).await;

    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let change = json!({ "number": ticket.number, "code": ticket.code, "course_id": later });
    let (status, changed) = body(app.post("/api/order/order/change-course", &change, None, None).await).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["data"]["price_difference"], -300);

    eventually("the correction", || async { !corrections_of(&app, order_id).await.is_empty() }).await;
    let issued = corrections_of(&app, order_id).await;
    assert_eq!(issued.len(), 1, "{issued:?}");
    assert_eq!(issued[0].amount, -300);
}
