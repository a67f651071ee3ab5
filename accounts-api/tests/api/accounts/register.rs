//! `POST /user/auth/register` and `POST|GET /user/auth/confirm`.

use api_core::auth::hash_token;
use serde_json::json;

use super::support::*;
use crate::helpers::spawn_app;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_new_account_is_stored_inactive_with_an_argon2id_hash(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let body = ok_body(register(&app, "anna@example.pl").await).await;

    let user = &body["data"]["user"];
    assert_eq!(
        (user["email"].as_str(), user["first_name"].as_str(), user["last_name"].as_str(), user["role"].as_str()),
        (Some("anna@example.pl"), Some("Anna"), Some("Nowak"), Some("User"))
    );
    assert!(body["data"]["message"].is_string());
    let (active, hash, phone): (bool, String, String) =
        sqlx::query_as("select active, password_hash, phone from users where email = 'anna@example.pl'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(!active);
    assert!(hash.starts_with("$argon2id$v=19$"), "{hash}");
    assert!(!hash.contains(PASSWORD));
    assert_eq!(phone, "+48 600 100 200");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn registering_emails_an_activation_link_in_polish_then_english(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    ok_body(register(&app, "anna@example.pl").await).await;

    let emails = decoded_emails(&app);
    assert_eq!(emails.len(), 1);
    let mail = &emails[0];
    assert!(mail.contains("To: anna@example.pl"), "{mail}");
    let (polish, english) = (mail.find("Dzień dobry Anna").unwrap(), mail.find("Hello Anna").unwrap());
    assert!(polish < english);
    let token = link_token(&emails, "anna@example.pl", "/confirm");
    assert_eq!(token.len(), 64);
    // Only the token's hash is stored, for 48 hours.
    let hours: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - now())::float8 / 3600 from auth_tokens \
         where token_hash = $1 and purpose = 'activation'",
    )
    .bind(hash_token(&token))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!((47.9..=48.0).contains(&hours), "{hours}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_empty_registration_names_every_missing_field(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let (body, errors) = field_errors(app.post("/user/auth/register", &json!({}), None).await).await;

    assert_eq!(body["message"], REGISTRATION_FAILED);
    assert_eq!(fields(&errors), vec!["email", "password", "first_name", "last_name"]);
    assert_eq!(errors[1].1, "Password cannot be blank.");
    assert!(app.emails().is_empty());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_invalid_value_is_named_by_its_field(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let body = json!({
        "email": "anna@", "password": "short", "first_name": "x".repeat(101), "last_name": 42, "phone": "call me"
    });

    let (_, errors) = field_errors(app.post("/user/auth/register", &body, None).await).await;

    assert_eq!(
        errors,
        vec![
            ("email".to_string(), "E-mail is not a valid e-mail address.".to_string()),
            ("password".to_string(), "Password should contain at least 8 characters.".to_string()),
            ("first_name".to_string(), "First name should contain at most 100 characters.".to_string()),
            ("last_name".to_string(), "Last name must be a string.".to_string()),
            ("phone".to_string(), "Phone contains characters that are not allowed.".to_string()),
        ]
    );
    let users: i64 = sqlx::query_scalar("select count(*) from users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(users, 2, "only the helper's accounts");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_phone_is_optional(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let body = json!({"email": "anna@example.pl", "password": PASSWORD, "first_name": "Anna", "last_name": "Nowak"});

    ok_body(app.post("/user/auth/register", &body, None).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_address_already_registered_is_refused_on_the_email_field(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;

    let (body, errors) = field_errors(register(&app, " Anna@Example.PL ").await).await;

    assert_eq!(body["message"], REGISTRATION_FAILED);
    assert_eq!(errors, vec![("email".to_string(), "This e-mail address is already registered.".to_string())]);
    assert_eq!(app.emails().len(), 1, "no second e-mail");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn confirming_activates_the_account_once(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;
    let token = link_token(&decoded_emails(&app), "anna@example.pl", "/confirm");

    let first = ok_body(app.post("/user/auth/confirm", &json!({"token": token}), None).await).await;
    let (body, errors) = field_errors(app.post("/user/auth/confirm", &json!({"token": token}), None).await).await;

    assert!(first["data"]["message"].is_string());
    assert_eq!(body["message"], NOT_ACTIVATED);
    assert_eq!(errors, vec![("token".to_string(), NOT_ACTIVATED.to_string())]);
    let active: bool = sqlx::query_scalar("select active from users where email = 'anna@example.pl'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(active);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_activation_link_also_works_with_get(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;
    let token = link_token(&decoded_emails(&app), "anna@example.pl", "/confirm");

    ok_body(app.get(&format!("/user/auth/confirm?token={token}"), None).await).await;

    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_blank_and_expired_activation_tokens_are_refused(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    ok_body(register(&app, "anna@example.pl").await).await;
    let token = link_token(&decoded_emails(&app), "anna@example.pl", "/confirm");
    sqlx::query("update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'activation'")
        .execute(&app.pool)
        .await
        .unwrap();

    for body in [json!({"token": token}), json!({"token": "f".repeat(64)}), json!({"token": ""}), json!({})] {
        let (response, errors) = field_errors(app.post("/user/auth/confirm", &body, None).await).await;
        assert_eq!(response["message"], NOT_ACTIVATED, "{body}");
        assert_eq!(fields(&errors), vec!["token"], "{body}");
    }
    let (_, errors) = field_errors(app.get("/user/auth/confirm", None).await).await;
    assert_eq!(fields(&errors), vec!["token"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn two_simultaneous_registrations_of_one_address_store_one_account(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;

    let (a, b) = tokio::join!(register(&app, "anna@example.pl"), register(&app, "ANNA@example.pl"));

    let mut statuses = vec![a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, vec![200, 422]);
    let accounts: i64 = sqlx::query_scalar("select count(*) from users where lower(email) = 'anna@example.pl'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(accounts, 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn when_the_activation_email_cannot_be_sent_nothing_is_stored(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    // A file where the mail folder should be: the file mailer cannot write.
    std::fs::write(&app.mail_dir, "in the way").unwrap();

    let response = register(&app, "anna@example.pl").await;

    crate::helpers::assert_error(response, 503).await;
    let accounts: i64 = sqlx::query_scalar("select count(*) from users where email = 'anna@example.pl'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(accounts, 0, "the person can simply register again");
    std::fs::remove_file(&app.mail_dir).unwrap();
    ok_body(register(&app, "anna@example.pl").await).await;
}
