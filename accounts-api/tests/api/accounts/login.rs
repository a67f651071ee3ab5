//! `POST /user/auth/login` (and its rate limit), `POST /user/auth/logout`, `GET /user/auth/get`.

use api_core::auth::hash_token;
use serde_json::json;

use super::support::*;
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn login_answers_a_token_and_the_user_in_data(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;

    let body = ok_body(login(&app, "Anna@Example.pl", PASSWORD).await).await;

    let token = body["data"]["token"].as_str().unwrap();
    assert_eq!(token.len(), 64);
    let user = body["data"]["user"].as_object().unwrap();
    let mut keys: Vec<&str> = user.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, vec!["email", "first_name", "id", "last_name", "role"]);
    assert_eq!(user["role"], "User");
    // Stored only as a hash, for 30 days.
    let days: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - now())::float8 / 86400 from auth_tokens \
         where token_hash = $1 and purpose = 'session'",
    )
    .bind(hash_token(token))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!((29.99..=30.0).contains(&days), "{days}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;

    let wrong_password = assert_error(login(&app, "anna@example.pl", "not the password").await, 422).await;
    let unknown_email = assert_error(login(&app, "nobody@example.pl", PASSWORD).await, 422).await;

    assert_eq!(wrong_password, unknown_email);
    assert_eq!(wrong_password["message"], BAD_CREDENTIALS);
    assert_eq!(
        wrong_password["errors"],
        json!([{"field": "password", "message": BAD_CREDENTIALS, "code": "auth.bad_credentials"}])
    );
    assert_eq!(wrong_password["code"], "auth.bad_credentials");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_inactive_account_with_a_wrong_password_learns_nothing_about_activation(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;

    let body = assert_error(login(&app, "anna@example.pl", "not the password").await, 422).await;

    assert_eq!(body["message"], BAD_CREDENTIALS);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn blank_login_fields_are_named(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let (_, errors) = field_errors(app.post("/user/auth/login", &json!({"email": " "}), None).await).await;

    assert_eq!(
        errors,
        vec![
            ("email".to_string(), "E-mail cannot be blank.".to_string()),
            ("password".to_string(), "Password cannot be blank.".to_string()),
        ]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_sixth_attempt_after_five_failures_is_refused_even_with_the_right_password(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    for _ in 0..5 {
        assert_error(login(&app, "anna@example.pl", "wrong password").await, 422).await;
    }

    let body = assert_error(login(&app, "anna@example.pl", PASSWORD).await, 429).await;

    assert_eq!(body["message"], "Too many failed login attempts. Please wait 15 minutes and try again.");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn failures_older_than_fifteen_minutes_no_longer_count(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    for _ in 0..5 {
        assert_error(login(&app, "anna@example.pl", "wrong password").await, 422).await;
    }
    sqlx::query("update login_attempts set attempted_at = now() - interval '16 minutes'")
        .execute(&app.pool)
        .await
        .unwrap();

    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_successful_login_resets_the_count_for_the_email(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    for _ in 0..4 {
        assert_error(login(&app, "anna@example.pl", "wrong password").await, 422).await;
    }
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
    for _ in 0..4 {
        assert_error(login(&app, "anna@example.pl", "wrong password").await, 422).await;
    }

    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn one_client_address_gets_twenty_failures_across_emails(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;
    for i in 0..20 {
        assert_error(login(&app, &format!("guess{i}@example.pl"), "wrong password").await, 422).await;
    }

    assert_error(login(&app, "anna@example.pl", PASSWORD).await, 429).await;
    let client: Option<String> =
        sqlx::query_scalar("select client_addr from login_attempts limit 1").fetch_one(&app.pool).await.unwrap();
    assert_eq!(client.as_deref(), Some("127.0.0.1"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn logout_revokes_only_the_presented_session(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (first, _) = logged_in(&app, "anna@example.pl").await;
    let second =
        ok_body(login(&app, "anna@example.pl", PASSWORD).await).await["data"]["token"].as_str().unwrap().to_string();

    let body = ok_body(app.post("/user/auth/logout", &json!({}), Some(&first)).await).await;

    assert_eq!(body["data"]["message"], "Zostałeś poprawnie wylogowany");
    assert_error(app.get("/user/auth/get", Some(&first)).await, 401).await;
    assert_error(app.post("/user/auth/logout", &json!({}), Some(&first)).await, 401).await;
    ok_body(app.get("/user/auth/get", Some(&second)).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_answers_the_logged_in_user(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let body = ok_body(app.get("/user/auth/get", Some(&app.admin_token)).await).await;

    assert_eq!(body["data"]["email"], "admin@example.test");
    assert_eq!(body["data"]["role"], "SuperAdmin");
    assert_eq!(body["data"]["first_name"], "Ada");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_logged_in_endpoint_answers_401_without_a_valid_token(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let garbage = "0".repeat(64);

    for token in [None, Some(garbage.as_str())] {
        assert_error(app.get("/user/auth/get", token).await, 401).await;
        assert_error(app.post("/user/auth/logout", &json!({}), token).await, 401).await;
        assert_error(app.post("/user/user/get-my-account", &json!({}), token).await, 401).await;
        let update = json!({"my-account": {"first_name": "X"}});
        assert_error(app.post("/user/user/update-my-account", &update, token).await, 401).await;
        let change = json!({"old_password": PASSWORD, "password": "new password 1"});
        assert_error(app.post("/user/auth/change-password", &change, token).await, 401).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn simultaneous_guesses_cannot_get_past_the_limit(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    active_account(&app, "anna@example.pl").await;

    let guesses = (0..12).map(|i| login(&app, "anna@example.pl", if i == 0 { "guess" } else { "another guess" }));
    let responses = futures::future::join_all(guesses).await;

    let statuses: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 422).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 7, "{statuses:?}");
    assert_error(login(&app, "anna@example.pl", PASSWORD).await, 429).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_overlong_email_is_refused_without_a_lookup(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let (_, errors) = field_errors(login(&app, &format!("{}@example.pl", "a".repeat(300)), PASSWORD).await).await;

    assert_eq!(fields(&errors), vec!["email"]);
}
