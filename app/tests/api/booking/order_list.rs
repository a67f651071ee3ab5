//! The admin's order list through HTTP, over orders placed and paid in the sandbox: the
//! filters by ticket number, route, course day and placing time each find exactly the
//! matching orders, and a bad value is a `422` naming the filter.

use chrono::{DateTime, Duration, Utc};
use domain::order::Order;
use serde_json::{json, Value};
use uuid::Uuid;

use super::*;

/// A second route, D → E (its own stops), priced 25 zł.
async fn other_line(pool: &PgPool) -> Line {
    let mut stops = [0i64; 3];
    for (i, name) in ["Lublin", "Zamość", "Hrubieszów"].iter().enumerate() {
        stops[i] = sqlx::query_scalar("insert into waypoints (name, town) values ($1, $1) returning id")
            .bind(name)
            .fetch_one(pool)
            .await
            .expect("waypoint");
    }
    let route_id: i64 = sqlx::query_scalar("insert into routes (name) values ('Lublin – Hrubieszów') returning id")
        .fetch_one(pool)
        .await
        .expect("route");
    for (i, stop) in stops.iter().enumerate() {
        sqlx::query(
            "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) values ($1, $2, $3, $4)",
        )
        .bind(route_id)
        .bind(stop)
        .bind(i as i32)
        .bind(i as i32 * 60)
        .execute(pool)
        .await
        .expect("route waypoint");
    }
    sqlx::query(
        "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) values ($1, $2, $3, 2500)",
    )
    .bind(route_id)
    .bind(stops[0])
    .bind(stops[2])
    .execute(pool)
    .await
    .expect("price");
    Line { route_id, stops }
}

struct Placed {
    id: Uuid,
    number: String,
    payment_url: String,
}

/// Place an order of `qty` passengers from the first stop to the last, by `email`.
async fn place(app: &BookingApp, course: Uuid, line: &Line, qty: u32, email: &str) -> Placed {
    let mut order = booking(course, line, 0, 2, json!([{ "qty": qty }]));
    order["customer"]["email"] = json!(email);
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let data = &placed["data"];
    Placed {
        id: data["order_id"].as_str().expect("id").parse().expect("uuid"),
        number: data["number"].as_str().expect("a number").to_owned(),
        payment_url: data["payment_url"].as_str().expect("a payment url").to_owned(),
    }
}

/// The ids of the orders the list answers for `query`, in its order (200 expected).
async fn ids(app: &BookingApp, query: &str) -> Vec<Uuid> {
    let (status, list) = list(app, query).await;
    assert_eq!(status, 200, "{query}: {list}");
    list["data"]["models"]
        .as_array()
        .expect("models")
        .iter()
        .map(|m| m["id"].as_str().expect("id").parse().expect("uuid"))
        .collect()
}

async fn list(app: &BookingApp, query: &str) -> (u16, Value) {
    let url = app.url(&format!("/api/order/order/all?{query}"));
    body(app.client.get(url).bearer_auth(&app.admin_token).send().await.expect("request")).await
}

fn sorted(mut ids: Vec<Uuid>) -> Vec<Uuid> {
    ids.sort();
    ids
}

/// `YYYY-MM-DD HH:MM:SS`, Warsaw time, as the filters take it.
fn warsaw_text(t: DateTime<Utc>) -> String {
    api_core::time::warsaw(t).format("%Y-%m-%d %H:%M:%S").to_string()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_order_list_filters_by_ticket_route_course_day_and_placing_time(pool: PgPool) {
    let app = spawn(pool).await;
    let (north, east) = (line(&app.pool).await, other_line(&app.pool).await);
    // Two course days (Warsaw noon, so a day is the same in UTC and in Warsaw).
    let today = api_core::time::warsaw_today();
    let noon = |days: u64| {
        let day = today + chrono::Days::new(days);
        let at = api_core::time::warsaw_instant(day, chrono::NaiveTime::from_hms_opt(12, 0, 0).expect("noon"));
        (day, at.expect("noon exists"))
    };
    let ((day1, at1), (day2, at2)) = (noon(2), noon(5));
    let north1 = course(&app, &north, at1, 20).await;
    let north2 = course(&app, &north, at2, 20).await;
    let east1 = course(&app, &east, at1, 20).await;

    let first = place(&app, north1, &north, 2, "anna.nowak@example.test").await;
    // Placing times a second apart, so a bound can fall between them.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let between = Utc::now();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let second = place(&app, north2, &north, 1, "piotr.wojcik@example.test").await;
    let third = place(&app, east1, &east, 1, "ewa.kowalska@example.test").await;
    for paid in [&first, &second] {
        assert_eq!(app.pay(&paid.payment_url).await.status(), 303);
    }
    let numbers = |order: Order| match order {
        Order::Placed(state) => state.tickets.iter().map(|t| t.ticket.number.clone()).collect::<Vec<_>>(),
        other => panic!("placed, not {other:?}"),
    };
    let first_tickets = numbers(app.order(first.id).await);
    let second_tickets = numbers(app.order(second.id).await);
    assert_eq!((first_tickets.len(), second_tickets.len()), (2, 1));
    // The read model follows: three orders, three tickets.
    eventually("the orders and tickets in the read model", || async {
        let (orders, tickets): (i64, i64) =
            sqlx::query_as("select (select count(*) from rm_orders), (select count(*) from rm_tickets)")
                .fetch_one(&app.pool)
                .await
                .expect("counts");
        (orders, tickets) == (3, 3)
    })
    .await;
    assert_eq!(ids(&app, "").await, vec![third.id, second.id, first.id], "newest first");

    // Ticket number: the order with that ticket, whichever of its tickets it is.
    for (ticket, order) in
        [(&first_tickets[0], first.id), (&first_tickets[1], first.id), (&second_tickets[0], second.id)]
    {
        assert_eq!(ids(&app, &format!("filter[ticket_number][eq]={ticket}")).await, vec![order], "{ticket}");
    }
    let both = format!("filter[ticket_number][in]={},{}", first_tickets[1], second_tickets[0]);
    assert_eq!(ids(&app, &both).await, vec![second.id, first.id]);
    assert!(ids(&app, "filter[ticket_number][eq]=NK-1999-000001").await.is_empty());

    // Route: the outbound course's route.
    let by_route = |line: &Line| format!("filter[route_id][eq]={}", line.route_id);
    assert_eq!(ids(&app, &by_route(&north)).await, vec![second.id, first.id]);
    assert_eq!(ids(&app, &by_route(&east)).await, vec![third.id]);
    let (_, listed) = list(&app, &by_route(&east)).await;
    assert_eq!(listed["data"]["models"][0]["route_id"], json!(east.route_id));
    assert_eq!(listed["data"]["models"][0]["route_name"], "Lublin – Hrubieszów");
    assert_eq!(sorted(ids(&app, "sort=-route_id").await)[..], sorted(vec![first.id, second.id, third.id])[..]);

    // Course day (Warsaw), alone, as a range, with the route; and the departure's own time.
    assert_eq!(
        sorted(ids(&app, &format!("filter[departure_date][eq]={day1}")).await),
        sorted(vec![first.id, third.id])
    );
    assert_eq!(ids(&app, &format!("filter[departure_date][gte]={day2}")).await, vec![second.id]);
    assert_eq!(
        ids(&app, &format!("filter[departure_date][lte]={day1}&filter[route_id][eq]={}", north.route_id)).await,
        vec![first.id]
    );
    assert_eq!(ids(&app, &format!("filter[departure_date][in]={day1},{day2}")).await.len(), 3);
    let after_first_course = warsaw_text(at1 + Duration::hours(1));
    assert_eq!(ids(&app, &format!("filter[departure_at][gte]={after_first_course}")).await, vec![second.id]);

    // Placed between: a Warsaw local time or RFC 3339, each bound inclusive.
    let before = warsaw_text(between);
    assert_eq!(ids(&app, &format!("filter[placed_at][lte]={before}")).await, vec![first.id]);
    let since = between.to_rfc3339();
    let since = since.replace('+', "%2B");
    assert_eq!(ids(&app, &format!("filter[placed_at][gte]={since}")).await, vec![third.id, second.id]);
    let placed_today = format!("filter[placed_date][eq]={}", api_core::time::warsaw_date(between));
    assert_eq!(ids(&app, &placed_today).await.len(), 3);
    let (_, one) = list(&app, &format!("filter[placed_at][gte]={since}&filter[status][eq]=paid")).await;
    assert_eq!(one["data"]["models"][0]["id"], json!(second.id));
    assert_eq!(one["data"]["models"][0]["number"], json!(second.number));
    assert_eq!(one["data"]["pagination"], json!({"page": 1, "perPage": 20, "totalCount": 1, "pageCount": 1}));

    // The order number.
    assert_eq!(ids(&app, &format!("filter[number][eq]={}", third.number)).await, vec![third.id]);

    // Pages: the count is exact at this size, in the four keys it always had.
    let (_, page) = list(&app, "per-page=2&page=2").await;
    assert_eq!(page["data"]["pagination"], json!({"page": 2, "perPage": 2, "totalCount": 3, "pageCount": 2}));

    // Bad values are refused, naming the filter.
    for bad in [
        "filter[route_id][eq]=north",
        "filter[departure_date][eq]=2026-02-30",
        "filter[departure_date][eq]=tomorrow",
        "filter[departure_date][like]=2026",
        "filter[placed_date][gte]=10.07.2026",
        "filter[placed_at][lte]=2026-07-10",
    ] {
        let (status, answer) = list(&app, bad).await;
        assert_eq!(status, 422, "{bad}: {answer}");
        let key = bad.split('=').next().expect("a key");
        assert_eq!(answer["errors"][0]["field"], key, "{answer}");
    }
    let long = "X".repeat(201);
    let (status, answer) = list(&app, &format!("filter[ticket_number][eq]={long}")).await;
    assert_eq!(status, 422, "{answer}");
    // A ticket number filters but does not sort.
    let (status, answer) = list(&app, "sort=ticket_number").await;
    assert_eq!((status, answer["errors"][0]["field"].clone()), (422, json!("sort")), "{answer}");
}
