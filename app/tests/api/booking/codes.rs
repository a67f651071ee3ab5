//! Every error answer carries a stable `code` beside its English message: the client
//! translates the code. A few real answers, end to end.

use super::*;

fn field_code<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body["errors"].as_array()?.iter().find(|e| e["field"] == field)?["code"].as_str()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn refusals_carry_their_codes(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 1).await;

    // Not enough seats: the domain's code, the message as before.
    let (status, body) = super::body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 2 }]))).await).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "seats.not_enough", "{body}");
    assert_eq!(body["message"], "Only 1 seats are left on this course.", "{body}");

    // A blank field: a 422 whose field error says what is wrong.
    let mut blank = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    blank["customer"]["first_name"] = json!("  ");
    let (status, body) = super::body(app.place(&blank).await).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["code"], "order.incomplete", "the order form's own code for its field errors: {body}");
    assert_eq!(field_code(&body, "customer.first_name"), Some("field.blank"), "{body}");
    assert_eq!(field_code(&body, "customer.last_name"), None, "only the blank field: {body}");

    // A domain refusal shown on a field: coded at the top and on the field.
    let (status, body) = super::body(app.place(&booking(course, &line, 2, 0, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["code"], "course.wrong_direction", "{body}");
    assert_eq!(field_code(&body, "course"), Some("course.wrong_direction"), "{body}");

    // A repeated key repeats the refusal with its code and field errors.
    let wrong_way = booking(course, &line, 2, 0, json!([{ "qty": 1 }]));
    let first = super::body(app.post("/api/order/order/place", &wrong_way, None, Some("codes-1")).await).await;
    let again = super::body(app.post("/api/order/order/place", &wrong_way, None, Some("codes-1")).await).await;
    assert_eq!(first.1["code"], "course.wrong_direction", "{}", first.1);
    assert_eq!(again, first);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn accounts_and_plain_errors_carry_codes(pool: PgPool) {
    let app = spawn(pool).await;

    // A bad login.
    let login = json!({ "email": "jan@example.test", "password": "not the password" });
    let (status, body) = super::body(app.post("/api/user/auth/login", &login, None, None).await).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["code"], "auth.bad_credentials", "{body}");
    assert_eq!(body["message"], "Incorrect e-mail or password.", "{body}");
    assert_eq!(field_code(&body, "password"), Some("auth.bad_credentials"), "{body}");

    // A blank e-mail at registration: the form's code at the top, the field's below.
    let register = json!({ "email": "", "password": "a long password", "first_name": "Jan", "last_name": "K" });
    let (status, body) = super::body(app.post("/api/user/auth/register", &register, None, None).await).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["code"], "account.registration_failed", "{body}");
    assert_eq!(field_code(&body, "email"), Some("field.blank"), "{body}");

    // No session: the kind's default code.
    let (status, body) = super::body(app.post("/api/user/user/my-tickets", &json!({}), None, None).await).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], "auth.required", "{body}");

    // A search in the past.
    let search = json!({ "start": 1, "end": 2, "date": "2001-01-01" });
    let (status, body) = super::body(app.post("/api/search/search/index", &search, None, None).await).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_code(&body, "date"), Some("date.in_past"), "{body}");
}
