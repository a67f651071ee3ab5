//! `GET /api/course/course/load`: what an admin sees of a course's seats, per segment,
//! once the read model has followed a hold.

use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_sees_the_seats_a_hold_takes_on_each_segment(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 50).await;
    // Two passengers from the first stop to the second: only the first segment is taken.
    let order = booking(course, &line, 0, 1, json!([{ "qty": 2, "discount_id": null }]));
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");

    let path = format!("/api/course/course/load?id={course}");
    eventually("the load follows the hold", || async {
        let response = app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("request");
        let (status, load) = body(response).await;
        status == 200 && load["data"]["segments"][0]["taken"] == 2
    })
    .await;
    let response = app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("request");
    let (_, load) = body(response).await;
    assert_eq!(
        load["data"]["segments"],
        json!([
            { "from_id": line.stops[0], "from_name": "Nisko", "to_id": line.stops[1], "to_name": "Rzeszów",
              "taken": 2, "free": 48 },
            { "from_id": line.stops[1], "from_name": "Rzeszów", "to_id": line.stops[2], "to_name": "Kraków",
              "taken": 0, "free": 50 }
        ])
    );
    assert_eq!(load["data"]["seats"], 50);

    // A user is refused; an unknown course is a 404, a bad id a 422.
    let response = app.client.get(app.url(&path)).bearer_auth(&app.user_token).send().await.expect("request");
    assert_eq!(response.status(), 403);
    let unknown = format!("/api/course/course/load?id={}", Uuid::new_v4());
    let response = app.client.get(app.url(&unknown)).bearer_auth(&app.admin_token).send().await.expect("request");
    assert_eq!(response.status(), 404);
    let response =
        app.client.get(app.url("/api/course/course/load?id=x")).bearer_auth(&app.admin_token).send().await.expect("r");
    assert_eq!(response.status(), 422);
}
