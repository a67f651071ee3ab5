//! `GET /api/order/order-invoice/register` through HTTP: an order with an invoice is
//! paid, one ticket returned (a correction), and the register is asked for as of
//! yesterday (neither document) and as of today (both). The cut at an instant inside a
//! day is tested against the store in `finance/tests/replay.rs`.

use chrono::NaiveDate;
use domain::order::Order;
use serde_json::{json, Value};
use uuid::Uuid;

use super::*;

/// Two tickets A → C with an invoice, placed and paid in the sandbox.
async fn paid_order_with_invoice(app: &BookingApp) -> Uuid {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
    order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
        "company_name": "Firma; \"Kolej\" Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
    assert_eq!(paid.status(), 303);
    order_id
}

async fn register(app: &BookingApp, query: &str, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(&format!("/api/order/order-invoice/register?{query}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

async fn json_register(app: &BookingApp, as_of: NaiveDate, from: NaiveDate, to: NaiveDate) -> Value {
    let response = register(app, &format!("as_of={as_of}&from={from}&to={to}"), Some(&app.admin_token)).await;
    assert_eq!(response.headers()["content-type"], "application/json");
    let (status, answer) = body(response).await;
    assert_eq!(status, 200, "{answer}");
    answer
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_register_as_of_yesterday_lacks_todays_invoice_and_as_of_today_has_both_documents(pool: PgPool) {
    let app = spawn(pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    eventually("the correction", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.as_ref().is_some_and(|i| !i.corrections.is_empty()))
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let invoice = state.invoice.expect("the invoice");
    let correction = &invoice.corrections[0];
    let today = api_core::time::warsaw_today();
    let yesterday = today.pred_opt().expect("a day before");

    // As of yesterday: neither document, though both are dated within the dates asked.
    let before = json_register(&app, yesterday, yesterday, today).await;
    assert_eq!(before["data"]["rows"], json!([]), "{before}");
    assert_eq!(before["data"]["totals"], json!({ "net": 0, "vat": 0, "gross": 0 }));
    assert_eq!(before["data"]["as_of"], yesterday.to_string());

    // As of today: the invoice, then its correction, which names it and takes back the
    // returned ticket's value.
    let now = json_register(&app, today, today, today).await;
    let rows = now["data"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "{now}");
    assert_eq!((&rows[0]["number"], &rows[0]["kind"]), (&json!(invoice.number), &json!("VAT")));
    assert_eq!(rows[0]["gross"], invoice.total);
    assert_eq!(rows[0]["buyer_tax_id"], "5260250274", "stored without the dashes");
    assert_eq!(rows[0]["buyer_name"], "Firma; \"Kolej\" Sp. z o.o.");
    assert_eq!(rows[0]["corrects_number"], Value::Null);
    assert_eq!((&rows[1]["number"], &rows[1]["kind"]), (&json!(correction.number), &json!("KOR")));
    assert_eq!(rows[1]["corrects_number"], invoice.number);
    assert_eq!(rows[1]["gross"], correction.amount);
    assert!(correction.amount < 0, "a return takes value back");
    assert_eq!(rows[1]["issue_date"], today.to_string());
    for row in rows {
        assert_eq!(
            row["net"].as_i64().unwrap() + row["vat"].as_i64().unwrap(),
            row["gross"].as_i64().unwrap(),
            "{row}"
        );
    }
    let total = |field: &str| rows.iter().map(|r| r[field].as_i64().unwrap()).sum::<i64>();
    assert_eq!(
        now["data"]["totals"],
        json!({ "net": total("net"), "vat": total("vat"), "gross": invoice.total + correction.amount })
    );

    // The same register as CSV, for a spreadsheet.
    let query = format!("as_of={today}&from={today}&to={today}&format=csv");
    let response = register(&app, &query, Some(&app.admin_token)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert_eq!(disposition, format!("attachment; filename=\"rejestr-vat_{today}_{today}_stan-na-{today}.csv\""));
    let bytes = response.bytes().await.unwrap();
    // A BOM first, so that Excel reads it as UTF-8; then Polish text with decimal commas.
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF");
    let csv = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "Numer;Rodzaj;Data wystawienia;Data sprzedaży;Nabywca;NIP;Stawka VAT;Netto;VAT;Brutto;Faktura korygowana;Numer KSeF"
    );
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].starts_with(&format!("{};VAT;{today};", invoice.number)), "{csv}");
    assert!(lines[1].contains(";\"Firma; \"\"Kolej\"\" Sp. z o.o.\";5260250274;8;"), "{csv}");
    let gross = format!("-{},{:02}", correction.amount.abs() / 100, correction.amount.abs() % 100);
    // Then the KSeF number column (empty until KSeF accepts the correction).
    assert!(lines[2].contains(&format!(";{gross};{};", invoice.number)), "{csv}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_register_needs_three_dates_in_order_and_a_known_format(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = Some(app.admin_token.as_str());

    let (status, missing) = body(register(&app, "from=2026-11-01&to=2026-11-30", admin).await).await;
    assert_eq!(status, 422, "{missing}");
    assert_eq!(missing["errors"], json!([{ "field": "as_of", "message": "as_of is required", "code": "field.blank" }]));

    let (status, backwards) = body(register(&app, "as_of=2026-12-01&from=2026-11-30&to=2026-11-01", admin).await).await;
    assert_eq!(status, 422);
    assert_eq!(backwards["errors"][0]["field"], "to");

    let (status, bad) =
        body(register(&app, "as_of=2026-02-30&from=2026-11-01&to=2026-11-30&format=fa3", admin).await).await;
    assert_eq!(status, 422);
    let fields: Vec<&str> = bad["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["as_of", "format"]);
    assert_eq!(bad["errors"][0]["code"], "field.not_date");

    // A guest and a user are refused before the parameters are read.
    assert_eq!(register(&app, "", None).await.status(), 401);
    assert_eq!(register(&app, "", Some(&app.user_token)).await.status(), 403);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_fa3_export_writes_each_document_of_the_register_as_a_valid_e_invoice(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the invoice", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.is_some())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    eventually("the correction", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if s.invoice.as_ref().is_some_and(|i| !i.corrections.is_empty()))
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let invoice = state.invoice.expect("the invoice");
    let today = api_core::time::warsaw_today();
    let dir = std::env::temp_dir().join(format!("coach-fa3-{}", Uuid::new_v4()));

    let query = finance::RegisterQuery::new(today, today, today).unwrap();
    let outcome = finance::fa3::export_fa3(&app.store, &query, &dir).await.expect("the export");

    assert_eq!(outcome.failed, vec![]);
    assert_eq!(outcome.summary.rows, 2);
    let names: Vec<String> =
        outcome.written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    let correction = &invoice.corrections[0];
    assert_eq!(
        names,
        [finance::fa3::file_name(&invoice.number, "xml"), finance::fa3::file_name(&correction.number, "xml")]
    );
    for (path, number) in outcome.written.iter().zip([&invoice.number, &correction.number]) {
        let xml = std::fs::read_to_string(path).expect("the file");
        assert!(xml.contains(&format!("<P_2>{number}</P_2>")), "{number}: {xml}");
        if let Err(e) =
            test_support::fa3::validate(&format!("register-{}", path.file_name().unwrap().to_string_lossy()), &xml)
        {
            panic!("{number} is not a valid FA(3): {e}");
        }
    }
    let correction_xml = std::fs::read_to_string(&outcome.written[1]).unwrap();
    assert!(correction_xml.contains("<RodzajFaktury>KOR</RodzajFaktury>"), "{correction_xml}");
    assert!(correction_xml.contains(&invoice.number), "names the corrected invoice");

    // As of yesterday there is nothing to write.
    let yesterday = finance::RegisterQuery::new(today.pred_opt().unwrap(), today, today).unwrap();
    let empty = dir.join("yesterday");
    let outcome = finance::fa3::export_fa3(&app.store, &yesterday, &empty).await.expect("the export");
    assert_eq!((outcome.summary.rows, outcome.written.len()), (0, 0));
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
