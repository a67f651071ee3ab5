//! The office's till through real HTTP (issue 40): a day at the desk with a cash sale and
//! a card-terminal sale, a ticket returned and an order cancelled, both refunds waiting at
//! the desk and paid out there once, cash put in, the day closed by a count that differs
//! (its reason recorded) and closed once, its cash report as PDF and CSV, and every bad
//! request refused with a clear code while changing nothing.

use serde_json::json;
use uuid::Uuid;

use super::*;

async fn sell(app: &BookingApp, method: &str, seats: usize) -> (Uuid, String) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 9).await;
    let mut sale = booking(course, &line, 0, 2, json!([{ "qty": seats }]));
    sale["customer"]["email"] = json!("");
    sale["customer"]["phone"] = json!("");
    sale["payment_method"] = json!(method);
    let (status, sold) = body(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 201, "{sold}");
    let id: Uuid = sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let domain::order::Order::Placed(state) = app.order(id).await else { panic!("placed") };
    (id, state.tickets[0].ticket.number.clone())
}

/// An order placed online and not paid.
async fn sell_unpaid(app: &BookingApp) -> (Uuid, Value) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 9).await;
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    (placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid"), placed)
}

async fn till(app: &BookingApp) -> Value {
    let request = app.client.get(app.url("/api/till/day/one")).bearer_auth(&app.admin_token);
    let (status, day) = body(request.send().await.expect("till")).await;
    assert_eq!(status, 200, "{day}");
    day["data"].clone()
}

async fn waiting(app: &BookingApp, n: usize) -> Vec<Value> {
    eventually("the refunds waiting at the desk", || async {
        till(app).await["waiting_refunds"].as_array().is_some_and(|w| w.len() == n)
    })
    .await;
    till(app).await["waiting_refunds"].as_array().cloned().unwrap_or_default()
}

async fn command(app: &BookingApp, path: &str, input: Value) -> (u16, Value) {
    body(app.post(path, &input, Some(&app.admin_token), None).await).await
}

fn code(answer: &Value) -> &str {
    answer["code"].as_str().or_else(|| answer["errors"][0]["code"].as_str()).unwrap_or("")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_day_at_the_desk_pays_out_its_refunds_once_and_closes_once_with_its_count(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let (cash_order, cash_ticket) = sell(&app, "cash", 2).await;
    let (card_order, _) = sell(&app, "card_terminal", 1).await;
    let domain::order::Order::Placed(cash) = app.order(cash_order).await else { panic!() };
    let domain::order::Order::Placed(card) = app.order(card_order).await else { panic!() };

    // A ticket of the cash sale returned, the card sale cancelled: both owed at the desk.
    let (status, returned) = command(&app, "/api/order/order/return-ticket", json!({ "number": cash_ticket })).await;
    assert_eq!(status, 200, "{returned}");
    let cash_refund = returned["data"]["money_refund"].as_i64().expect("refund");
    let (status, cancelled) =
        command(&app, "/api/order/order/cancel", json!({ "id": card_order, "reason": "Pasażer zrezygnował" })).await;
    assert_eq!(status, 200, "{cancelled}");
    let refunds = waiting(&app, 2).await;
    let by_method = |m: &str| refunds.iter().find(|r| r["method"] == m).cloned().expect(m);
    let (cash_row, card_row) = (by_method("cash"), by_method("card_terminal"));
    assert_eq!(cash_row["amount"], cash_refund);
    assert_eq!(card_row["amount"], card.to_pay);
    assert_eq!(card_row["order_number"], card.number.as_str());

    // The home page says two refunds wait at the desk.
    let request = app.client.get(app.url("/api/admin/home")).bearer_auth(&app.admin_token);
    let (_, home) = body(request.send().await.expect("home")).await;
    let attention = &home["data"]["attention"];
    assert_eq!(attention["desk_refunds"], 2, "{attention}");

    // The till so far: the two sales, nothing paid out. The sales are the `till` read
    // model's (the waits above saw the refunds and the orders, not it): wait for them.
    eventually("the two sales in the till", || async {
        let day = till(&app).await;
        day["cash_sales"] == cash.to_pay
            && day["card_sales"] == card.to_pay
            && day["movements"].as_array().is_some_and(|m| m.len() == 2)
    })
    .await;
    let day = till(&app).await;
    assert_eq!(day["cash_sales"], cash.to_pay, "{day}");
    assert_eq!(day["card_sales"], card.to_pay, "{day}");
    assert_eq!(day["movements"].as_array().map(Vec::len), Some(2), "{day}");
    assert_eq!(day["movements"][0]["by"], "admin@example.test", "{day}");

    // Paid out once each: the second time is refused and changes nothing.
    let (status, after) =
        command(&app, "/api/till/refund/pay-out", json!({ "refund_id": cash_row["refund_id"] })).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["data"]["cash_refunds"], cash_refund, "{after}");
    assert_eq!(after["data"]["waiting_refunds"].as_array().map(Vec::len), Some(1), "{after}");
    let (status, again) =
        command(&app, "/api/till/refund/pay-out", json!({ "refund_id": cash_row["refund_id"] })).await;
    assert_eq!((status, code(&again)), (409, "till.already_paid_out"), "{again}");
    let (status, unknown) = command(&app, "/api/till/refund/pay-out", json!({ "refund_id": Uuid::new_v4() })).await;
    assert_eq!(status, 404, "{unknown}");
    let (status, none) = command(&app, "/api/till/refund/pay-out", json!({})).await;
    assert_eq!(status, 422, "{none}");
    let (status, after) =
        command(&app, "/api/till/refund/pay-out", json!({ "refund_id": card_row["refund_id"] })).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["data"]["card_refunds"], card.to_pay, "{after}");
    assert_eq!(till(&app).await["movements"].as_array().map(Vec::len), Some(4));
    let domain::order::Order::Placed(paid_out) = app.order(cash_order).await else { panic!() };
    assert_eq!(paid_out.paid_out.len(), 1, "one RefundPaidOut on the order");

    // The order's page shows when each refund was paid out.
    let request =
        app.client.get(app.url(&format!("/api/order/order/one?id={cash_order}"))).bearer_auth(&app.admin_token);
    let (_, order) = body(request.send().await.expect("order")).await;
    assert!(order["data"]["gateway_refunds"][0]["paid_out_at"].is_string(), "{order}");

    // The order list says how each was paid, what was paid and what went back (the export's
    // columns), once paid out; an order not paid says none of it.
    let (unpaid, _) = sell_unpaid(&app).await;
    let list = || async {
        let request = app.client.get(app.url("/api/order/order/all?per-page=100")).bearer_auth(&app.admin_token);
        body(request.send().await.expect("list")).await.1
    };
    eventually("the unpaid order listed", || async { list().await.to_string().contains(&unpaid.to_string()) }).await;
    let list = list().await;
    let row = |id: Uuid| {
        list["data"]["models"]
            .as_array()
            .and_then(|m| m.iter().find(|o| o["id"] == id.to_string()).cloned())
            .expect("a row")
    };
    let money = |o: Value| (o["payment_method"].clone(), o["paid_amount"].clone(), o["refunded"].clone());
    assert_eq!(money(row(cash_order)), (json!("cash"), json!(cash.to_pay), json!(cash_refund)));
    assert_eq!(money(row(card_order)), (json!("card_terminal"), json!(card.to_pay), json!(card.to_pay)));
    assert_eq!(money(row(unpaid)), (Value::Null, Value::Null, json!(0)));

    // Cash put in: a reason and an amount other than zero.
    let (status, zero) = command(&app, "/api/till/cash/save", json!({ "amount": 0, "reason": "pogotowie" })).await;
    assert_eq!((status, code(&zero)), (422, "till.zero_amount"), "{zero}");
    let (status, bare) = command(&app, "/api/till/cash/save", json!({ "amount": 20000, "reason": " " })).await;
    assert_eq!((status, code(&bare)), (422, "till.reason_required"), "{bare}");
    let (status, float) =
        command(&app, "/api/till/cash/save", json!({ "amount": 20000, "reason": "Pogotowie kasowe" })).await;
    assert_eq!(status, 200, "{float}");
    let expected = cash.to_pay - cash_refund + 20000;
    assert_eq!(float["data"]["expected_cash"], expected, "{float}");

    // The close: a count that differs needs its reason; the future cannot be closed; the
    // Z report's number is required.
    let close =
        |counted: i64, reason: &str, z: &str| json!({ "counted_cash": counted, "reason": reason, "z_report": z });
    let (status, why) = command(&app, "/api/till/day/close", close(expected - 100, "", "Z/0042")).await;
    assert_eq!((status, code(&why)), (422, "till.reason_required"), "{why}");
    let (status, no_z) = command(&app, "/api/till/day/close", close(expected, "", "")).await;
    assert_eq!((status, code(&no_z)), (422, "till.z_report_required"), "{no_z}");
    let mut future = close(expected, "", "Z/0042");
    future["day"] = json!(api_core::time::warsaw_today().succ_opt().expect("tomorrow"));
    let (status, refused) = command(&app, "/api/till/day/close", future).await;
    assert_eq!((status, code(&refused)), (422, "till.future_day"), "{refused}");
    assert_eq!(till(&app).await["closed"], false, "a refused close changes nothing");

    let (status, closed) =
        command(&app, "/api/till/day/close", close(expected - 100, "Wydano za dużo reszty", "Z/0042")).await;
    assert_eq!(status, 200, "{closed}");
    let closing = &closed["data"]["closing"];
    assert_eq!((closing["expected_cash"].as_i64(), closing["difference"].as_i64()), (Some(expected), Some(-100)));
    assert_eq!(closing["reason"], "Wydano za dużo reszty");
    assert_eq!(closing["z_report"], "Z/0042");
    let (status, twice) = command(&app, "/api/till/day/close", close(expected, "", "Z/0043")).await;
    assert_eq!((status, code(&twice)), (409, "till.day_closed"), "{twice}");
    let (status, late) = command(&app, "/api/till/cash/save", json!({ "amount": -500, "reason": "do banku" })).await;
    assert_eq!((status, code(&late)), (409, "till.day_closed"), "{late}");

    // The cash report.
    let report = |format: &str| {
        app.client.get(app.url(&format!("/api/till/day/report?format={format}"))).bearer_auth(&app.admin_token).send()
    };
    let pdf = report("pdf").await.expect("pdf");
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().await.expect("bytes");
    let doc = lopdf::Document::load_mem(&bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("text");
    for expected in ["Raport kasowy", "Z/0042", "Wydano za dużo reszty", "Dokument niefiskalny", card.number.as_str()]
    {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
    let csv = report("csv").await.expect("csv").bytes().await.expect("bytes");
    assert!(csv.starts_with(b"\xEF\xBB\xBF"), "UTF-8 with BOM");
    let csv = String::from_utf8(csv.to_vec()).expect("utf-8");
    assert!(csv.contains("Nr raportu dobowego (Z);Z/0042"), "{csv}");
    assert!(csv.contains("Różnica;-1,00"), "{csv}");

    // Bad reads: a day in the future, a format the office has not.
    let (status, _) = body(report("xlsx").await.expect("xlsx")).await;
    assert_eq!(status, 422);
    let request = app.client.get(app.url("/api/till/day/one?day=2999-01-01")).bearer_auth(&app.admin_token);
    assert_eq!(request.send().await.expect("future").status(), 422);
    let request = app.client.get(app.url("/api/till/day/one")).bearer_auth(&app.user_token);
    assert_eq!(request.send().await.expect("user").status(), 403);
}
