//! The finance month through real HTTP (issue 40): this month's sales made through the
//! product (an online order with a company's invoice, paid in the sandbox and accepted by
//! the KSeF stand-in or not yet; a desk sale in cash without an invoice, one ticket
//! returned; the till's day closed with its Z report), then `GET /api/finance/jpk` (the
//! file, valid against the official schema, its sums the sales register's) and
//! `GET /api/finance/sales-register`, and every bad request refused with its code.

use serde_json::{json, Value};
use uuid::Uuid;

use super::*;

async fn get(app: &BookingApp, path: &str, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

fn this_month() -> String {
    api_core::time::warsaw_today().format("%Y-%m").to_string()
}

fn between<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    xml.match_indices(&open)
        .filter_map(|(at, _)| {
            xml[at + open.len()..].find(&close).map(|end| &xml[at + open.len()..at + open.len() + end])
        })
        .collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn this_months_sales_make_a_valid_jpk_and_a_sales_register_with_the_same_sums(pool: PgPool) {
    let app = spawn(pool).await;
    let month = this_month();
    let jpk = |query: String| {
        get(&app, Box::leak(format!("/api/finance/jpk?{query}").into_boxed_str()), Some(&app.admin_token))
    };

    // Before the company has its e-mail: refused, naming what is missing.
    company(&app.pool).await;
    let (status, refused) = body(jpk(format!("month={month}&tax_office=1811")).await).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("jpk.company_incomplete")), "{refused}");
    sqlx::query("update companies set invoice_email = 'faktury@niskobus.example'").execute(&app.pool).await.unwrap();

    // An online order with a company's invoice, paid.
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
        "company_name": "Kolej Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let online: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    eventually("the invoice", || async {
        matches!(app.order(online).await, domain::order::Order::Placed(s) if s.invoice.is_some())
    })
    .await;

    // A desk sale in cash of two seats, one returned at the desk.
    let mut sale = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    sale["customer"]["email"] = json!("");
    sale["customer"]["phone"] = json!("");
    sale["payment_method"] = json!("cash");
    let (status, sold) = body(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 201, "{sold}");
    let desk: Uuid = sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let domain::order::Order::Placed(desk_order) = app.order(desk).await else { panic!() };
    let ticket = desk_order.tickets[0].ticket.number.clone();
    let (status, returned) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": ticket }), Some(&app.admin_token), None).await,
    )
    .await;
    assert_eq!(status, 200, "{returned}");

    // The till's day closed with its Z report: the desk's row is named by it.
    eventually("the till's sale", || async {
        let (_, day) = body(get(&app, "/api/till/day/one", Some(&app.admin_token)).await).await;
        day["data"]["cash_sales"] == json!(desk_order.to_pay)
    })
    .await;
    let (_, day) = body(get(&app, "/api/till/day/one", Some(&app.admin_token)).await).await;
    let expected = day["data"]["expected_cash"].clone();
    let close = json!({ "counted_cash": expected, "z_report": "Z/0007" });
    let (status, closed) = body(app.post("/api/till/day/close", &close, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{closed}");

    // The file: valid, the invoice with its KSeF marker, the desk's day as RO of its Z report.
    let response = jpk(format!("month={month}&tax_office=1811")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/xml");
    let xml = response.text().await.expect("xml");
    if let Err(e) = test_support::jpk::validate("http", &xml) {
        panic!("{e}\n{xml}");
    }
    let domain::order::Order::Placed(online_order) = app.order(online).await else { panic!() };
    let invoice_number = online_order.invoice.as_ref().expect("invoice").number.clone();
    let documents = between(&xml, "DowodSprzedazy");
    assert_eq!(documents, [invoice_number.as_str(), "RO Z/0007"], "{xml}");
    assert_eq!(between(&xml, "NIP"), ["8652556348"]);
    assert_eq!(between(&xml, "KodUrzedu"), ["1811"]);
    assert_eq!(between(&xml, "TypDokumentu"), ["RO"]);
    assert!(between(&xml, "NrKSeF").len() + between(&xml, "OFF").len() == 1, "the invoice is marked: {xml}");

    // The summary and the sales register agree with the file.
    let (status, summary) = body(jpk(format!("month={month}&tax_office=1811&format=json")).await).await;
    assert_eq!(status, 200, "{summary}");
    let request = get(&app, &format!("/api/finance/sales-register?month={month}"), Some(&app.admin_token)).await;
    let (status, register) = body(request).await;
    assert_eq!(status, 200, "{register}");
    let rows = register["data"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "{register}");
    assert_eq!(rows[1]["kind"], "RO");
    // The desk's day: what stayed sold (the seat kept and the fee of the one returned).
    let kept = desk_order.total - (desk_order.tickets[0].ticket.price - returned["data"]["fee"].as_i64().unwrap_or(0));
    assert_eq!(rows[1]["gross"], kept, "{register}");
    assert_eq!(register["data"]["tax_due"], summary["data"]["tax_due"]);
    let tax: i64 = between(&xml, "K_18").iter().map(|t| (t.parse::<f64>().unwrap() * 100.0).round() as i64).sum();
    assert_eq!(summary["data"]["tax_due"], tax);
    let whole = (tax + 50) / 100;
    assert_eq!(between(&xml, "P_38"), [whole.to_string()]);
    let csv = get(&app, &format!("/api/finance/sales-register?month={month}&format=csv"), Some(&app.admin_token)).await;
    let csv = csv.text().await.expect("csv");
    assert!(csv.contains(";Razem 8 %;"), "{csv}");

    // Bad requests change nothing and say why.
    for (query, field, code) in [
        ("month=2999-01&tax_office=1811".to_owned(), "month", "jpk.month_in_future"),
        ("month=2025-12&tax_office=1811".to_owned(), "month", "jpk.month_before_schema"),
        (format!("month={month}"), "tax_office", "field.blank"),
        (format!("month={month}&tax_office=9999"), "tax_office", "jpk.tax_office_unknown"),
        (format!("month={month}&tax_office=1811&format=pdf"), "format", "field.invalid_choice"),
        ("month=listopad&tax_office=1811".to_owned(), "month", "field.invalid"),
    ] {
        let (status, refused) = body(jpk(query.clone()).await).await;
        assert_eq!(status, 422, "{query}: {refused}");
        let error: &Value = &refused["errors"][0];
        assert_eq!((error["field"].as_str(), error["code"].as_str()), (Some(field), Some(code)), "{query}: {refused}");
    }
    assert_eq!(get(&app, &format!("/api/finance/jpk?month={month}&tax_office=1811"), None).await.status(), 401);
    let as_user = get(&app, &format!("/api/finance/jpk?month={month}&tax_office=1811"), Some(&app.user_token)).await;
    assert_eq!(as_user.status(), 403);
}
