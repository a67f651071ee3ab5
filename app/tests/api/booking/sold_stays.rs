//! Route and timetable edits after courses were generated do not change what was sold:
//! a paid order on a generated course keeps its tickets, their stretches (stops, times,
//! prices) and their seats (the course's seat inventory) when the route's stops and
//! prices are rewritten (`save-list`, `save-grid`) and the timetable changes and is
//! generated again.
//!
//! And the course keeps its own stops and times for everyone who reads it afterwards:
//! the driver's manifest and day list, the search, and a later order on it show the
//! stops and minutes its seat inventory was opened with, not the route's new ones; a
//! stop the route gained is offered only on courses generated after the edit.

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

    /// The `data` of a `GET`, or `None` when it is not `200` (not projected yet).
    async fn shown(&self, path: &str) -> Option<Value> {
        let response = self.client.get(self.url(path)).send().await.expect("request");
        let (status, shown) = super::body(response).await;
        (status == 200).then(|| shown["data"].clone())
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

    /// The courses found from `start` to `end` on `date` (YYYY-MM-DD), by course id.
    async fn search(&self, start: i64, end: i64, date: &str) -> Vec<Value> {
        let form = json!({ "start": start, "end": end, "date": date });
        let (status, found) = super::body(self.post("/api/search/search/index", &form, None, None).await).await;
        assert_eq!(status, 200, "{found}");
        found["data"]["outbound"].as_array().cloned().unwrap_or_default()
    }

    /// What the driver is shown of `course`: its manifest's course and stops, and its
    /// entry in the day's list.
    async fn driver_view(&self, course: Uuid, date: &str) -> Value {
        let manifest =
            self.read(&format!("/api/order/driver/manifest?course_id={course}"), Some(&self.admin_token)).await;
        let day = self.read(&format!("/api/order/driver/courses?date={date}"), Some(&self.admin_token)).await;
        let listed = day.as_array().and_then(|l| l.iter().find(|c| c["course_id"] == course.to_string()).cloned());
        json!({ "course": manifest["course"], "stops": manifest["stops"], "listed": listed })
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
    let [nisko, _, krakow] = line.stops;
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
    // What was sold is taken as the reference below, from two read models that move at
    // their own pace: the tickets (`orders`) and the seats taken (`availability`). Wait for
    // both, or a reference taken before the hold reached the availability row differs
    // from the same read after the edits for the wrong reason.
    eventually("the seats confirmed, the tickets shown and the seats taken", || async {
        let confirmed = app.inventory(course).await.holds.values().all(|h| h.confirmed);
        let page = app.shown(&format!("/api/order/order/success-data?hash_id={hash_id}")).await;
        confirmed
            && page.is_some_and(|p| p["tickets"].as_array().is_some_and(|t| t.len() == 2))
            && availability_loads(&app.pool, course).await == Some(vec![2, 2])
    })
    .await;
    let inventory = app.inventory(course).await;
    let sold = what_was_sold(&app, order_id, &hash_id, course).await;
    assert_eq!(sold[0][0]["from_name"], "Nisko");
    assert_eq!(sold[0][0]["price"], 1800);
    let date = sold[1]["departure_at"].as_str().expect("departure")[..10].to_owned();
    let driver = app.driver_view(course, &date).await;
    assert_eq!(driver["stops"].as_array().map(Vec::len), Some(3), "{driver}");
    let times = |found: &[Value]| -> Vec<Value> {
        found
            .iter()
            .filter(|c| c["course_id"] == course.to_string())
            .map(|c| json!([c["departure_at"], c["arrival_at"], c["duration_minutes"]]))
            .collect()
    };
    let offered = times(&app.search(nisko, krakow, &date).await);
    assert_eq!(offered.len(), 1, "the course is offered before the edit");

    // The route and the timetable change; Stalowa Wola joins the route.
    let stalowa: i64 =
        sqlx::query_scalar("insert into waypoints (name, town) values ('Stalowa Wola', 'Stalowa Wola') returning id")
            .fetch_one(&app.pool)
            .await
            .expect("a stop");
    edit_the_route_and_the_timetable(&app, &line, stalowa, timetable_id).await;

    assert_eq!(app.inventory(course).await, inventory, "the course's seat inventory is as it was");
    assert_eq!(what_was_sold(&app, order_id, &hash_id, course).await, sold, "the tickets are as they were sold");

    // The course keeps its own stops and times: the driver sees Rzeszów at 90 minutes
    // and Kraków at 180, as sold, not Stalowa Wola and 240.
    assert_eq!(app.driver_view(course, &date).await, driver, "the driver sees the course as it was opened");
    // The search offers it Nisko → Kraków at its own times, never from Stalowa Wola,
    // which it does not serve; the course generated after the edit serves Stalowa Wola.
    assert_eq!(times(&app.search(nisko, krakow, &date).await), offered, "the course's own times");
    let from_stalowa = app.search(stalowa, krakow, &date).await;
    assert!(from_stalowa.iter().all(|c| c["course_id"] != course.to_string()), "{from_stalowa:?}");
    assert!(
        from_stalowa.iter().any(|c| c["departure_time"] == "09:55" && c["duration_minutes"] == 200),
        "the course generated after the edit: {from_stalowa:?}"
    );
    a_later_order_takes_the_course_as_opened(&app, course, &line, stalowa, &sold[1]).await;
}

/// A later order on `course` Nisko → Kraków gets the course's own times (those of `sold`,
/// the first order's outbound leg); one from `stalowa`, a stop the route gained after the
/// course was generated, is refused before any seat is held.
async fn a_later_order_takes_the_course_as_opened(
    app: &BookingApp,
    course: Uuid,
    line: &Line,
    stalowa: i64,
    sold: &Value,
) {
    let (status, again) = body(app.place(&booking(course, line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{again}");
    let again_hash = again["data"]["hash_id"].as_str().expect("hash").to_owned();
    let page = format!("/api/order/order/success-data?hash_id={again_hash}");
    eventually("the later order shown", || async { app.shown(&page).await.is_some() }).await;
    let leg = |l: &Value| json!([l["departure_at"], l["arrival_at"], l["from_name"], l["to_name"]]);
    let outbound = app.read(&page, None).await["outbound"].clone();
    assert_eq!(leg(&outbound), leg(sold), "a later order on the course has its own times");
    let edited = Line { route_id: line.route_id, stops: [stalowa, line.stops[0], line.stops[2]] };
    let (status, refused) = body(app.place(&booking(course, &edited, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 422, "{refused}");
    assert!(refused.to_string().contains("course.unknown_stop"), "{refused}");
}

/// The route changes: Rzeszów loses its prices and leaves, `stalowa` joins with a price to
/// Kraków, the minutes grow, Nisko → Kraków costs more; the timetable changes (another
/// hour, fewer seats) and is generated again.
async fn edit_the_route_and_the_timetable(app: &BookingApp, line: &Line, stalowa: i64, timetable_id: i64) {
    let [nisko, rzeszow, krakow] = line.stops;
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
    let grid = json!({"prices": [{"from_waypoint_id": nisko, "to_waypoint_id": krakow, "price": 2500},
        {"from_waypoint_id": stalowa, "to_waypoint_id": krakow, "price": 2000}]});
    let (status, answer) =
        app.admin_put(&format!("/api/route/route-price/save-grid?route_id={}", line.route_id), &grid).await;
    assert_eq!(status, 200, "{answer}");
    // The timetable changes (another hour, fewer seats) and is generated again.
    let changed = json!({"departure_times": ["09:15"], "seats": 10});
    let (status, answer) =
        app.admin_put(&format!("/api/route/route-course-settings/save?id={timetable_id}"), &changed).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = app.admin_post("/api/course/course/generate", &json!({"route_id": line.route_id})).await;
    assert_eq!(status, 200, "{answer}");
}
