//! The spec's order parts through HTTP, over orders placed and paid in the sandbox: the
//! customers of orders (list and one), whose account an order is, the courses it travels
//! on after a change and a return, its legs (list, one, and where a leg would be on
//! another course), one ticket and one stamp card as their lists show them; each with its
//! refusals (404 unknown, 422 malformed, 401 guest, 403 user).

use domain::order::Order;
use serde_json::{json, Value};
use uuid::Uuid;

use super::*;

impl BookingApp {
    /// `GET path` with `token` (an admin's, a user's, or none).
    async fn read_as(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        body(request.send().await.expect("request")).await
    }

    /// `GET path` as the admin, `200` expected; the answer's `data`.
    async fn admin_data(&self, path: &str) -> Value {
        let (status, answer) = self.read_as(path, Some(&self.admin_token)).await;
        assert_eq!(status, 200, "{path}: {answer}");
        answer["data"].clone()
    }

    /// The answers to `path` of a guest, a user and an admin, for the refusals.
    async fn refusals(&self, path: &str) -> (u16, u16, u16) {
        (
            self.read_as(path, None).await.0,
            self.read_as(path, Some(&self.user_token)).await.0,
            self.read_as(path, Some(&self.admin_token)).await.0,
        )
    }
}

/// Place `booking` (with `token`, or as a guest) and pay it; the order's id.
async fn paid(app: &BookingApp, booking: &Value, token: Option<&str>) -> Uuid {
    let (status, placed) = body(app.post("/api/order/order/place", booking, token, None).await).await;
    assert_eq!(status, 201, "{placed}");
    let id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await.status(), 303);
    let path = format!("/api/order/order/one?id={id}");
    eventually("the order paid in the read model", || async {
        app.read_as(&path, Some(&app.admin_token)).await.1["data"]["status"] == "paid"
    })
    .await;
    id
}

/// The line run backwards (C → B → A over the same stops), priced as the line.
async fn reversed(pool: &PgPool, line: &Line) -> Line {
    route(pool, "Kraków – Nisko", [line.stops[2], line.stops[1], line.stops[0]]).await
}

/// Another route from the line's first stop straight to its last (120 minutes, 20 zł), and
/// a course of it leaving at `departure` (not opened for sale).
async fn express(app: &BookingApp, line: &Line, departure: chrono::DateTime<chrono::Utc>) -> Uuid {
    let route_id: i64 = sqlx::query_scalar("insert into routes (name) values ('Nisko – Kraków ekspres') returning id")
        .fetch_one(&app.pool)
        .await
        .expect("route");
    for (i, (stop, minutes)) in [(line.stops[0], 0), (line.stops[2], 120)].iter().enumerate() {
        sqlx::query(
            "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) values ($1, $2, $3, $4)",
        )
        .bind(route_id)
        .bind(stop)
        .bind(i as i32)
        .bind(*minutes)
        .execute(&app.pool)
        .await
        .expect("route waypoint");
    }
    sqlx::query(
        "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) values ($1, $2, $3, 2000)",
    )
    .bind(route_id)
    .bind(line.stops[0])
    .bind(line.stops[2])
    .execute(&app.pool)
    .await
    .expect("price");
    let id = Uuid::new_v4();
    sqlx::query("insert into courses (id, route_id, departure_at, seats) values ($1, $2, $3, 30)")
        .bind(id)
        .bind(route_id)
        .bind(departure)
        .execute(&app.pool)
        .await
        .expect("course");
    id
}

/// Warsaw's offset on the API's timestamps.
fn warsaw(t: chrono::DateTime<chrono::Utc>) -> String {
    api_core::time::warsaw(t).to_rfc3339()
}

fn same_instant(value: &Value, expected: chrono::DateTime<chrono::Utc>) -> bool {
    value.as_str().is_some_and(|s| s == warsaw(expected))
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_reads_the_customer_the_account_a_ticket_and_a_stamp_card_of_orders(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    // Jan's own order (logged in), then a guest's with other details.
    let jans = paid(&app, &booking(first, &line, 0, 2, json!([{ "qty": 2 }])), Some(&app.user_token)).await;
    let mut guest_booking = booking(first, &line, 0, 1, json!([{ "qty": 1 }]));
    guest_booking["customer"] = json!({
        "first_name": "Anna", "last_name": "Nowak", "email": "anna.nowak@example.test", "phone": "+48 601 222 333",
        "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": 1, "id": null
    });
    let guests = paid(&app, &guest_booking, None).await;

    // The customers: one row per order, newest first; filters by e-mail, last name, phone,
    // account and placing time.
    let rows = app.admin_data("/api/order/order-customer/all").await["models"].clone();
    let ids: Vec<&str> = rows.as_array().expect("rows").iter().filter_map(|r| r["order_id"].as_str()).collect();
    assert_eq!(ids, vec![guests.to_string(), jans.to_string()], "{rows}");
    let anna = &rows[0];
    assert_eq!(
        (&anna["first_name"], &anna["last_name"], &anna["email"], &anna["phone"], &anna["notify_by_sms"]),
        (&json!("Anna"), &json!("Nowak"), &json!("anna.nowak@example.test"), &json!("+48 601 222 333"), &json!(true))
    );
    assert_eq!((&anna["status"], &anna["user_id"]), (&json!("paid"), &Value::Null));
    assert!(anna["number"].as_str().is_some_and(|n| n.starts_with("NB-")), "{anna}");
    assert!(anna["hash_id"].as_str().is_some_and(|h| !h.is_empty()), "{anna}");
    let only = |query: &str| {
        let path = format!("/api/order/order-customer/all?{query}");
        let app = &app;
        async move {
            let models = app.admin_data(&path).await["models"].clone();
            models.as_array().expect("rows").iter().map(|r| r["order_id"].as_str().unwrap_or("").to_owned()).collect()
        }
    };
    let (jan, anna_id) = (vec![jans.to_string()], vec![guests.to_string()]);
    let found: Vec<String> = only("filter[email][like]=NOWAK@").await;
    assert_eq!(found, anna_id);
    let found: Vec<String> = only("filter[email][eq]=jan.kowalski@example.test").await;
    assert_eq!(found, jan);
    let found: Vec<String> = only("filter[last_name][like]=kowal").await;
    assert_eq!(found, jan);
    let found: Vec<String> = only("filter[phone][eq]=%2B48%20601%20222%20333").await;
    assert_eq!(found, anna_id);
    let found: Vec<String> = only(&format!("filter[user_id][eq]={}", app.user_id)).await;
    assert_eq!(found, jan);
    let found: Vec<String> = only("sort=email").await;
    assert_eq!(found, vec![guests.to_string(), jans.to_string()]);
    let later = (chrono::Utc::now() + chrono::Duration::minutes(1)).to_rfc3339().replace('+', "%2B");
    let found: Vec<String> = only(&format!("filter[placed_at][gte]={later}")).await;
    assert!(found.is_empty(), "{found:?}");
    let found: Vec<String> = only(&format!("filter[placed_at][lte]={later}&sort=placed_at")).await;
    assert_eq!(found, vec![jans.to_string(), guests.to_string()]);
    let (status, bad) =
        app.read_as("/api/order/order-customer/all?filter[password_hash][eq]=x", Some(&app.admin_token)).await;
    assert_eq!(status, 422, "{bad}");

    // One order's customer is its row of the list.
    let one = app.admin_data(&format!("/api/order/order-customer/one?id={guests}")).await;
    assert_eq!(&one, anna);
    let unknown = Uuid::new_v4();
    assert_eq!(app.refusals(&format!("/api/order/order-customer/one?id={unknown}")).await, (401, 403, 404));
    assert_eq!(app.refusals("/api/order/order-customer/one?id=42").await.2, 422);
    assert_eq!(app.refusals("/api/order/order-customer/all").await, (401, 403, 200));

    // Whose the order is: Jan's account (who, never the password's hash); nobody's for a guest.
    let owner = app.admin_data(&format!("/api/order/order-user/one?id={jans}")).await;
    assert_eq!(
        owner,
        json!({ "order_id": jans, "user": {
            "id": app.user_id, "email": "jan@example.test", "first_name": "Jan", "last_name": "", "role": "User"
        }})
    );
    let nobody = app.admin_data(&format!("/api/order/order-user/one?id={guests}")).await;
    assert_eq!(nobody, json!({ "order_id": guests, "user": null }));
    assert_eq!(app.refusals(&format!("/api/order/order-user/one?id={unknown}")).await, (401, 403, 404));
    assert_eq!(app.refusals("/api/order/order-user/one?id=not-a-uuid").await.2, 422);

    // One ticket is its row of the ticket list.
    let Order::Placed(state) = app.order(jans).await else { panic!("placed") };
    let ticket = &state.tickets[1].ticket;
    let listed = app.admin_data(&format!("/api/order/ticket/all?filter[number][eq]={}", ticket.number)).await;
    assert_eq!(listed["models"].as_array().map(Vec::len), Some(1), "{listed}");
    let one = app.admin_data(&format!("/api/order/ticket/one?id={}", ticket.ticket_id)).await;
    assert_eq!(one, listed["models"][0]);
    assert_eq!((&one["number"], &one["order_id"], &one["price"]), (&json!(ticket.number), &json!(jans), &json!(1800)));
    assert_eq!(app.refusals(&format!("/api/order/ticket/one?id={unknown}")).await, (401, 403, 404));
    assert_eq!(app.refusals("/api/order/ticket/one?id=NK-2026-000001").await.2, 422);

    // Jan's stamp card (two paid tickets) is its row of the cards' list; the admin has none.
    let card_path = format!("/api/course/stamp/one?id={}", app.user_id);
    eventually("Jan's two stamps", || async {
        app.read_as(&card_path, Some(&app.admin_token)).await.1["data"]["stamps"] == 2
    })
    .await;
    let card = app.admin_data(&card_path).await;
    let cards = app.admin_data(&format!("/api/course/stamp/all?filter[user_id][eq]={}", app.user_id)).await;
    assert_eq!(card, cards["models"][0]);
    assert_eq!((&card["email"], &card["stamps"], &card["needed"]), (&json!("jan@example.test"), &json!(2), &json!(8)));
    let admin_id: Uuid = sqlx::query_scalar("select id from users where email = 'admin@example.test'")
        .fetch_one(&app.pool)
        .await
        .expect("the admin");
    assert_eq!(app.refusals(&format!("/api/course/stamp/one?id={admin_id}")).await, (401, 403, 404));
    assert_eq!(app.refusals("/api/course/stamp/one?id=1").await.2, 422);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_reads_the_legs_of_orders_and_where_they_travel_now(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let back_line = reversed(&app.pool, &line).await;
    // Whole seconds, so the instants compare as text.
    let leaves = chrono::SubsecRound::trunc_subsecs(tomorrow(), 0);
    let (outbound, later) =
        (course(&app, &line, leaves, 10).await, course(&app, &line, leaves + chrono::Duration::days(2), 10).await);
    let back = course(&app, &back_line, leaves + chrono::Duration::days(1), 10).await;
    // A return of two passengers (Jan's), and a one-way guest order of one on the same course.
    let mut round = booking(outbound, &line, 0, 2, json!([{ "qty": 2 }]));
    round["courseReturn"] =
        json!({ "course_id": back, "from": { "id": back_line.stops[0] }, "to": { "id": back_line.stops[2] } });
    let order = paid(&app, &round, Some(&app.user_token)).await;
    let one_way = paid(&app, &booking(outbound, &line, 0, 1, json!([{ "qty": 1 }])), None).await;

    // The legs as rows: the order's outbound, then its back.
    let legs = app.admin_data(&format!("/api/order/order-waypoint/all?filter[order_id][eq]={order}")).await;
    let legs = legs["models"].as_array().cloned().expect("rows");
    assert_eq!(legs.len(), 2, "{legs:?}");
    let (there, home) = (&legs[0], &legs[1]);
    assert_eq!(
        (&there["order_id"], &there["kind"], &there["course_id"]),
        (&json!(order), &json!("outbound"), &json!(outbound))
    );
    assert_eq!((&there["route_id"], &there["route_name"]), (&json!(line.route_id), &json!("Nisko – Kraków")));
    assert_eq!((&there["from_waypoint_id"], &there["from_name"]), (&json!(line.stops[0]), &json!("Nisko")));
    assert_eq!((&there["to_waypoint_id"], &there["to_name"]), (&json!(line.stops[2]), &json!("Kraków")));
    assert!(same_instant(&there["departure_at"], leaves), "{there}");
    assert!(same_instant(&there["arrival_at"], leaves + chrono::Duration::minutes(180)), "{there}");
    assert_eq!((&there["unit_price"], &there["unit_price_formatted"]), (&json!(1800), &json!("18,00\u{a0}zł")));
    assert_eq!(
        (&home["kind"], &home["course_id"], &home["route_id"]),
        (&json!("back"), &json!(back), &json!(back_line.route_id))
    );
    assert_eq!((&home["from_name"], &home["to_name"]), (&json!("Kraków"), &json!("Nisko")));
    let rows = |query: String| {
        let app = &app;
        async move {
            let page = app.admin_data(&format!("/api/order/order-waypoint/all?{query}")).await;
            page["models"].as_array().cloned().expect("rows")
        }
    };
    let backs = rows(format!("filter[order_id][eq]={order}&filter[kind][eq]=back")).await;
    assert_eq!(backs, vec![home.clone()]);
    let on_back = rows(format!("filter[course_id][eq]={back}")).await;
    assert_eq!(on_back, vec![home.clone()]);
    let on_outbound = rows(format!("filter[course_id][eq]={outbound}&sort=-placed_at")).await;
    let orders: Vec<&Value> = on_outbound.iter().map(|r| &r["order_id"]).collect();
    assert_eq!(orders, vec![&json!(one_way), &json!(order)]);
    assert_eq!(rows(String::new()).await.len(), 3, "two legs and one");
    let (status, bad) =
        app.read_as("/api/order/order-waypoint/all?filter[kind][eq]=back&sort=leg", Some(&app.admin_token)).await;
    assert_eq!(status, 422, "{bad}");

    // One leg: outbound by default, the back on asking; a one-way order has none.
    let one = |query: String| {
        let app = &app;
        async move { app.read_as(&format!("/api/order/order-waypoint/one?{query}"), Some(&app.admin_token)).await }
    };
    assert_eq!(one(format!("id={order}")).await, (200, json!({ "data": there })));
    assert_eq!(one(format!("id={order}&kind=back")).await, (200, json!({ "data": home })));
    assert_eq!(one(format!("id={one_way}&kind=back")).await.0, 404);
    assert_eq!(one(format!("id={}", Uuid::new_v4())).await.0, 404);
    assert_eq!(one(format!("id={order}&kind=sideways")).await.0, 422);
    assert_eq!(one("id=12".into()).await.0, 422);
    assert_eq!(app.refusals(&format!("/api/order/order-waypoint/one?id={order}")).await, (401, 403, 200));
    assert_eq!(app.refusals("/api/order/order-waypoint/all").await, (401, 403, 200));

    // Where the outbound leg would be on the later course: its times, fare and free seats,
    // and each ticket's price there.
    let dates = |query: String| {
        let app = &app;
        async move {
            app.read_as(&format!("/api/order/order-waypoint/calculate-dates?{query}"), Some(&app.admin_token)).await
        }
    };
    let (status, moved) = dates(format!("id={order}&courseId={later}")).await;
    assert_eq!(status, 200, "{moved}");
    let moved = &moved["data"];
    assert_eq!(
        (&moved["course_id"], &moved["kind"], &moved["same_route"], &moved["on_sale"]),
        (&json!(later), &json!("outbound"), &json!(true), &json!(true))
    );
    assert!(same_instant(&moved["departure_at"], leaves + chrono::Duration::days(2)), "{moved}");
    assert!(
        same_instant(&moved["arrival_at"], leaves + chrono::Duration::days(2) + chrono::Duration::minutes(180)),
        "{moved}"
    );
    assert_eq!(
        (&moved["unit_price"], &moved["free_seats"], &moved["duration_minutes"]),
        (&json!(1800), &json!(10), &json!(180))
    );
    let tickets = moved["tickets"].as_array().cloned().expect("tickets");
    assert_eq!(tickets.len(), 2, "{moved}");
    assert!(
        tickets.iter().all(|t| t["price"] == 1800 && t["new_price"] == 1800 && t["price_difference"] == 0),
        "{moved}"
    );
    // On its own course the seats taken show (three of ten on the stretch).
    eventually("the seats taken in the read model", || async {
        dates(format!("id={order}&courseId={outbound}")).await.1["data"]["free_seats"] == 7
    })
    .await;
    // The back leg on its own course; another route through the same stops is not the
    // same route; a course whose route misses the stops cannot be computed.
    let (status, home_dates) = dates(format!("id={order}&courseId={back}&kind=back")).await;
    assert_eq!(
        (status, &home_dates["data"]["from_name"], &home_dates["data"]["same_route"]),
        (200, &json!("Kraków"), &json!(true))
    );
    let other_route = express(&app, &line, leaves + chrono::Duration::days(3)).await;
    let (status, express_dates) = dates(format!("id={order}&courseId={other_route}")).await;
    assert_eq!(status, 200, "{express_dates}");
    let express_dates = &express_dates["data"];
    assert_eq!(
        (&express_dates["same_route"], &express_dates["unit_price"], &express_dates["on_sale"]),
        (&json!(false), &json!(2000), &json!(false))
    );
    assert!(
        same_instant(&express_dates["arrival_at"], leaves + chrono::Duration::days(3) + chrono::Duration::minutes(120)),
        "{express_dates}"
    );
    assert_eq!(express_dates["tickets"][0]["price_difference"], 200);
    let (status, wrong_way) = dates(format!("id={order}&courseId={back}")).await;
    assert_eq!(status, 422, "the back course does not run Nisko → Kraków: {wrong_way}");
    assert_eq!(wrong_way["errors"][0]["field"], "courseId");
    assert_eq!(dates(format!("id={order}&courseId={}", Uuid::new_v4())).await.0, 404);
    assert_eq!(dates(format!("id={}&courseId={later}", Uuid::new_v4())).await.0, 404);
    assert_eq!(dates(format!("id={order}&courseId=7")).await.0, 422);
    assert_eq!(dates(format!("id={order}")).await.0, 422);
    assert_eq!(
        app.refusals(&format!("/api/order/order-waypoint/calculate-dates?id={order}&courseId={later}")).await,
        (401, 403, 200)
    );

    // The courses it travels on: both legs' own, two tickets each.
    let courses_path = format!("/api/order/order-user/courses?id={order}");
    let courses = app.admin_data(&courses_path).await;
    let Order::Placed(state) = app.order(order).await else { panic!("placed") };
    let numbers = |leg: domain::order::LegKind| -> Vec<String> {
        state.tickets.iter().filter(|t| t.ticket.leg == leg).map(|t| t.ticket.number.clone()).collect()
    };
    let (mut out_numbers, mut back_numbers) =
        (numbers(domain::order::LegKind::Outbound), numbers(domain::order::LegKind::Back));
    out_numbers.sort();
    back_numbers.sort();
    let summary = |courses: &Value| -> Vec<(String, String, Vec<String>)> {
        courses
            .as_array()
            .expect("courses")
            .iter()
            .map(|c| {
                let tickets =
                    c["tickets"].as_array().expect("tickets").iter().map(|t| t.as_str().unwrap_or("").to_owned());
                (
                    c["kind"].as_str().unwrap_or("").to_owned(),
                    c["course_id"].as_str().unwrap_or("").to_owned(),
                    tickets.collect(),
                )
            })
            .collect()
    };
    assert_eq!(
        summary(&courses),
        vec![
            ("outbound".into(), outbound.to_string(), out_numbers.clone()),
            ("back".into(), back.to_string(), back_numbers.clone())
        ]
    );
    assert!(same_instant(&courses[0]["departure_at"], leaves), "{courses}");
    assert_eq!((&courses[1]["route_name"], &courses[1]["from_name"]), (&json!("Kraków – Nisko"), &json!("Kraków")));

    // One outbound ticket moves to the later course; both back tickets are returned.
    let change = json!({ "number": out_numbers[1], "course_id": later });
    let (status, changed) =
        body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await;
    assert_eq!(status, 200, "{changed}");
    for number in &back_numbers {
        let (status, returned) = body(
            app.post("/api/order/order/return-ticket", &json!({ "number": number }), Some(&app.user_token), None).await,
        )
        .await;
        assert_eq!(status, 200, "{returned}");
    }
    let expected = vec![
        ("outbound".to_owned(), outbound.to_string(), vec![out_numbers[0].clone()]),
        ("outbound".to_owned(), later.to_string(), vec![out_numbers[1].clone()]),
        ("back".to_owned(), back.to_string(), Vec::new()),
    ];
    eventually("the change and the returns in the read model", || async {
        summary(&app.admin_data(&courses_path).await) == expected
    })
    .await;
    let courses = app.admin_data(&courses_path).await;
    assert!(same_instant(&courses[1]["departure_at"], leaves + chrono::Duration::days(2)), "{courses}");
    // A returned ticket is not priced for a move.
    let home_dates = dates(format!("id={order}&courseId={back}&kind=back")).await.1;
    assert_eq!(home_dates["data"]["tickets"], json!([]));
    assert_eq!(app.refusals(&format!("/api/order/order-user/courses?id={}", Uuid::new_v4())).await, (401, 403, 404));
    assert_eq!(app.refusals("/api/order/order-user/courses?id=x").await.2, 422);
}
