//! Routes (issue 29, defect 9): a name is one route's (compared without case and
//! surrounding spaces), a route without courses is deleted with its stops, prices and
//! timetables, and one with courses is archived: no new courses, by hand or generated,
//! until it is unarchived.

use serde_json::json;
use sqlx::PgPool;

use super::helpers::spawn_app;
use test_support::assert_error;

use super::support::{data, in_days, invalid_fields, network, warsaw};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_second_route_of_the_same_name_is_refused_on_its_name(pool: PgPool) {
    let app = spawn_app(pool).await;
    let first = app.route("Nisko – Kraków").await;
    for clash in ["Nisko – Kraków", "  nisko – KRAKÓW "] {
        let refused = app.post("/route/route/save", &json!({ "name": clash }), app.admin()).await;
        assert_eq!(invalid_fields(refused).await, ["name"], "{clash}");
    }
    // Saving the route itself under its own name is no clash; another route renamed to it is.
    let own =
        app.put(&format!("/route/route/save?id={first}"), &json!({ "name": "Nisko – Kraków" }), app.admin()).await;
    data(own).await;
    let other = app.route("Nisko – Rzeszów").await;
    let renamed =
        app.put(&format!("/route/route/save?id={other}"), &json!({ "name": "NISKO – kraków" }), app.admin()).await;
    let body = assert_error(renamed, 422).await;
    assert_eq!(body["errors"][0]["field"], "name", "{body}");
    assert_eq!(body["errors"][0]["code"], "field.conflict", "{body}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_route_without_courses_is_deleted_with_its_stops_prices_and_timetables(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.timetable(json!({ "route_id": net.south, "departure_times": ["08:00"], "week_days": "0,1,2,3,4,5,6",
        "seats": 30, "days_before_generate": 7 }))
        .await;
    let deleted = app.delete(&format!("/route/route/delete?id={}", net.south), app.admin()).await;
    assert_eq!(data(deleted).await["id"], net.south);
    for table in ["routes", "route_waypoints", "route_prices", "route_course_settings"] {
        let column = if table == "routes" { "id" } else { "route_id" };
        let left = app.count(&format!("select count(*) from {table} where {column} = {}", net.south)).await;
        assert_eq!(left, 0, "{table}");
    }
    let again = app.delete(&format!("/route/route/delete?id={}", net.south), app.admin()).await;
    assert_error(again, 404).await;
    // A guest may not.
    assert_error(app.delete(&format!("/route/route/delete?id={}", net.north), None).await, 401).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_route_with_courses_is_archived_instead_and_then_makes_no_courses(pool: PgPool) {
    let app = spawn_app(pool).await;
    let net = network(&app).await;
    app.course(net.north, warsaw(in_days(1), 8, 0), 30).await;
    let refused = app.delete(&format!("/route/route/delete?id={}", net.north), app.admin()).await;
    assert_eq!(assert_error(refused, 409).await["code"], "route.has_courses");

    let archive = json!({ "name": "Nisko – Kraków", "archived": true });
    let archived = data(app.put(&format!("/route/route/save?id={}", net.north), &archive, app.admin()).await).await;
    assert_eq!(archived["archived"], true);
    // Still listed (old orders and filters name it), marked.
    let listed = data(app.get("/route/route/all?filter[archived][eq]=1", None).await).await;
    assert_eq!(listed["models"][0]["id"], net.north, "{listed}");
    // No course by hand, none generated.
    let by_hand = json!({ "route_id": net.north, "departure_at": warsaw(in_days(2), 8, 0).to_rfc3339(), "seats": 30 });
    assert_eq!(invalid_fields(app.post("/course/course/save", &by_hand, app.admin()).await).await, ["route_id"]);
    let generate = app.post("/course/course/generate", &json!({ "route_id": net.north, "days": 3 }), app.admin()).await;
    assert_eq!(invalid_fields(generate).await, ["route_id"]);

    // Unarchived, it makes courses again.
    let back = json!({ "name": "Nisko – Kraków", "archived": false });
    data(app.put(&format!("/route/route/save?id={}", net.north), &back, app.admin()).await).await;
    data(app.post("/course/course/save", &by_hand, app.admin()).await).await;
}
