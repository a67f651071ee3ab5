//! `POST /course/course/generate`: courses from timetables, each with its seat-inventory
//! stream; idempotent, and repaired by a retry after the event store failed.

use std::sync::atomic::Ordering;

use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use super::flaky_store::spawn_flaky;
use super::helpers::{assert_error, spawn_app, TestApp};
use super::support::{data, in_days, invalid_fields, network, rfc3339_warsaw, warsaw, Network};

/// Two departures a day, every day, from tomorrow, three days ahead: four courses.
async fn timetable(app: &TestApp, route: i64) -> i64 {
    app.timetable(json!({"route_id": route, "departure_times": ["17:30", "08:00"], "week_days": "0,1,2,3,4,5,6",
                         "seats": 49, "days_before_generate": 3, "valid_from": in_days(1).to_string()}))
        .await
}

async fn generate(app: &TestApp, body: Value) -> Value {
    data(app.post("/course/course/generate", &body, app.admin()).await).await
}

async fn course_events(app: &TestApp) -> i64 {
    app.count("select count(*) from es_events where stream_id like 'course-%'").await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn generate_creates_the_courses_of_a_timetable(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let settings = timetable(&app, net.north).await;

    let outcome = generate(&app, json!({"route_id": net.north})).await;

    assert_eq!(outcome, json!({"created": 4, "existing": 0, "inventories_opened": 4, "skipped_routes": []}));
    let courses = data(app.get(&format!("/course/course/all?filter[route_id][eq]={}", net.north), None).await).await;
    let departures: Vec<_> = courses["models"].as_array().unwrap().iter().map(|c| c["departure_at"].clone()).collect();
    let expected: Vec<_> = [(1, 8, 0), (1, 17, 30), (2, 8, 0), (2, 17, 30)]
        .into_iter()
        .map(|(d, h, m)| json!(rfc3339_warsaw(warsaw(in_days(d), h, m))))
        .collect();
    assert_eq!(departures, expected);
    let first = &courses["models"][0];
    assert_eq!(
        (first["seats"].clone(), first["sale_open"].clone(), first["inventory_opened"].clone()),
        (json!(49), json!(true), json!(true))
    );
    assert_eq!(first["route_course_settings_id"], settings);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn generating_again_creates_and_appends_nothing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    generate(&app, json!({"route_id": net.north})).await;
    let (courses, events) = (app.count("select count(*) from courses").await, course_events(&app).await);

    let outcome = generate(&app, json!({"route_id": net.north})).await;

    assert_eq!(outcome, json!({"created": 0, "existing": 4, "inventories_opened": 0, "skipped_routes": []}));
    assert_eq!((app.count("select count(*) from courses").await, course_events(&app).await), (courses, events));
    assert_eq!((courses, events), (4, 4));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn each_course_has_a_stream_opened_with_its_facts(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    generate(&app, json!({"route_id": net.north})).await;

    let courses: Vec<(Uuid, chrono::DateTime<chrono::Utc>)> =
        sqlx::query_as("select id, departure_at from courses").fetch_all(&app.pool).await.unwrap();
    for (id, departure_at) in courses {
        let events: Vec<(i64, String, Value)> =
            sqlx::query_as("select version, event_type, data from es_events where stream_id = $1 order by version")
                .bind(format!("course-{id}"))
                .fetch_all(&app.pool)
                .await
                .unwrap();
        assert_eq!(events.len(), 1, "course {id}");
        let (version, event_type, data) = &events[0];
        assert_eq!((*version, event_type.as_str()), (0, "InventoryOpened"));
        assert_eq!(
            data["departure_at"].as_str().unwrap().parse::<chrono::DateTime<chrono::Utc>>().unwrap(),
            departure_at
        );
        let mut facts = data.clone();
        facts.as_object_mut().unwrap().remove("departure_at");
        assert_eq!(
            facts,
            json!({"type": "InventoryOpened", "course_id": id, "route_id": net.north, "seats": 49, "stops": [
                {"waypoint_id": net.nisko, "minutes_from_start": 0},
                {"waypoint_id": net.rzeszow, "minutes_from_start": 75},
                {"waypoint_id": net.krakow, "minutes_from_start": 190},
            ]})
        );
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn generate_without_a_route_covers_every_active_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    timetable(&app, net.south).await;
    let lonely = app.route("One stop").await;
    app.stops(lonely, &[(net.nisko, 0)]).await;
    timetable(&app, lonely).await;
    let inactive = app.route("Inactive").await;
    app.stops(inactive, &[(net.nisko, 0), (net.krakow, 100)]).await;
    timetable(&app, inactive).await;
    app.put(&format!("/route/route/save?id={inactive}"), &json!({"active": false}), app.admin()).await;

    let response =
        app.client.post(app.url("/course/course/generate")).bearer_auth(&app.admin_token).send().await.unwrap();

    assert_eq!(
        data(response).await,
        json!({"created": 8, "existing": 0, "inventories_opened": 8,
               "skipped_routes": [{"route_id": lonely, "reason": "the route needs at least two stops"}]})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn days_and_exceptions_shape_what_is_generated(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let settings = timetable(&app, net.north).await;
    let tomorrow = in_days(1).to_string();
    app.create(
        "/route/route-course-details",
        json!({"route_course_settings_id": settings, "date": tomorrow, "seats": 20}),
    )
    .await;
    let after = in_days(2).to_string();
    app.create(
        "/route/route-course-details",
        json!({"route_course_settings_id": settings, "date": after, "excluded": true}),
    )
    .await;

    let outcome = generate(&app, json!({"route_id": net.north, "days": 3})).await;

    assert_eq!(outcome["created"], 2);
    let seats: Vec<i32> =
        sqlx::query_scalar("select seats from courses order by departure_at").fetch_all(&app.pool).await.unwrap();
    assert_eq!(seats, [20, 20]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn generate_checks_its_input(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Network { nisko, .. } = network(&app).await;
    let lonely = app.route("One stop").await;
    app.stops(lonely, &[(nisko, 0)]).await;
    let inactive = app.route("Inactive").await;
    app.put(&format!("/route/route/save?id={inactive}"), &json!({"active": false}), app.admin()).await;

    for (body, fields) in [
        (json!({"route_id": 999}), vec!["route_id"]),
        (json!({"route_id": inactive}), vec!["route_id"]),
        (json!({"route_id": lonely}), vec!["route_id"]),
        (json!({"days": 0}), vec!["days"]),
        (json!({"route_id": "x", "days": 400}), vec!["route_id", "days"]),
    ] {
        let response = app.post("/course/course/generate", &body, app.admin()).await;
        assert_eq!(invalid_fields(response).await, fields, "{body}");
    }
    let response = app
        .client
        .post(app.url("/course/course/generate"))
        .bearer_auth(&app.admin_token)
        .body("{")
        .send()
        .await
        .unwrap();
    assert_error(response, 400).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn generate_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    super::support::assert_admin_only(&app, &[("POST", "/course/course/generate")]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failed_append_leaves_the_course_unsold_until_a_retry_opens_it(pool: PgPool) {
    let (app, store) = spawn_flaky(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    store.fail.store(usize::MAX, Ordering::SeqCst);

    let failed = app.post("/course/course/generate", &json!({"route_id": net.north}), app.admin()).await;

    assert_error(failed, 503).await;
    assert_eq!(app.count("select count(*) from courses where inventory_opened_at is null").await, 4);
    assert_eq!(course_events(&app).await, 0);
    let search = json!({"start": net.nisko, "end": net.krakow, "date": in_days(1).to_string()});
    assert_eq!(data(app.post("/search/search/index", &search, None).await).await["outbound"], json!([]));

    store.fail.store(0, Ordering::SeqCst);
    let retried = generate(&app, json!({"route_id": net.north})).await;

    assert_eq!(retried, json!({"created": 0, "existing": 4, "inventories_opened": 4, "skipped_routes": []}));
    assert_eq!(app.count("select count(*) from courses where inventory_opened_at is null").await, 0);
    assert_eq!(course_events(&app).await, 4);
    assert_eq!(
        data(app.post("/search/search/index", &search, None).await).await["outbound"].as_array().unwrap().len(),
        2
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_inventories_that_were_opened_before_a_failure_stay_opened(pool: PgPool) {
    let (app, store) = spawn_flaky(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    store.fail.store(2, Ordering::SeqCst);

    assert_error(app.post("/course/course/generate", &json!({"route_id": net.north}), app.admin()).await, 503).await;
    assert_eq!(app.count("select count(*) from courses where inventory_opened_at is not null").await, 2);
    assert_eq!(course_events(&app).await, 2);

    let retried = generate(&app, json!({"route_id": net.north})).await;

    assert_eq!(retried["inventories_opened"], 2);
    assert_eq!(course_events(&app).await, 4);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_appended_but_unmarked_inventory_is_marked_without_a_second_event(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    timetable(&app, net.north).await;
    generate(&app, json!({"route_id": net.north})).await;
    // As if the process died between the append and the mark.
    sqlx::query("update courses set inventory_opened_at = null where id = (select id from courses limit 1)")
        .execute(&app.pool)
        .await
        .unwrap();

    let retried = generate(&app, json!({"route_id": net.north})).await;

    assert_eq!(retried["inventories_opened"], 1);
    assert_eq!(course_events(&app).await, 4);
    assert_eq!(app.count("select count(*) from courses where inventory_opened_at is null").await, 0);
}

async fn preview(app: &TestApp, query: &str) -> Value {
    data(app.get(&format!("/course/course/generate-preview?{query}"), app.admin()).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_preview_shows_what_generate_then_does_and_creates_nothing(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let settings = timetable(&app, net.north).await;
    let excluded = in_days(2).to_string();
    app.create(
        "/route/route-course-details",
        json!({"route_course_settings_id": settings, "date": excluded, "excluded": true}),
    )
    .await;

    let before = preview(&app, &format!("route_id={}&days=3", net.north)).await;

    let first = json!(rfc3339_warsaw(warsaw(in_days(1), 8, 0)));
    let last = json!(rfc3339_warsaw(warsaw(in_days(1), 17, 30)));
    assert_eq!((before["new"].clone(), before["existing"].clone()), (json!(2), json!(0)));
    assert_eq!(before["timetables"].as_array().map(Vec::len), Some(1));
    let line = &before["timetables"][0];
    assert_eq!((line["settings_id"].clone(), line["route_id"].clone()), (json!(settings), json!(net.north)));
    let instant = |v: &Value| v.as_str().and_then(|s| s.parse::<chrono::DateTime<chrono::FixedOffset>>().ok());
    assert_eq!(instant(&line["first_departure"]), instant(&first));
    assert_eq!(instant(&line["last_departure"]), instant(&last));
    assert_eq!((app.count("select count(*) from courses").await, course_events(&app).await), (0, 0));

    let outcome = generate(&app, json!({"route_id": net.north, "days": 3})).await;
    assert_eq!(outcome["created"], before["new"]);

    let after = preview(&app, &format!("route_id={}&days=3", net.north)).await;
    assert_eq!((after["new"].clone(), after["existing"].clone()), (json!(0), json!(2)));
    assert_eq!(after["timetables"][0]["first_departure"], Value::Null);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_preview_refuses_what_generate_refuses_and_is_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;
    let Network { nisko, north, .. } = network(&app).await;
    let lonely = app.route("One stop").await;
    app.stops(lonely, &[(nisko, 0)]).await;

    for (query, fields) in [
        ("route_id=999".to_string(), vec!["route_id"]),
        (format!("route_id={lonely}"), vec!["route_id"]),
        ("days=0".to_string(), vec!["days"]),
        ("days=367".to_string(), vec!["days"]),
        ("days=".to_string(), vec!["days"]),
        ("route_id=x".to_string(), vec!["route_id"]),
    ] {
        let response = app.get(&format!("/course/course/generate-preview?{query}"), app.admin()).await;
        assert_eq!(invalid_fields(response).await, fields, "{query}");
    }
    let everything = preview(&app, "").await;
    assert_eq!(
        everything["skipped_routes"],
        json!([{"route_id": lonely, "reason": "the route needs at least two stops"}])
    );
    let guest = app.get(&format!("/course/course/generate-preview?route_id={north}"), None).await;
    assert_error(guest, 401).await;
}
