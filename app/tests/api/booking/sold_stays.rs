//! Route and timetable edits after courses were generated do not change what was sold:
//! a paid order on a generated course keeps its tickets, their stretches (stops, times,
//! prices) and their seats (the course's seat inventory) when the route's stops and
//! prices are rewritten (`save-list`, `save-grid`) and the timetable changes and is
//! generated again.

use domain::seat_inventory::SeatInventory;
use serde_json::json;
use uuid::Uuid;

use super::*;

impl BookingApp {
    async fn admin_put(&self, path: &str, body: &Value) -> (u16, Value) {
        let request = self.client.put(self.url(path)).json(body).bearer_auth(&self.admin_token);
        super::body(request.send().await.expect("request")).await
    }

    async fn admin_post(&self, path: &str, body: &Value) -> (u16, Value) {
        super::body(self.post(path, body, Some(&self.admin_token), None).await).await
    }

    async fn read(&self, path: &str, token: Option<&str>) -> Value {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let (status, shown) = super::body(request.send().await.expect("request")).await;
        assert_eq!(status, 200, "{path}: {shown}");
        shown["data"].clone()
    }

    async fn inventory(&self, course: Uuid) -> domain::seat_inventory::Inventory {
        let stream = StreamName::parse(domain::seat_inventory::stream_name(course)).expect("stream");
        match load::<InventoryAgg>(&self.store, &stream).await.expect("load").state {
            SeatInventory::Opened(inventory) => inventory,
            SeatInventory::Unopened => panic!("no inventory"),
        }
    }
}

/// What the customer and the admin are shown of the order, and the course's seats.
async fn what_was_sold(app: &BookingApp, order_id: Uuid, hash_id: &str, course: Uuid) -> Vec<Value> {
    let page = app.read(&format!("/api/order/order/success-data?hash_id={hash_id}"), None).await;
    let admin = app.read(&format!("/api/order/order/one?id={order_id}"), Some(&app.admin_token)).await;
    let seats: (i32, i32) = sqlx::query_as(
        "select c.seats, a.seats from courses c join rm_course_availability a on a.course_id = c.id where c.id = $1",
    )
    .bind(course)
    .fetch_one(&app.pool)
    .await
    .expect("the course");
    let availability: (Vec<i64>, Vec<i32>) =
        sqlx::query_as("select stop_ids, segment_loads from rm_course_availability where course_id = $1")
            .bind(course)
            .fetch_one(&app.pool)
            .await
            .expect("its availability");
    vec![
        page["tickets"].clone(),
        page["outbound"].clone(),
        page["lines"].clone(),
        admin["order"]["tickets"].clone(),
        admin["order"]["outbound"].clone(),
        json!([seats.0, seats.1, availability.0, availability.1]),
    ]
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn route_and_timetable_edits_after_generation_leave_what_was_sold_as_it_was(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let [nisko, rzeszow, krakow] = line.stops;
    let timetable = json!({"route_id": line.route_id, "departure_times": ["08:00"], "week_days": [0, 1, 2, 3, 4, 5, 6],
        "seats": 20, "days_before_generate": 3});
    let (status, saved) = app.admin_post("/api/route/route-course-settings/save", &timetable).await;
    assert_eq!(status, 200, "{saved}");
    let timetable_id = saved["data"]["id"].as_i64().expect("id");
    let (status, generated) = app.admin_post("/api/course/course/generate", &json!({"route_id": line.route_id})).await;
    assert_eq!(status, 200, "{generated}");
    let course: Uuid = sqlx::query_scalar(
        "select id from courses where route_id = $1 and departure_at > now() + interval '1 day' order by departure_at limit 1",
    )
    .bind(line.route_id)
    .fetch_one(&app.pool)
    .await
    .expect("a generated course");

    // Two passengers Nisko → Kraków, paid; the reactions confirm their seats.
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash").to_owned();
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    eventually("the seats confirmed and the tickets shown", || async {
        let confirmed = app.inventory(course).await.holds.values().all(|h| h.confirmed);
        let page = app.read(&format!("/api/order/order/success-data?hash_id={hash_id}"), None).await;
        confirmed && page["tickets"].as_array().is_some_and(|t| t.len() == 2)
    })
    .await;
    let inventory = app.inventory(course).await;
    let sold = what_was_sold(&app, order_id, &hash_id, course).await;
    assert_eq!(sold[0][0]["from_name"], "Nisko");
    assert_eq!(sold[0][0]["price"], 1800);

    // The route changes: Rzeszów loses its prices and leaves, Stalowa Wola joins, the
    // minutes grow, Nisko → Kraków costs more.
    let stalowa: i64 =
        sqlx::query_scalar("insert into waypoints (name, town) values ('Stalowa Wola', 'Stalowa Wola') returning id")
            .fetch_one(&app.pool)
            .await
            .expect("a stop");
    let grid = json!({"prices": [{"from_waypoint_id": nisko, "to_waypoint_id": krakow, "price": 2500}]});
    let (status, answer) =
        app.admin_put(&format!("/api/route/route-price/save-grid?route_id={}", line.route_id), &grid).await;
    assert_eq!(status, 200, "{answer}");
    let stops = json!({"stops": [
        {"waypoint_id": nisko, "minutes_from_start": 0},
        {"waypoint_id": stalowa, "minutes_from_start": 40},
        {"waypoint_id": krakow, "minutes_from_start": 240},
    ]});
    let (status, answer) =
        app.admin_put(&format!("/api/route/route-waypoint/save-list?route_id={}", line.route_id), &stops).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["data"].as_array().expect("stops").iter().all(|s| s["waypoint_id"] != rzeszow));
    // The timetable changes (another hour, fewer seats) and is generated again.
    let changed = json!({"departure_times": ["09:15"], "seats": 10});
    let (status, answer) =
        app.admin_put(&format!("/api/route/route-course-settings/save?id={timetable_id}"), &changed).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = app.admin_post("/api/course/course/generate", &json!({"route_id": line.route_id})).await;
    assert_eq!(status, 200, "{answer}");

    assert_eq!(app.inventory(course).await, inventory, "the course's seat inventory is as it was");
    assert_eq!(what_was_sold(&app, order_id, &hash_id, course).await, sold, "the tickets are as they were sold");
}
