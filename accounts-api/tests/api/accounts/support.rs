//! Helpers for the accounts tests: bodies, the e-mails' links, ready accounts.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::TestApp;

pub const PASSWORD: &str = "correct horse battery";
pub const NOT_ACTIVATED: &str = "Your account was not activated, please try again.";
pub const REGISTRATION_FAILED: &str = "Your registration failed.";
pub const NOT_CHANGED: &str = "Password was not changed. Please try again later.";
pub const BAD_CREDENTIALS: &str = "Incorrect e-mail or password.";

pub fn registration(email: &str) -> Value {
    json!({"email": email, "password": PASSWORD, "first_name": "Anna", "last_name": "Nowak", "phone": "+48 600 100 200"})
}

pub async fn register(app: &TestApp, email: &str) -> reqwest::Response {
    app.post("/user/auth/register", &registration(email), None).await
}

pub async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post("/user/auth/login", &json!({"email": email, "password": password}), None).await
}

/// Reads a success body and checks that nothing in it looks like a password.
pub async fn ok_body(response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    assert_eq!(status, 200, "{text}");
    assert_no_password(&text);
    serde_json::from_str(&text).expect("JSON")
}

pub fn assert_no_password(text: &str) {
    assert!(!text.contains(PASSWORD), "a password in {text}");
    assert!(!text.contains("password_hash") && !text.contains("$argon2"), "a password hash in {text}");
    assert!(!text.contains("\"password\":"), "a password field in {text}");
}

/// The body of a 422 and its `errors` as `(field, message)` pairs.
pub async fn field_errors(response: reqwest::Response) -> (Value, Vec<(String, String)>) {
    let body = crate::helpers::assert_error(response, 422).await;
    let errors = body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("no errors in {body}"))
        .iter()
        .map(|e| (e["field"].as_str().unwrap_or("").to_string(), e["message"].as_str().unwrap_or("").to_string()))
        .collect();
    (body, errors)
}

pub fn fields(errors: &[(String, String)]) -> Vec<&str> {
    errors.iter().map(|(f, _)| f.as_str()).collect()
}

/// The e-mails written so far, decoded (headers as written, body decoded from
/// quoted-printable when the SMTP library chose it for the Polish letters).
pub fn decoded_emails(app: &TestApp) -> Vec<String> {
    app.emails().iter().map(|raw| decode(raw)).collect()
}

/// Waits until at least `n` e-mails were written (some are sent in the background).
pub async fn wait_for_emails(app: &TestApp, n: usize) -> Vec<String> {
    for _ in 0..100 {
        let emails = decoded_emails(app);
        if emails.len() >= n {
            return emails;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("expected {n} e-mails, found {}", decoded_emails(app).len());
}

fn decode(raw: &str) -> String {
    let (headers, body) = raw.split_once("\r\n\r\n").expect("headers and body");
    let encoding = headers.to_ascii_lowercase();
    let body = if encoding.contains("content-transfer-encoding: quoted-printable") {
        quoted_printable(body)
    } else {
        assert!(!encoding.contains("content-transfer-encoding: base64"), "unexpected base64 body");
        body.to_string()
    };
    format!("{headers}\r\n\r\n{body}")
}

fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ascii");
            out.push(u8::from_str_radix(hex, 16).expect("hex escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

/// The token of the last link to `page` (`/confirm`, `/change-password`) in e-mails to `to`.
pub fn link_token(emails: &[String], to: &str, page: &str) -> String {
    let prefix = format!("http://127.0.0.1:8080{page}?token=");
    emails
        .iter()
        .filter(|mail| mail.contains(&format!("To: {to}")))
        .filter_map(|mail| {
            let start = mail.rfind(&prefix)? + prefix.len();
            Some(mail[start..].chars().take_while(char::is_ascii_hexdigit).collect::<String>())
        })
        .next_back()
        .unwrap_or_else(|| panic!("no {page} link to {to} in {emails:?}"))
}

/// Registers `email` and follows the activation link.
pub async fn active_account(app: &TestApp, email: &str) {
    ok_body(register(app, email).await).await;
    let token = link_token(&decoded_emails(app), email, "/confirm");
    ok_body(app.post("/user/auth/confirm", &json!({"token": token}), None).await).await;
}

/// Registers, activates and logs in `email`; returns the session token and the user's id.
pub async fn logged_in(app: &TestApp, email: &str) -> (String, String) {
    active_account(app, email).await;
    let body = ok_body(login(app, email, PASSWORD).await).await;
    let token = body["data"]["token"].as_str().expect("token").to_string();
    let id = body["data"]["user"]["id"].as_str().expect("id").to_string();
    (token, id)
}
