//! The office's smaller defects left from issue 29, through real HTTP: a card-terminal
//! sale's return quoted and answered as a refund on the terminal; a desk order edited
//! without an e-mail; an archived route's courses neither sold nor made anew, with their
//! own code; and each refused refund on the home page naming its own order.

use serde_json::json;
use uuid::Uuid;

use super::*;

/// A sale at the desk of one seat on `course`, paid by `method`, with the contact given.
async fn sell_on(app: &BookingApp, line: &Line, course: Uuid, email: &str, method: &str) -> (u16, Value) {
    let mut sale = booking(course, line, 0, 2, json!([{ "qty": 1 }]));
    sale["customer"]["email"] = json!(email);
    sale["customer"]["phone"] = json!("");
    sale["payment_method"] = json!(method);
    body(app.post("/api/order/order/save", &sale, Some(&app.admin_token), None).await).await
}

fn id_of(sold: &Value) -> Uuid {
    sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

async fn put(app: &BookingApp, path: &str, body: &Value) -> (u16, Value) {
    let request = app.client.put(app.url(path)).bearer_auth(&app.admin_token).json(body);
    self::body(request.send().await.expect("request")).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_card_terminal_sale_is_quoted_and_returned_to_the_terminal_and_cash_at_the_office(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    for (method, expected) in [("card_terminal", "terminal"), ("cash", "office")] {
        let (status, sold) = sell_on(&app, &line, course, "jan.kowalski@example.test", method).await;
        assert_eq!(status, 201, "{sold}");
        let domain::order::Order::Placed(state) = app.order(id_of(&sold)).await else { panic!("placed") };
        let number = json!({ "number": state.tickets[0].ticket.number });
        let admin = Some(app.admin_token.as_str());
        let (status, quote) = body(app.post("/api/order/order/return-quote", &number, admin, None).await).await;
        assert_eq!(status, 200, "{quote}");
        assert_eq!(quote["data"]["money_to"], expected, "{method}: {quote}");
        let (status, returned) = body(app.post("/api/order/order/return-ticket", &number, admin, None).await).await;
        assert_eq!(status, 200, "{returned}");
        assert_eq!(returned["data"]["money_to"], expected, "{method}: {returned}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_desk_order_without_an_email_is_edited_without_one_and_an_online_one_still_needs_it(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    let (status, sold) = sell_on(&app, &line, course, "", "cash").await;
    assert_eq!(status, 201, "{sold}");
    let desk = id_of(&sold);
    let customer = |email: &str| json!({ "first_name": "Janina", "last_name": "Nowak", "email": email, "phone": "", "notify_by_sms": false });
    let invoice = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Firma",
        "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    // The name corrected and invoice data given, still without an e-mail or a phone.
    let edit = json!({ "customer": customer(""), "invoice": invoice, "reason": "Klient poprosił o fakturę" });
    let (status, saved) = put(&app, &format!("/api/order/order/save?id={desk}"), &edit).await;
    assert_eq!(status, 200, "{saved}");
    let domain::order::Order::Placed(state) = app.order(desk).await else { panic!("placed") };
    assert_eq!((state.customer.first_name.as_str(), &state.customer.email), ("Janina", &None));
    // The customer's part alone, too.
    let alone = json!({ "first_name": "Jan", "last_name": "Nowak", "email": "", "phone": "", "reason": "Literówka" });
    let (status, saved) = put(&app, &format!("/api/order/order-customer/save?id={desk}"), &alone).await;
    assert_eq!(status, 200, "{saved}");
    // An e-mail that is given is checked by the one rule.
    let wrong = json!({ "customer": customer("jan@"), "reason": "Adres" });
    let (status, refused) = put(&app, &format!("/api/order/order/save?id={desk}"), &wrong).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("customer.email")), "{refused}");

    // An order placed online keeps its e-mail.
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let online = id_of(&placed);
    let blank = json!({ "customer": customer(""), "reason": "Bez adresu" });
    let (status, refused) = put(&app, &format!("/api/order/order/save?id={online}"), &blank).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("customer.email")), "{refused}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_archived_routes_courses_are_not_sold_and_it_takes_no_new_courses(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    let (status, sold) = sell_on(&app, &line, course, "", "cash").await;
    assert_eq!(status, 201, "{sold}");
    let archive = json!({ "name": "Nisko – Kraków", "archived": true });
    let (status, archived) = put(&app, &format!("/api/route/route/save?id={}", line.route_id), &archive).await;
    assert_eq!(status, 200, "{archived}");

    // The field error names the field with the code (a course form's several fields answer
    // with the kind's `validation` as the whole answer's code, as every resource form does).
    let refused = |answer: &Value, field: &str| {
        answer["errors"][0]["field"] == field && answer["errors"][0]["code"] == "route.archived"
    };
    // Neither at the desk nor online.
    let (status, desk) = sell_on(&app, &line, course, "", "card_terminal").await;
    assert!(status == 422 && refused(&desk, "course") && desk["code"] == "route.archived", "{status} {desk}");
    let (status, online) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert!(status == 422 && refused(&online, "course") && online["code"] == "route.archived", "{status} {online}");
    // No new course, by hand or generated.
    let departure = (tomorrow() + chrono::Duration::days(1)).to_rfc3339();
    let by_hand = json!({ "route_id": line.route_id, "departure_at": departure, "seats": 30 });
    let (status, answer) =
        body(app.post("/api/course/course/save", &by_hand, Some(&app.admin_token), None).await).await;
    assert!(status == 422 && refused(&answer, "route_id"), "{status} {answer}");
    let generate = json!({ "route_id": line.route_id, "days": 3 });
    let (status, answer) =
        body(app.post("/api/course/course/generate", &generate, Some(&app.admin_token), None).await).await;
    assert!(status == 422 && refused(&answer, "route_id"), "{status} {answer}");
    // The ticket sold before still stands.
    let domain::order::Order::Placed(state) = app.order(id_of(&sold)).await else { panic!("placed") };
    assert_eq!(state.tickets.len(), 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn each_refused_refund_on_the_home_page_names_its_own_order(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    let mut orders = Vec::new();
    for _ in 0..2 {
        let (status, sold) = sell_on(&app, &line, course, "", "cash").await;
        assert_eq!(status, 201, "{sold}");
        orders.push((id_of(&sold), sold["data"]["number"].as_str().expect("number").to_owned()));
    }
    // The refund sender's outbox as it is after the gateway refused one refund of each.
    for (minutes, (order_id, _)) in orders.iter().enumerate() {
        sqlx::query(
            "insert into refunds (refund_id, order_id, reason, amount, provider, session_id, transaction_id, status, created_at) \
             values ($1, $2, 'return', 900, 'sandbox', 's', 't', 'refused', now() - make_interval(mins => $3))",
        )
        .bind(Uuid::new_v4())
        .bind(order_id)
        .bind(10 - minutes as i32)
        .execute(&app.pool)
        .await
        .expect("a refused refund");
    }
    let expected: Vec<(String, String)> = orders.iter().map(|(id, number)| (id.to_string(), number.clone())).collect();
    eventually("the orders read model names both orders", || async {
        let request = app.client.get(app.url("/api/admin/home")).bearer_auth(&app.admin_token);
        let (status, home) = body(request.send().await.expect("home")).await;
        assert_eq!(status, 200, "{home}");
        assert_eq!(home["data"]["attention"]["failed_refunds"], 2, "{home}");
        let listed: Vec<(String, String)> = home["data"]["attention"]["failed_refund_list"]
            .as_array()
            .map(|list| {
                list.iter()
                    .map(|r| {
                        let text = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
                        (text("order_id"), text("order_number"))
                    })
                    .collect()
            })
            .unwrap_or_default();
        listed == expected
    })
    .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_printed_tickets_file_is_named_in_the_panels_language(pool: PgPool) {
    let app = spawn(pool).await;
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    let (status, sold) = sell_on(&app, &line, course, "", "cash").await;
    assert_eq!(status, 201, "{sold}");
    let (id, number) = (id_of(&sold), sold["data"]["number"].as_str().expect("number").to_owned());
    let token = app.admin_token.clone();
    let name = |query: &str| {
        let request = app.client.get(app.url(&format!("/api/order/order/print?id={id}{query}"))).bearer_auth(&token);
        async move {
            let response = request.send().await.expect("print");
            let status = response.status().as_u16();
            let disposition =
                response.headers().get("content-disposition").map(|v| v.to_str().unwrap_or("").to_owned());
            (status, disposition.unwrap_or_default())
        }
    };
    assert_eq!(name("&format=receipt").await, (200, format!("inline; filename=\"bilety-{number}-80mm.pdf\"")));
    assert_eq!(name("&format=a4&lang=pl").await, (200, format!("inline; filename=\"bilety-{number}.pdf\"")));
    assert_eq!(name("&format=receipt&lang=en").await, (200, format!("inline; filename=\"tickets-{number}-80mm.pdf\"")));
    assert_eq!(name("&lang=de").await.0, 422);
}
