//! `POST /user/user/get-my-account` and `POST /user/user/update-my-account`.

use serde_json::json;

use super::support::*;
use crate::helpers::spawn_app;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_my_account_answers_the_token_owners_account(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, id) = logged_in(&app, "anna@example.pl").await;

    let body = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await).await;

    assert_eq!(
        body,
        json!({"data": {
            "id": id, "email": "anna@example.pl", "first_name": "Anna", "last_name": "Nowak",
            "phone": "+48 600 100 200", "role": "User"
        }})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn update_my_account_accepts_the_spec_envelope(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    let form = json!({"my-account": {
        "email": "anna@example.pl", "first_name": " Anna Maria ", "last_name": "Nowak-Kowalska", "phone": ""
    }});

    let body = ok_body(app.post("/user/user/update-my-account", &form, Some(&session)).await).await;

    assert_eq!(body["data"]["first_name"], "Anna Maria");
    assert_eq!(body["data"]["last_name"], "Nowak-Kowalska");
    assert_eq!(body["data"]["phone"], "");
    let again = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await).await;
    assert_eq!(again, body);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn update_my_account_accepts_the_bare_object_and_keeps_what_is_left_out(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let body =
        ok_body(app.post("/user/user/update-my-account", &json!({"phone": "600 700 800"}), Some(&session)).await).await;

    assert_eq!(body["data"]["phone"], "600 700 800");
    assert_eq!(body["data"]["first_name"], "Anna");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_email_cannot_be_changed_but_the_same_one_is_fine(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let other = json!({"my-account": {"email": "anna2@example.pl", "first_name": "Hanna"}});
    let (_, errors) = field_errors(app.post("/user/user/update-my-account", &other, Some(&session)).await).await;
    let same = json!({"my-account": {"email": "ANNA@example.pl", "first_name": "Hanna"}});
    let body = ok_body(app.post("/user/user/update-my-account", &same, Some(&session)).await).await;

    assert_eq!(errors, vec![("email".to_string(), "The e-mail of an existing account cannot be edited.".to_string())]);
    assert_eq!(body["data"]["email"], "anna@example.pl");
    assert_eq!(body["data"]["first_name"], "Hanna");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_field_is_named_and_nothing_changes(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    let form = json!({"my-account": {"first_name": "", "last_name": "x".repeat(101), "phone": "abc", "email": 7}});

    let (_, errors) = field_errors(app.post("/user/user/update-my-account", &form, Some(&session)).await).await;

    assert_eq!(fields(&errors), vec!["first_name", "last_name", "phone", "email"]);
    let body = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await).await;
    assert_eq!(body["data"]["first_name"], "Anna");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_user_edits_only_their_own_account(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let form = json!({"id": app.user_id, "my-account": {"id": app.user_id, "first_name": "Intruder"}});
    ok_body(app.post("/user/user/update-my-account", &form, Some(&session)).await).await;

    let other = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&app.user_token)).await).await;
    assert_eq!(other["data"]["first_name"], "Jan");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn fields_beside_the_envelope_are_refused_not_dropped(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    let form = json!({"my-account": {"first_name": "Hanna"}, "last_name": 1701});

    let (_, errors) = field_errors(app.post("/user/user/update-my-account", &form, Some(&session)).await).await;

    assert_eq!(fields(&errors), vec!["my-account"]);
    let body = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await).await;
    assert_eq!(body["data"]["first_name"], "Anna");
}
