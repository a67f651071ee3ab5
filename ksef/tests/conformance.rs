//! The conformance checker itself can fail: each departure from `open-api.json` it is
//! meant to catch, caught. (The flow tests run it on every real exchange.)

mod common;

use common::openapi::{Exchange, OpenApi};
use serde_json::{json, Value};

const HASH: &str = "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
const REF: &str = "20261127-SO-0A1B2C3D4E-5F6A7B8C9D-E1";

fn send(request: Value, status: u16, answer: Value) -> Exchange {
    Exchange {
        method: "POST".into(),
        path: format!("/sessions/online/{REF}/invoices"),
        authorization: true,
        accept: None,
        request_body: serde_json::to_vec(&request).unwrap(),
        status,
        content_type: "application/json".into(),
        response_body: serde_json::to_vec(&answer).unwrap(),
    }
}

fn good_request() -> Value {
    json!({"invoiceHash": HASH, "invoiceSize": 10, "encryptedInvoiceHash": HASH, "encryptedInvoiceSize": 16,
           "encryptedInvoiceContent": "AAAAAAAAAAAAAAAAAAAAAA==", "offlineMode": false})
}

fn errors(e: &Exchange) -> Vec<String> {
    OpenApi::load().check(e)
}

#[test]
fn a_conforming_exchange_passes() {
    assert_eq!(errors(&send(good_request(), 202, json!({"referenceNumber": REF}))), Vec::<String>::new());
}

#[test]
fn departures_are_caught() {
    let mut missing = good_request();
    missing.as_object_mut().unwrap().remove("invoiceHash");
    assert!(errors(&send(missing, 202, json!({"referenceNumber": REF})))[0].contains("required invoiceHash"));

    let mut invented = good_request();
    invented["color"] = json!("red");
    assert!(errors(&send(invented, 202, json!({"referenceNumber": REF})))[0].contains("color is not in the document"));

    let mut short_hash = good_request();
    short_hash["invoiceHash"] = json!("abc=");
    assert!(!errors(&send(short_hash, 202, json!({"referenceNumber": REF}))).is_empty());

    let mut negative = good_request();
    negative["invoiceSize"] = json!(0);
    assert!(errors(&send(negative, 202, json!({"referenceNumber": REF})))[0].contains("minimum"));

    assert!(errors(&send(good_request(), 201, json!({"referenceNumber": REF})))[0].contains("not documented"));
    assert!(!errors(&send(good_request(), 202, json!({"referenceNumber": "short"}))).is_empty());

    let mut anonymous = send(good_request(), 202, json!({"referenceNumber": REF}));
    anonymous.authorization = false;
    assert!(errors(&anonymous)[0].contains("bearer"));
}

#[test]
fn answers_are_checked_too() {
    let status = |ksef_number: &str, when: &str| Exchange {
        method: "GET".into(),
        path: format!("/sessions/{REF}/invoices/{REF}"),
        authorization: true,
        accept: None,
        request_body: vec![],
        status: 200,
        content_type: "application/json".into(),
        response_body: serde_json::to_vec(&json!({"ordinalNumber": 1, "referenceNumber": REF, "invoiceHash": HASH,
            "invoicingDate": when, "ksefNumber": ksef_number, "status": {"code": 200, "description": "Sukces"}}))
        .unwrap(),
    };
    assert_eq!(errors(&status("5265877635-20250826-0100001AF629-AF", "2026-11-27T07:00:00Z")), Vec::<String>::new());
    assert!(
        errors(&status("5265877635-20250826-0100001af629-AF", "2026-11-27T07:00:00Z"))[0].contains("does not match")
    );
    assert!(errors(&status("5265877635-20250826-0100001AF629-AF", "yesterday"))[0].contains("date-time"));
    let mut unknown = status("5265877635-20250826-0100001AF629-AF", "2026-11-27T07:00:00Z");
    unknown.path = "/sessions/x/nowhere/y/z/w".into();
    assert!(errors(&unknown)[0].contains("no such path"));
}
