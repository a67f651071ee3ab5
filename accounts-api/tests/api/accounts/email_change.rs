//! `POST /user/user/change-email` and `POST /user/auth/confirm-email`: a customer corrects
//! their account's e-mail; it changes only when the link sent to the new address is opened.

use serde_json::json;

use super::support::*;
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_e_mail_changes_when_the_link_sent_to_the_new_address_is_opened(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;

    let asked = json!({ "email": "Anna.Nowa@example.pl", "password": PASSWORD });
    let answer = ok_body(app.post("/user/user/change-email", &asked, Some(&session)).await).await;
    assert_eq!(answer["data"]["email"], "anna@example.pl", "nothing changes before the link: {answer}");
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
    let emails = wait_for_emails(&app, 3).await;
    assert!(
        emails.iter().any(|m| m.contains("To: anna@example.pl") && m.contains("Anna.Nowa@example.pl")),
        "a notice to the old address"
    );
    let token = link_token(&emails, "Anna.Nowa@example.pl", "/confirm-email");

    let changed = ok_body(app.post("/user/auth/confirm-email", &json!({ "token": token }), None).await).await;
    assert_eq!(changed["data"]["email"], "Anna.Nowa@example.pl", "{changed}");
    ok_body(login(&app, "anna.nowa@example.pl", PASSWORD).await).await;
    assert_error(login(&app, "anna@example.pl", PASSWORD).await, 422).await;
    ok_body(app.get("/user/auth/get", Some(&session)).await).await;
    let (_, errors) = field_errors(app.post("/user/auth/confirm-email", &json!({ "token": token }), None).await).await;
    assert_eq!(fields(&errors), vec!["token"], "a link works once");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_wrong_password_the_same_address_or_one_taken_change_nothing(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    active_account(&app, "jan@example.pl").await;
    let sent_before = decoded_emails(&app).len();

    for (input, field) in [
        (json!({ "email": "nowa@example.pl", "password": "not my password" }), "password"),
        (json!({ "email": "ANNA@example.pl", "password": PASSWORD }), "email"),
        (json!({ "email": "jan@example.pl", "password": PASSWORD }), "email"),
        (json!({ "email": "nie-adres", "password": PASSWORD }), "email"),
        (json!({ "email": "nowa@example.pl" }), "password"),
    ] {
        let (_, errors) = field_errors(app.post("/user/user/change-email", &input, Some(&session)).await).await;
        assert_eq!(fields(&errors), vec![field], "{input}");
    }
    assert_error(
        app.post("/user/user/change-email", &json!({ "email": "x@example.pl", "password": PASSWORD }), None).await,
        401,
    )
    .await;
    assert_eq!(decoded_emails(&app).len(), sent_before, "no e-mail went");
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn only_the_last_link_works_and_an_address_taken_meanwhile_is_refused(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let (session, _) = logged_in(&app, "anna@example.pl").await;
    for email in ["pierwsza@example.pl", "druga@example.pl"] {
        ok_body(
            app.post("/user/user/change-email", &json!({ "email": email, "password": PASSWORD }), Some(&session)).await,
        )
        .await;
    }
    let emails = wait_for_emails(&app, 5).await;
    let first = link_token(&emails, "pierwsza@example.pl", "/confirm-email");
    let second = link_token(&emails, "druga@example.pl", "/confirm-email");
    let (_, errors) = field_errors(app.post("/user/auth/confirm-email", &json!({ "token": first }), None).await).await;
    assert_eq!(fields(&errors), vec!["token"]);

    active_account(&app, "druga@example.pl").await;
    let (_, errors) = field_errors(app.post("/user/auth/confirm-email", &json!({ "token": second }), None).await).await;
    assert_eq!(fields(&errors), vec!["email"], "someone registered it meanwhile");
    ok_body(login(&app, "anna@example.pl", PASSWORD).await).await;
}
