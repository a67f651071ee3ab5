//! `/route/route-course-settings`: timetables.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, without_times};
use crate::helpers::{assert_error, spawn_app};

fn timetable(route: i64) -> Value {
    json!({"route_id": route, "name": "Dni robocze", "departure_times": ["15:00", "07:30"], "week_days": "5,1,2,3,4",
           "seats": 49, "days_before_generate": 60, "valid_from": "2026-01-01"})
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_creates_a_timetable(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;

    let saved = data(app.post("/route/route-course-settings/save", &timetable(route), app.admin()).await).await;

    let id = saved["id"].as_i64().unwrap();
    assert_eq!(
        without_times(saved),
        json!({"id": id, "route_id": route, "name": "Dni robocze", "departure_times": ["07:30", "15:00"],
               "week_days": "1,2,3,4,5", "seats": 49, "days_before_generate": 60, "valid_from": "2026-01-01",
               "valid_to": null, "active": true})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn times_and_days_may_come_in_either_shape(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let id = app.timetable(timetable(route)).await;

    let body = json!({"departure_times": "06:05,18:40", "week_days": [0, 6]});
    let saved = data(app.put(&format!("/route/route-course-settings/save?id={id}"), &body, app.admin()).await).await;

    assert_eq!(
        (saved["departure_times"].clone(), saved["week_days"].clone()),
        (json!(["06:05", "18:40"]), json!("0,6"))
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_of_a_timetable_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = json!({"route_id": 404, "departure_times": ["7:30"], "week_days": "1,7", "seats": 0,
                      "days_before_generate": 367, "valid_from": "2026-02-01", "valid_to": "2026-01-31"});
    let fields = invalid_fields(app.post("/route/route-course-settings/save", &body, app.admin()).await).await;

    assert_eq!(fields, ["departure_times", "week_days", "seats", "days_before_generate", "valid_to", "route_id"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn times_are_hh_mm_and_days_0_to_6(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;

    for (times, days, field) in [
        (json!(["24:00"]), json!("1"), "departure_times"),
        (json!("07:30:00"), json!("1"), "departure_times"),
        (json!([]), json!("1"), "departure_times"),
        (json!(["07:30"]), json!("-1"), "week_days"),
        (json!(["07:30"]), json!("pn"), "week_days"),
        (json!(["07:30"]), json!(""), "week_days"),
    ] {
        let mut body = timetable(route);
        body["departure_times"] = times.clone();
        body["week_days"] = days.clone();
        let response = app.post("/route/route-course-settings/save", &body, app.admin()).await;
        assert_eq!(invalid_fields(response).await, [field], "{times} {days}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_timetable_is_duplicated(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let id = app.timetable(timetable(route)).await;

    let copy =
        data(app.post(&format!("/route/route-course-settings/duplicate?id={id}"), &json!({}), app.admin()).await).await;

    assert_ne!(copy["id"], id);
    let mut expected =
        without_times(data(app.get(&format!("/route/route-course-settings/one?id={id}"), None).await).await);
    expected["id"] = copy["id"].clone();
    expected["name"] = json!("Dni robocze (kopia)");
    assert_eq!(without_times(copy), expected);
    assert_error(app.post("/route/route-course-settings/duplicate?id=999", &json!({}), app.admin()).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_timetable_with_exceptions_cannot_be_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let route = app.route("R").await;
    let id = app.timetable(timetable(route)).await;
    let exception = app
        .create(
            "/route/route-course-details",
            json!({"route_course_settings_id": id, "date": "2026-12-24", "excluded": true}),
        )
        .await;

    let body =
        assert_error(app.delete(&format!("/route/route-course-settings/delete?id={id}"), app.admin()).await, 409).await;
    assert_eq!(body["message"], "these course settings have exceptions (route course details); delete them first");

    app.delete(&format!("/route/route-course-details/delete?id={}", exception["id"]), app.admin()).await;
    assert_eq!(
        data(app.delete(&format!("/route/route-course-settings/delete?id={id}"), app.admin()).await).await,
        json!({"id": id})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn timetables_are_listed_by_route(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (r1, r2) = (app.route("R1").await, app.route("R2").await);
    app.timetable(timetable(r1)).await;
    app.timetable(timetable(r2)).await;

    let page = data(app.get(&format!("/route/route-course-settings/all?filter[route_id][eq]={r2}"), None).await).await;

    assert_eq!(page["models"].as_array().unwrap().len(), 1);
    assert_eq!(page["models"][0]["route_id"], r2);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn timetables_need_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(
        &app,
        &[
            ("POST", "/route/route-course-settings/save"),
            ("PUT", "/route/route-course-settings/save?id=1"),
            ("POST", "/route/route-course-settings/duplicate?id=1"),
            ("DELETE", "/route/route-course-settings/delete?id=1"),
        ],
    )
    .await;
}
