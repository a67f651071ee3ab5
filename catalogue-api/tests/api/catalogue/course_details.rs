//! `/route/route-course-details`: exceptions of a timetable on a date.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_admin_only, data, invalid_fields, without_times};
use crate::helpers::{assert_error, spawn_app, TestApp};

async fn settings(app: &TestApp) -> i64 {
    let route = app.route("R").await;
    app.timetable(json!({"route_id": route, "departure_times": ["08:00"], "week_days": "0,1,2,3,4,5,6", "seats": 49,
                         "days_before_generate": 30}))
        .await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_excludes_a_date_or_changes_its_seats(pool: PgPool) {
    let app = spawn_app(pool).await;
    let settings = settings(&app).await;

    let body = json!({"route_course_settings_id": settings, "date": "2026-12-24", "excluded": true, "note": "Wigilia"});
    let saved = data(app.post("/route/route-course-details/save", &body, app.admin()).await).await;
    let id = saved["id"].as_i64().unwrap();
    let updated = data(
        app.put(
            &format!("/route/route-course-details/save?id={id}"),
            &json!({"excluded": false, "seats": 20}),
            app.admin(),
        )
        .await,
    )
    .await;

    assert_eq!(
        without_times(updated),
        json!({"id": id, "route_course_settings_id": settings, "date": "2026-12-24", "excluded": false, "seats": 20,
               "note": "Wigilia"})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_exception_excludes_the_date_or_gives_seats(pool: PgPool) {
    let app = spawn_app(pool).await;
    let settings = settings(&app).await;

    let body = json!({"route_course_settings_id": settings, "date": "2026-12-24"});
    assert_eq!(invalid_fields(app.post("/route/route-course-details/save", &body, app.admin()).await).await, ["seats"]);
    let body = json!({"route_course_settings_id": 999, "date": "24.12.2026", "seats": 0});
    assert_eq!(
        invalid_fields(app.post("/route/route-course-details/save", &body, app.admin()).await).await,
        ["date", "seats", "route_course_settings_id"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_exception_per_date(pool: PgPool) {
    let app = spawn_app(pool).await;
    let settings = settings(&app).await;
    let body = json!({"route_course_settings_id": settings, "date": "2026-12-24", "excluded": true});
    app.create("/route/route-course-details", body.clone()).await;

    assert_eq!(invalid_fields(app.post("/route/route-course-details/save", &body, app.admin()).await).await, ["date"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn exceptions_are_listed_and_deleted(pool: PgPool) {
    let app = spawn_app(pool).await;
    let settings = settings(&app).await;
    for date in ["2026-12-24", "2026-12-25"] {
        app.create(
            "/route/route-course-details",
            json!({"route_course_settings_id": settings, "date": date, "excluded": true}),
        )
        .await;
    }

    let page = data(app.get("/route/route-course-details/all?filter[date][gte]=2026-12-25", None).await).await;
    assert_eq!(page["models"].as_array().unwrap().len(), 1);
    let id = page["models"][0]["id"].as_i64().unwrap();
    assert_eq!(
        data(app.delete(&format!("/route/route-course-details/delete?id={id}"), app.admin()).await).await,
        json!({"id": id})
    );
    assert_error(app.delete(&format!("/route/route-course-details/delete?id={id}"), app.admin()).await, 404).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn exceptions_need_an_admin(pool: PgPool) {
    let app = spawn_app(pool).await;
    assert_admin_only(
        &app,
        &[
            ("POST", "/route/route-course-details/save"),
            ("PUT", "/route/route-course-details/save?id=1"),
            ("DELETE", "/route/route-course-details/delete?id=1"),
        ],
    )
    .await;
}
