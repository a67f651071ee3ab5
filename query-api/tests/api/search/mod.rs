//! `POST /search/search/index`: connections between two stops on a date.

use chrono::{Duration, Utc};
use chrono_tz::Europe::Warsaw;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

// The catalogue tests' building blocks (stops, routes and prices arranged through the
// catalogue API); the courses are rows (`crate::helpers::TestApp::course`).
use test_support::catalogue::{data, in_days, invalid_fields, network, rfc3339_warsaw, today, warsaw, Network};

use crate::helpers::{spawn_app, TestApp};

async fn search(app: &TestApp, body: Value) -> Value {
    data(app.post("/search/search/index", &body, None).await).await
}

fn one_way(start: i64, end: i64, day: u64) -> Value {
    json!({"tripMode": "one_way", "start": start, "end": end, "date": in_days(day).to_string()})
}

fn course_ids(found: &Value) -> Vec<String> {
    found.as_array().unwrap().iter().map(|c| c["course_id"].as_str().unwrap().to_string()).collect()
}

/// Write the availability row the projection would keep, with these segment loads.
async fn loads(app: &TestApp, course: &str, net: &Network, seats: i32, loads: [i32; 2]) {
    sqlx::query(
        "insert into rm_course_availability (course_id, route_id, departure_at, seats, segment_loads, stop_ids, stop_minutes, version) \
         values ($1, $2, now(), $3, $4, $5, (select array_agg(minutes_from_start order by position) from route_waypoints \
                                            where route_id = $2 and waypoint_id = any($5)), 7)",
    )
    .bind(Uuid::parse_str(course).unwrap())
    .bind(net.north)
    .bind(seats)
    .bind(loads.to_vec())
    .bind(vec![net.nisko, net.rzeszow, net.krakow])
    .execute(&app.pool)
    .await
    .unwrap();
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_one_way_search_finds_the_courses_of_the_day(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let course = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    app.course(net.north, warsaw(in_days(2), 8, 0), 49).await;

    let found = search(&app, one_way(net.nisko, net.krakow, 1)).await;

    assert_eq!(
        found,
        json!({"outbound": [{
            "course_id": course, "route_id": net.north, "route_name": "Nisko – Kraków",
            "from": {"id": net.nisko, "name": "Nisko, Dworzec"}, "to": {"id": net.krakow, "name": "Kraków MDA"},
            "departure_at": rfc3339_warsaw(warsaw(in_days(1), 8, 0)), "arrival_at": rfc3339_warsaw(warsaw(in_days(1), 11, 10)),
            "departure_time": "08:00", "arrival_time": "11:10", "duration_minutes": 190,
            "price": 3900, "price_formatted": "39,00\u{a0}zł", "seats_available": 49,
            "cancelled": false, "delay_minutes": null, "disruption_reason": null,
        }], "return": [], "served": true, "return_served": false})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_trip_from_a_later_stop_leaves_later(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let found = search(&app, one_way(net.rzeszow, net.krakow, 1)).await;

    let c = &found["outbound"][0];
    assert_eq!(
        (c["departure_time"].clone(), c["arrival_time"].clone(), c["duration_minutes"].clone(), c["price"].clone()),
        (json!("09:15"), json!("11:10"), json!(115), json!(2900))
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_date_is_the_date_of_leaving_the_boarding_stop(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    // Leaves Nisko at 23:00; reaches Rzeszów at 00:15 the next day.
    let course = app.course(net.north, warsaw(in_days(1), 23, 0), 49).await;

    let boarding_on_day_1 = course_ids(&search(&app, one_way(net.nisko, net.rzeszow, 1)).await["outbound"]);
    assert_eq!(boarding_on_day_1, [course.as_str()]);
    assert_eq!(course_ids(&search(&app, one_way(net.rzeszow, net.krakow, 1)).await["outbound"]), Vec::<String>::new());
    assert_eq!(course_ids(&search(&app, one_way(net.rzeszow, net.krakow, 2)).await["outbound"]), [course]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_round_trip_finds_the_way_back_on_the_return_date(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let there = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    let back = app.course(net.south, warsaw(in_days(3), 15, 0), 49).await;
    app.course(net.south, warsaw(in_days(1), 15, 0), 49).await;

    let body = json!({"tripMode": "round_trip", "start": net.nisko, "end": net.krakow,
                      "date": in_days(1).to_string(), "dateBack": in_days(3).to_string()});
    let found = search(&app, body).await;

    assert_eq!(course_ids(&found["outbound"]), [there]);
    assert_eq!(course_ids(&found["return"]), [back]);
    let r = &found["return"][0];
    assert_eq!(
        (r["from"]["id"].clone(), r["to"]["id"].clone(), r["departure_time"].clone(), r["arrival_time"].clone()),
        (json!(net.krakow), json!(net.nisko), json!("15:00"), json!("18:10"))
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_trip_only_goes_forward(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    // Kraków → Rzeszów exists only backwards on the northbound route (and has no fare southbound).
    let found = search(&app, one_way(net.krakow, net.rzeszow, 1)).await;

    assert_eq!(found, json!({"outbound": [], "return": [], "served": false, "return_served": false}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_about_to_leave_is_no_longer_sold(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let leaving = Utc::now() + Duration::minutes(5);
    let course = app.course(net.north, leaving, 49).await;
    let date = |t: chrono::DateTime<Utc>| t.with_timezone(&Warsaw).date_naive().to_string();

    let from_nisko = json!({"start": net.nisko, "end": net.krakow, "date": date(leaving)});
    assert_eq!(search(&app, from_nisko).await["outbound"], json!([]));
    // The same course leaves Rzeszów 75 minutes later: still on sale there.
    let at_rzeszow = leaving + Duration::minutes(75);
    let from_rzeszow = json!({"start": net.rzeszow, "end": net.krakow, "date": date(at_rzeszow)});
    assert_eq!(course_ids(&search(&app, from_rzeszow).await["outbound"]), [course]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_company_sets_when_sales_close(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let leaving = Utc::now() + Duration::minutes(5);
    let course = app.course(net.north, leaving, 49).await;
    sqlx::query("insert into companies (name, sales_close_minutes) values ('Nisko Bus', 2)")
        .execute(&app.pool)
        .await
        .unwrap();

    let date = leaving.with_timezone(&Warsaw).date_naive().to_string();
    let found = search(&app, json!({"start": net.nisko, "end": net.krakow, "date": date})).await;

    assert_eq!(course_ids(&found["outbound"]), [course]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn seats_on_a_stretch_are_seats_minus_its_busiest_segment(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let course = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    loads(&app, &course, &net, 49, [10, 40]).await;

    let seats = |found: Value| found["outbound"][0]["seats_available"].clone();
    assert_eq!(seats(search(&app, one_way(net.nisko, net.rzeszow, 1)).await), 39);
    assert_eq!(seats(search(&app, one_way(net.rzeszow, net.krakow, 1)).await), 9);
    assert_eq!(seats(search(&app, one_way(net.nisko, net.krakow, 1)).await), 9);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_sold_out_stretch_is_shown_with_no_seats(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let course = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    loads(&app, &course, &net, 49, [49, 3]).await;

    let found = search(&app, one_way(net.nisko, net.krakow, 1)).await;
    assert_eq!(found["outbound"][0]["seats_available"], 0);
    let found = search(&app, one_way(net.rzeszow, net.krakow, 1)).await;
    assert_eq!(found["outbound"][0]["seats_available"], 46);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn stopped_sales_and_inactive_routes_are_not_offered(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let stopped = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    app.stop_sale(&stopped).await;
    app.course(net.south, warsaw(in_days(1), 8, 0), 49).await;
    app.put(&format!("/route/route/save?id={}", net.south), &json!({"active": false}), app.admin()).await;

    assert_eq!(search(&app, one_way(net.nisko, net.krakow, 1)).await["outbound"], json!([]));
    assert_eq!(search(&app, one_way(net.krakow, net.nisko, 1)).await["outbound"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_trip_without_a_fare_is_not_offered(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.course(net.south, warsaw(in_days(1), 8, 0), 49).await;

    // Southbound has a fare only for Kraków → Nisko.
    assert_eq!(search(&app, one_way(net.krakow, net.rzeszow, 1)).await["outbound"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_stops_are_named(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;

    let body = json!({"start": 9998, "end": 9999, "date": today().to_string()});
    assert_eq!(invalid_fields(app.post("/search/search/index", &body, None).await).await, ["start", "end"]);
    let body = json!({"start": net.nisko, "end": 9999, "date": today().to_string()});
    assert_eq!(invalid_fields(app.post("/search/search/index", &body, None).await).await, ["end"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_form_is_checked(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let (n, k) = (net.nisko, net.krakow);
    let (yesterday, today, tomorrow) =
        (in_days(0).pred_opt().unwrap().to_string(), in_days(0).to_string(), in_days(1).to_string());

    for (body, fields) in [
        (json!({"start": n, "end": n, "date": today}), vec!["end"]),
        (json!({"start": n, "end": k, "date": "31.12.2026"}), vec!["date"]),
        (json!({"start": n, "end": k}), vec!["date"]),
        (json!({"start": n, "end": k, "date": yesterday}), vec!["date"]),
        (json!({"tripMode": "there", "start": n, "end": k, "date": today}), vec!["tripMode"]),
        (json!({"tripMode": "round_trip", "start": n, "end": k, "date": today}), vec!["dateBack"]),
        (
            json!({"tripMode": "round_trip", "start": n, "end": k, "date": tomorrow, "dateBack": today}),
            vec!["dateBack"],
        ),
        (json!({"tripMode": "round_trip", "start": n, "end": k, "date": today, "dateBack": "soon"}), vec!["dateBack"]),
        (json!({"start": "Nisko", "end": null, "date": today}), vec!["start", "end"]),
    ] {
        let response = app.post("/search/search/index", &body, None).await;
        assert_eq!(invalid_fields(response).await, fields, "{body}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_empty_day_answers_empty_lists(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;

    let body = json!({"tripMode": "round_trip", "start": net.nisko, "end": net.krakow,
                      "date": today().to_string(), "dateBack": today().to_string()});

    // Both ways are served by a line: the day is empty, not the connection.
    assert_eq!(search(&app, body).await, json!({"outbound": [], "return": [], "served": true, "return_served": true}));
}
