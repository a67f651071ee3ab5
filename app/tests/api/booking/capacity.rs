//! An admin changes the seats of a course that is selling. The change goes through the
//! course's single writer, where the orders' holds are decided: it is decided on the
//! seats held by then, and the next order on the new seats.

use serde_json::json;

use super::*;

async fn change_seats(app: &BookingApp, course: Uuid, seats: u32) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!("/api/course/course/save?id={course}")))
        .bearer_auth(&app.admin_token)
        .json(&json!({ "seats": seats }))
        .send()
        .await
        .expect("request");
    body(response).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_seats_of_a_selling_course_never_go_below_what_is_held(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 5).await;
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 3 }]))).await).await;
    assert_eq!(status, 201, "{placed}");

    let (status, refused) = change_seats(&app, course, 2).await;

    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"],
        json!([{"field": "seats", "message": "3 seats are already taken on one stretch; the course cannot have fewer",
            "code": "inventory.below_taken"}])
    );
    assert_eq!(app.loads(course).await, (5, vec![3, 3]), "nothing changed");

    let (status, saved) = change_seats(&app, course, 4).await;

    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["seats"], 4);
    assert_eq!(app.loads(course).await, (4, vec![3, 3]));
    let (status, full) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 409, "only one seat is left: {full}");
    let (status, last) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{last}");
}
