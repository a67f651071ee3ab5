//! `/course/course`: courses by hand, their list, and an admin's changes (seats through
//! the seat inventory, the sale flag).

use chrono::{Duration, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use super::helpers::{assert_error, spawn_app, TestApp};
use super::support::{
    assert_admin_only, data, in_days, invalid_fields, network, rfc3339_warsaw, warsaw, without_times,
};

async fn events(app: &TestApp, course: &str) -> Vec<(String, Value)> {
    sqlx::query_as("select event_type, data from es_events where stream_id = $1 order by version")
        .bind(format!("course-{course}"))
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_course_and_its_inventory_opens(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let departure = warsaw(in_days(1), 8, 0);

    let body = json!({"route_id": net.north, "departure_at": format!("{} 08:00", in_days(1)), "seats": 49});
    let saved = data(app.post("/course/course/save", &body, app.admin()).await).await;

    let id = saved["id"].as_str().unwrap().to_string();
    assert_eq!(
        without_times(saved),
        json!({"id": id, "route_id": net.north, "route_name": "Nisko – Kraków", "route_course_settings_id": null,
               "departure_at": rfc3339_warsaw(departure), "seats": 49, "sale_open": true, "inventory_opened": true,
               "disruption": "none", "delay_minutes": null, "departed_at": null})
    );
    let types: Vec<String> = events(&app, &id).await.into_iter().map(|(t, _)| t).collect();
    assert_eq!(types, ["InventoryOpened"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_of_a_course_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"route_id": 999, "departure_at": "tomorrow", "seats": 0, "sale_open": "no"});
    assert_eq!(
        invalid_fields(app.post("/course/course/save", &body, app.admin()).await).await,
        ["departure_at", "seats", "sale_open", "route_id"]
    );
    let past = (Utc::now() - Duration::minutes(1)).to_rfc3339();
    let body = json!({"departure_at": past, "seats": 1001});
    assert_eq!(
        invalid_fields(app.post("/course/course/save", &body, app.admin()).await).await,
        ["route_id", "seats", "departure_at"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_in_the_past_is_refused_at_its_departure_with_its_own_code(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;

    let past = (Utc::now() - Duration::hours(1)).to_rfc3339();
    let body = json!({"route_id": net.north, "departure_at": past, "seats": 10});
    let response = app.post("/course/course/save", &body, app.admin()).await;
    assert_eq!(response.status(), 422);
    let answer: Value = response.json().await.unwrap();
    // The panel translates the code and puts it at the field: no English, no raw field name.
    assert_eq!(answer["errors"][0]["field"], "departure_at", "{answer}");
    assert_eq!(answer["errors"][0]["code"], "course.departure_past", "{answer}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_needs_a_route_with_two_stops(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;

    let body = json!({"route_id": route, "departure_at": format!("{} 08:00", in_days(1)), "seats": 10});
    let response = app.post("/course/course/save", &body, app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["route_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_route_has_one_course_at_a_time(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let body = json!({"route_id": net.north, "departure_at": format!("{} 08:00:00", in_days(1)), "seats": 10});
    let response = app.post("/course/course/save", &body, app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["departure_at"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn courses_are_listed_by_route_and_dates(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    for (route, day) in [(net.north, 1), (net.north, 2), (net.north, 3), (net.south, 2)] {
        app.course(route, warsaw(in_days(day), 9, 0), 49).await;
    }

    let url = format!(
        "/course/course/all?filter[route_id][eq]={}&filter[date][gte]={}&filter[date][lte]={}",
        net.north,
        in_days(2),
        in_days(3)
    );
    let page = data(app.get(&url, None).await).await;

    let departures: Vec<_> = page["models"].as_array().unwrap().iter().map(|c| c["departure_at"].clone()).collect();
    assert_eq!(
        departures,
        [json!(rfc3339_warsaw(warsaw(in_days(2), 9, 0))), json!(rfc3339_warsaw(warsaw(in_days(3), 9, 0)))]
    );
    assert_eq!(page["pagination"]["totalCount"], 2);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_and_malformed_course_ids(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get(&format!("/course/course/one?id={}", Uuid::new_v4()), None).await, 404).await;
    assert_eq!(invalid_fields(app.get("/course/course/one?id=12", None).await).await, ["id"]);
    assert_error(app.put(&format!("/course/course/save?id={}", Uuid::new_v4()), &json!({}), app.admin()).await, 404)
        .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn changing_the_seats_records_it_in_the_inventory(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let saved = data(app.put(&format!("/course/course/save?id={id}"), &json!({"seats": 57}), app.admin()).await).await;
    data(app.put(&format!("/course/course/save?id={id}"), &json!({"seats": 57}), app.admin()).await).await;

    assert_eq!(saved["seats"], 57);
    let recorded = events(&app, &id).await;
    assert_eq!(recorded.len(), 2, "the same seats again append nothing");
    assert_eq!(
        recorded[1],
        (
            "CapacityChanged".to_string(),
            json!({"type": "CapacityChanged", "course_id": id, "previous_seats": 49, "seats": 57})
        )
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_stops_the_sale_of_a_course(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let saved =
        data(app.put(&format!("/course/course/save?id={id}"), &json!({"sale_open": false}), app.admin()).await).await;

    assert_eq!((saved["sale_open"].clone(), saved["seats"].clone()), (json!(false), json!(49)));
    assert_eq!(events(&app, &id).await.len(), 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_keeps_its_route_and_departure(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;

    let body = json!({"route_id": net.south, "departure_at": format!("{} 09:00", in_days(1)), "seats": 0});
    let response = app.put(&format!("/course/course/save?id={id}"), &body, app.admin()).await;

    assert_eq!(invalid_fields(response).await, ["seats", "route_id", "departure_at"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn saving_a_course_without_an_inventory_opens_it(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = Uuid::new_v4();
    sqlx::query("insert into courses (id, route_id, departure_at, seats) values ($1, $2, $3, 30)")
        .bind(id)
        .bind(net.north)
        .bind(warsaw(in_days(1), 8, 0))
        .execute(&app.pool)
        .await
        .unwrap();

    let saved = data(app.put(&format!("/course/course/save?id={id}"), &json!({"seats": 35}), app.admin()).await).await;

    assert_eq!((saved["inventory_opened"].clone(), saved["seats"].clone()), (json!(true), json!(35)));
    let recorded = events(&app, &id.to_string()).await;
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0].1["seats"], 35);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn saving_courses_needs_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = Uuid::new_v4();
    assert_admin_only(&app, &[("POST", "/course/course/save"), ("PUT", &format!("/course/course/save?id={id}"))]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_stream_opened_under_another_event_id_is_marked_without_a_second_event(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    let id = app.opened_behind_the_rows_back(&net).await;

    let saved =
        data(app.put(&format!("/course/course/save?id={id}"), &json!({"sale_open": true}), app.admin()).await).await;

    assert_eq!(saved["inventory_opened"], true);
    let types: Vec<String> = events(&app, &id.to_string()).await.into_iter().map(|(t, _)| t).collect();
    assert_eq!(types, ["InventoryOpened"]);
}
