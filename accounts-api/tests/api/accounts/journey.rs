//! The whole life of an account, as a person goes through it.

use serde_json::json;

use super::support::*;
use crate::helpers::{assert_error, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn register_confirm_login_edit_and_logout(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let email = "anna.nowak@example.pl";

    // Register: stored inactive, an activation e-mail goes out.
    let body = ok_body(register(&app, email).await).await;
    assert_eq!(body["data"]["user"]["email"], email);
    let emails = decoded_emails(&app);
    assert_eq!(emails.len(), 1);
    let token = link_token(&emails, email, "/confirm");

    // Not yet: the account is not active.
    let (_, errors) = field_errors(login(&app, email, PASSWORD).await).await;
    assert_eq!(errors, vec![("email".to_string(), NOT_ACTIVATED.to_string())]);

    // Confirm, then log in.
    ok_body(app.post("/user/auth/confirm", &json!({"token": token}), None).await).await;
    let body = ok_body(login(&app, email, PASSWORD).await).await;
    let session = body["data"]["token"].as_str().expect("token").to_string();
    assert_eq!(body["data"]["user"]["first_name"], "Anna");
    assert_eq!(body["data"]["user"]["role"], "User");

    // Who am I.
    let me = ok_body(app.get("/user/auth/get", Some(&session)).await).await;
    assert_eq!(me["data"]["email"], email);

    // Edit my account; the e-mail cannot change.
    let changed = json!({"my-account": {"first_name": "Anna Maria", "phone": "+48 601 000 000"}});
    let body = ok_body(app.post("/user/user/update-my-account", &changed, Some(&session)).await).await;
    assert_eq!(body["data"]["first_name"], "Anna Maria");
    let other_email = json!({"my-account": {"email": "someone.else@example.pl"}});
    let (_, errors) = field_errors(app.post("/user/user/update-my-account", &other_email, Some(&session)).await).await;
    assert_eq!(fields(&errors), vec!["email"]);
    let account = ok_body(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await).await;
    assert_eq!(account["data"]["email"], email);
    assert_eq!(account["data"]["phone"], "+48 601 000 000");

    // Log out: the token stops working.
    let body = ok_body(app.post("/user/auth/logout", &json!({}), Some(&session)).await).await;
    assert_eq!(body, json!({"data": {"message": "Zostałeś poprawnie wylogowany"}}));
    assert_error(app.get("/user/auth/get", Some(&session)).await, 401).await;
    assert_error(app.post("/user/user/get-my-account", &json!({}), Some(&session)).await, 401).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn forgot_the_password_and_set_a_new_one_by_the_emailed_link(pool: sqlx::PgPool) {
    let app = spawn_app(pool).await;
    let email = "jan.kowalski@example.pl";
    let (old_session, _) = logged_in(&app, email).await;

    ok_body(app.post("/user/auth/forgot-password", &json!({"email": email}), None).await).await;
    let emails = wait_for_emails(&app, 2).await;
    let token = link_token(&emails, email, "/change-password");
    let new_password = "a brand new secret";
    let body = json!({"token": token, "password": new_password});
    ok_body(app.post("/user/auth/change-password", &body, None).await).await;

    // The old password no longer works, the new one does.
    let (_, errors) = field_errors(login(&app, email, PASSWORD).await).await;
    assert_eq!(errors, vec![("password".to_string(), BAD_CREDENTIALS.to_string())]);
    ok_body(login(&app, email, new_password).await).await;
    // The link works once.
    let again = json!({"token": token, "password": "yet another secret"});
    let (body, errors) = field_errors(app.post("/user/auth/change-password", &again, None).await).await;
    assert_eq!(body["message"], NOT_CHANGED);
    assert_eq!(fields(&errors), vec!["token"]);
    // Sessions opened with the old password were ended.
    assert_error(app.get("/user/auth/get", Some(&old_session)).await, 401).await;
}
