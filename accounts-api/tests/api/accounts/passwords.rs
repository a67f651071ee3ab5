//! `POST /user/auth/forgot-password` and `POST /user/auth/change-password`.

use serde_json::json;

use super::support::*;
use crate::helpers::{assert_error, spawn_app};

const NEW_PASSWORD: &str = "a brand new secret";

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn forgot_password_answers_the_same_for_known_and_unknown_addresses(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;

    let known = ok_body(app.post("/user/auth/forgot-password", &json!({"email": "anna@example.pl"}), None).await).await;
    let unknown =
        ok_body(app.post("/user/auth/forgot-password", &json!({"email": "nobody@example.pl"}), None).await).await;

    assert_eq!(known, unknown);
    let emails = wait_for_emails(&app, 2).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(decoded_emails(&app).len(), 2, "nothing is sent to an unknown address");
    assert!(emails.iter().all(|mail| !mail.contains("To: nobody@example.pl")));
    let reset = link_token(&emails, "anna@example.pl", "/change-password");
    assert_eq!(reset.len(), 64);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_reset_link_lives_one_hour(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;

    ok_body(app.post("/user/auth/forgot-password", &json!({"email": "anna@example.pl"}), None).await).await;

    let minutes: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - now())::float8 / 60 from auth_tokens where purpose = 'password_reset'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!((59.9..=60.0).contains(&minutes), "{minutes}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn forgot_password_needs_an_email_address(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let (_, errors) = field_errors(app.post("/user/auth/forgot-password", &json!({"email": "anna"}), None).await).await;

    assert_eq!(fields(&errors), vec!["email"]);
}

async fn reset_token(app: &crate::helpers::TestApp, email: &str) -> String {
    ok_body(app.post("/user/auth/forgot-password", &json!({"email": email}), None).await).await;
    let emails = wait_for_emails(app, 2).await;
    link_token(&emails, email, "/change-password")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_reset_refuses_a_short_password_and_keeps_the_token(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    let token = reset_token(&app, "anna@example.pl").await;

    let short = json!({"token": token, "password": "1234567"});
    let (body, errors) = field_errors(app.post("/user/auth/change-password", &short, None).await).await;

    assert_eq!(body["message"], NOT_CHANGED);
    assert_eq!(errors, vec![("password".to_string(), "Password should contain at least 8 characters.".to_string())]);
    let good = json!({"token": token, "password": NEW_PASSWORD});
    ok_body(app.post("/user/auth/change-password", &good, None).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_and_expired_reset_tokens_are_refused(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    let token = reset_token(&app, "anna@example.pl").await;
    sqlx::query("update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset'")
        .execute(&app.pool)
        .await
        .unwrap();

    for token in [token, "a".repeat(64), " ".to_string()] {
        let body = json!({"token": token, "password": NEW_PASSWORD});
        let (response, errors) = field_errors(app.post("/user/auth/change-password", &body, None).await).await;
        assert_eq!(response["message"], NOT_CHANGED);
        assert_eq!(fields(&errors), vec!["token"]);
    }
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_reset_by_link_also_activates_an_account_never_confirmed(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;
    let token = reset_token(&app, "anna@example.pl").await;

    ok_body(app.post("/user/auth/change-password", &json!({"token": token, "password": NEW_PASSWORD}), None).await)
        .await;

    ok_body(login(&app, "anna@example.pl", NEW_PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_logged_in_user_changes_the_password_with_the_current_one(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    let other =
        ok_body(login(&app, "anna@example.pl", PASSWORD).await).await["data"]["token"].as_str().unwrap().to_string();

    let body = json!({"old_password": PASSWORD, "password": NEW_PASSWORD});
    ok_body(app.post("/user/auth/change-password", &body, Some(&session)).await).await;

    ok_body(app.get("/user/auth/get", Some(&session)).await).await;
    assert_error(app.get("/user/auth/get", Some(&other)).await, 401).await;
    assert_error(login(&app, "anna@example.pl", PASSWORD).await, 422).await;
    ok_body(login(&app, "anna@example.pl", NEW_PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_wrong_current_password_is_refused(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let body = json!({"old_password": "not my password", "password": NEW_PASSWORD});
    let (response, errors) = field_errors(app.post("/user/auth/change-password", &body, Some(&session)).await).await;

    assert_eq!(response["message"], NOT_CHANGED);
    assert_eq!(errors, vec![("old_password".to_string(), "The current password is incorrect.".to_string())]);
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_logged_in_change_names_every_missing_field(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let (_, errors) = field_errors(app.post("/user/auth/change-password", &json!({}), Some(&session)).await).await;

    assert_eq!(fields(&errors), vec!["old_password", "password"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn guessing_the_current_password_is_throttled_like_a_login(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    let wrong = json!({"old_password": "not my password", "password": NEW_PASSWORD});
    for _ in 0..5 {
        assert_error(app.post("/user/auth/change-password", &wrong, Some(&session)).await, 422).await;
    }

    let right = json!({"old_password": PASSWORD, "password": NEW_PASSWORD});
    assert_error(app.post("/user/auth/change-password", &right, Some(&session)).await, 429).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_second_request_within_a_minute_sends_no_second_link(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    let first = ok_body(app.post("/user/auth/forgot-password", &json!({"email": "anna@example.pl"}), None).await).await;

    let second =
        ok_body(app.post("/user/auth/forgot-password", &json!({"email": "anna@example.pl"}), None).await).await;

    assert_eq!(first, second);
    wait_for_emails(&app, 2).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(decoded_emails(&app).len(), 2, "the activation e-mail and one reset link");
}
