//! The Przelewy24 adapter against a fake Przelewy24 on a random local port. The fake
//! checks what the real one documents (basic auth `posId:apiKey`, every `sign`,
//! merchant and POS ids) with its own signature code, and answers in Przelewy24's
//! shapes (`{"data": …, "responseCode": 0}`, `{"error": …, "code": …}`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use axum::{Json, Router};
use payment::{
    Language, Notification, PaymentError, PaymentGateway, Przelewy24, Przelewy24Config, RefundRequest,
    RegisterTransaction,
};
use serde_json::{json, Value};
use sha2::{Digest, Sha384};

const MERCHANT: i64 = 11111;
const POS: i64 = 11111;
const API_KEY: &str = "abc";
const CRC: &str = "fake-crc-key";
/// `11111:abc` in base64, written out by hand.
const BASIC_AUTH: &str = "Basic MTExMTE6YWJj";

#[derive(Default)]
struct Fake {
    /// sessionId -> (token, amount, currency, the orderId the fake will pay it with).
    registered: HashMap<String, (String, i64, String, i64)>,
    bodies: Vec<Value>,
}

type Shared = Arc<Mutex<Fake>>;

fn sha384_hex(text: &str) -> String {
    hex::encode(Sha384::digest(text.as_bytes()))
}

/// A JSON string literal (serde_json escapes exactly the characters P24's PHP does
/// with `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES`).
fn q(value: &Value) -> String {
    value.to_string()
}

fn p24_error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"error": message, "code": status.as_u16()}))).into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(BASIC_AUTH)
}

async fn register(State(fake): State<Shared>, headers: HeaderMap, Json(b): Json<Value>) -> Response {
    if !authorized(&headers) {
        return p24_error(StatusCode::UNAUTHORIZED, "Incorrect authentication");
    }
    let expected = sha384_hex(&format!(
        r#"{{"sessionId":{},"merchantId":{},"amount":{},"currency":{},"crc":"{CRC}"}}"#,
        q(&b["sessionId"]),
        b["merchantId"],
        b["amount"],
        q(&b["currency"]),
    ));
    if b["sign"] != json!(expected) || b["merchantId"] != json!(MERCHANT) || b["posId"] != json!(POS) {
        return p24_error(StatusCode::BAD_REQUEST, "Incorrect sign");
    }
    for field in ["description", "email", "country", "language", "urlReturn", "urlStatus"] {
        if !b[field].is_string() {
            return p24_error(StatusCode::BAD_REQUEST, &format!("Invalid {field}"));
        }
    }
    let mut fake = fake.lock().expect("fake state");
    let n = fake.registered.len() as i64 + 1;
    let token = format!("T0KEN-{n}");
    let (Some(session), Some(amount), Some(currency)) =
        (b["sessionId"].as_str(), b["amount"].as_i64(), b["currency"].as_str())
    else {
        return p24_error(StatusCode::BAD_REQUEST, "Invalid fields");
    };
    fake.registered.insert(session.to_string(), (token.clone(), amount, currency.to_string(), 900_000 + n));
    fake.bodies.push(b);
    Json(json!({"data": {"token": token}, "responseCode": 0})).into_response()
}

async fn verify(State(fake): State<Shared>, headers: HeaderMap, Json(b): Json<Value>) -> Response {
    if !authorized(&headers) {
        return p24_error(StatusCode::UNAUTHORIZED, "Incorrect authentication");
    }
    let expected = sha384_hex(&format!(
        r#"{{"sessionId":{},"orderId":{},"amount":{},"currency":{},"crc":"{CRC}"}}"#,
        q(&b["sessionId"]),
        b["orderId"],
        b["amount"],
        q(&b["currency"]),
    ));
    if b["sign"] != json!(expected) || b["merchantId"] != json!(MERCHANT) || b["posId"] != json!(POS) {
        return p24_error(StatusCode::BAD_REQUEST, "Incorrect sign");
    }
    let mut fake = fake.lock().expect("fake state");
    let known = b["sessionId"].as_str().and_then(|s| fake.registered.get(s)).cloned();
    fake.bodies.push(b.clone());
    match known {
        Some((_, amount, currency, order_id))
            if b["amount"] == json!(amount) && b["currency"] == json!(currency) && b["orderId"] == json!(order_id) =>
        {
            Json(json!({"data": {"status": "success"}, "responseCode": 0})).into_response()
        }
        _ => p24_error(StatusCode::BAD_REQUEST, "Transaction not found"),
    }
}

/// The notification the fake would POST once `session_id` is paid, signed by the fake.
/// `POST transaction/refund`, as documented: one or more refunds of paid transactions,
/// answered 201 with each refund's status, or 409 when one is refused (here: more than
/// the transaction's amount, or an unknown transaction).
async fn refund(State(fake): State<Shared>, headers: HeaderMap, Json(b): Json<Value>) -> Response {
    if !authorized(&headers) {
        return p24_error(StatusCode::UNAUTHORIZED, "Incorrect authentication");
    }
    let mut fake = fake.lock().expect("fake state");
    fake.bodies.push(b.clone());
    let (Some(_), Some(_), Some(items)) = (b["requestId"].as_str(), b["refundsUuid"].as_str(), b["refunds"].as_array())
    else {
        return p24_error(StatusCode::BAD_REQUEST, "Invalid input data");
    };
    let mut refused = false;
    let mut outcome = Vec::new();
    for item in items {
        let known = item["sessionId"].as_str().and_then(|s| fake.registered.get(s)).cloned();
        let message = match known {
            Some((_, amount, _, order_id)) if item["orderId"] == json!(order_id) => {
                if item["amount"].as_i64().is_some_and(|a| a > 0 && a <= amount) {
                    "success"
                } else {
                    "The amount of refund exceeds available amount for the transaction"
                }
            }
            _ => "Transaction not found",
        };
        refused |= message != "success";
        outcome.push(json!({ "orderId": item["orderId"], "sessionId": item["sessionId"], "amount": item["amount"],
            "description": item["description"], "status": message == "success", "message": message }));
    }
    let status = if refused { StatusCode::CONFLICT } else { StatusCode::CREATED };
    (status, Json(json!({ "data": outcome, "responseCode": 0 }))).into_response()
}

fn notification_from_fake(fake: &Shared, session_id: &str) -> Notification {
    let (_, amount, currency, order_id) = fake.lock().expect("fake state").registered[session_id].clone();
    let statement = "p24-A12-B34-C56";
    let sign = sha384_hex(&format!(
        r#"{{"merchantId":{MERCHANT},"posId":{POS},"sessionId":{},"amount":{amount},"originAmount":{amount},"currency":"{currency}","orderId":{order_id},"methodId":154,"statement":"{statement}","crc":"{CRC}"}}"#,
        q(&json!(session_id)),
    ));
    let body = json!({
        "merchantId": MERCHANT, "posId": POS, "sessionId": session_id, "amount": amount,
        "originAmount": amount, "currency": currency, "orderId": order_id, "methodId": 154,
        "statement": statement, "sign": sign,
    });
    serde_json::from_value(body).expect("a notification body")
}

async fn spawn_fake() -> (String, Shared) {
    let fake = Shared::default();
    let app = Router::new()
        .route("/api/v1/transaction/register", post(register))
        .route("/api/v1/transaction/verify", put(verify))
        .route("/api/v1/transaction/refund", post(refund))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, fake)
}

fn gateway(base_url: &str, api_key: &str, crc: &str) -> Przelewy24 {
    Przelewy24::new(Przelewy24Config {
        base_url: format!("{base_url}/"),
        merchant_id: MERCHANT,
        pos_id: POS,
        api_key: api_key.into(),
        crc: crc.into(),
    })
    .expect("client")
}

fn transaction(session_id: &str) -> RegisterTransaction {
    RegisterTransaction {
        session_id: session_id.into(),
        amount: 3900,
        currency: "PLN".into(),
        description: "Bilet Nisko – Rzeszów, zamówienie 42".into(),
        email: "jan@example.test".into(),
        url_return: "https://shop.example/order/after-payment?hash_id=x/y".into(),
        url_status: "https://shop.example/api/payment/notify/przelewy24".into(),
        language: Language::Pl,
    }
}

#[tokio::test]
async fn register_sends_a_signed_body_with_basic_auth_and_answers_the_payment_page() {
    let (base, fake) = spawn_fake().await;
    let p24 = gateway(&base, API_KEY, CRC);

    let registration = p24.register(transaction("order/42")).await.expect("registered");

    assert_eq!(registration.token, "T0KEN-1");
    assert_eq!(registration.redirect_url, format!("{base}/trnRequest/T0KEN-1"));
    let fake = fake.lock().expect("fake state");
    let body = &fake.bodies[0];
    assert_eq!(body["description"], "Bilet Nisko – Rzeszów, zamówienie 42");
    assert_eq!(body["urlReturn"], "https://shop.example/order/after-payment?hash_id=x/y");
    assert_eq!(body["urlStatus"], "https://shop.example/api/payment/notify/przelewy24");
    assert_eq!(body["language"], "pl");
    assert_eq!(body["country"], "PL");
    assert_eq!(p24.provider(), "przelewy24");
}

#[tokio::test]
async fn a_wrong_api_key_is_refused_by_the_gateway() {
    let (base, _) = spawn_fake().await;
    let err = gateway(&base, "wrong", CRC).register(transaction("order/1")).await.expect_err("refused");
    assert_eq!(err, PaymentError::Gateway("401: Incorrect authentication".into()));
}

#[tokio::test]
async fn a_wrong_crc_key_makes_a_sign_the_gateway_refuses() {
    let (base, _) = spawn_fake().await;
    let err = gateway(&base, API_KEY, "not-the-crc").register(transaction("order/1")).await.expect_err("refused");
    assert_eq!(err, PaymentError::Gateway("400: Incorrect sign".into()));
}

#[tokio::test]
async fn a_notification_from_przelewy24_is_checked_then_verified() {
    let (base, fake) = spawn_fake().await;
    let p24 = gateway(&base, API_KEY, CRC);
    p24.register(transaction("order/42")).await.expect("registered");

    let notification = notification_from_fake(&fake, "order/42");
    assert_eq!(p24.check_notification(&notification), Ok(()));
    assert_eq!(p24.verify(&notification).await, Ok(()));
    let fake = fake.lock().expect("fake state");
    assert_eq!(fake.bodies.last().map(|b| b["orderId"].clone()), Some(json!(900_001)));
}

#[tokio::test]
async fn a_tampered_notification_is_rejected() {
    let (base, fake) = spawn_fake().await;
    let p24 = gateway(&base, API_KEY, CRC);
    p24.register(transaction("order/42")).await.expect("registered");
    let genuine = notification_from_fake(&fake, "order/42");

    let mut cheaper = genuine.clone();
    cheaper.amount = 100;
    assert_eq!(p24.check_notification(&cheaper), Err(PaymentError::BadSignature));
    // Even if it got past the check, Przelewy24 would not confirm it.
    assert_eq!(p24.verify(&cheaper).await, Err(PaymentError::Gateway("400: Transaction not found".into())));

    let mut resigned = genuine.clone();
    resigned.sign = "0".repeat(96);
    assert_eq!(p24.check_notification(&resigned), Err(PaymentError::BadSignature));
}

#[tokio::test]
async fn an_unreachable_gateway_is_an_http_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    let err = gateway(&base, API_KEY, CRC).register(transaction("order/1")).await.expect_err("unreachable");
    assert!(matches!(err, PaymentError::Http(_)), "{err:?}");
}

#[tokio::test]
async fn an_invalid_transaction_is_refused_before_calling_the_gateway() {
    let (base, fake) = spawn_fake().await;
    let p24 = gateway(&base, API_KEY, CRC);
    let mut free = transaction("order/1");
    free.amount = 0;
    assert!(matches!(p24.register(free).await, Err(PaymentError::Invalid(_))));
    let mut local = transaction("order/1");
    local.url_status = "javascript:alert(1)".into();
    assert!(matches!(p24.register(local).await, Err(PaymentError::Invalid(_))));
    assert!(fake.lock().expect("fake state").bodies.is_empty());
}

#[tokio::test]
async fn a_refund_is_posted_as_documented_and_a_refused_one_is_a_wrong_state() {
    let (base, fake) = spawn_fake().await;
    let p24 = gateway(&base, API_KEY, CRC);
    p24.register(transaction("order/42")).await.expect("registered");
    let paid = notification_from_fake(&fake, "order/42");
    let refund = |amount: i64| RefundRequest {
        request_id: "7f1c2d9e-0b7a-4c1e-9a55-2f4f0e1d3c21".into(),
        order_id: paid.order_id,
        session_id: "order/42".into(),
        amount,
        description: "Zwrot biletu NK-2026-000001".into(),
    };

    assert_eq!(p24.refund(&refund(3510)).await, Ok(()));
    let body = fake.lock().expect("fake state").bodies.last().cloned().expect("a body");
    assert_eq!(
        body,
        json!({
            "requestId": "7f1c2d9e-0b7a-4c1e-9a55-2f4f0e1d3c21",
            "refunds": [{ "orderId": 900_001, "sessionId": "order/42", "amount": 3510,
                          "description": "Zwrot biletu NK-2026-000001" }],
            "refundsUuid": "7f1c2d9e-0b7a-4c1e-9a55-2f4f0e1d3c21",
        })
    );

    let over = p24.refund(&refund(3901)).await;
    assert!(matches!(&over, Err(PaymentError::WrongState(m)) if m.contains("exceeds")), "{over:?}");
    // Refused before the call: nothing reaches the gateway.
    let sent = fake.lock().expect("fake state").bodies.len();
    assert!(matches!(p24.refund(&refund(0)).await, Err(PaymentError::Invalid(_))));
    let long = RefundRequest { description: "x".repeat(36), ..refund(100) };
    assert!(matches!(p24.refund(&long).await, Err(PaymentError::Invalid(_))));
    assert_eq!(fake.lock().expect("fake state").bodies.len(), sent);

    let wrong_key = gateway(&base, "wrong", CRC);
    assert!(matches!(wrong_key.refund(&refund(100)).await, Err(PaymentError::Gateway(_))));
}
