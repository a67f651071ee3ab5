//! Reading a body field by field.

use serde_json::json;

use super::*;

#[test]
fn every_bad_field_is_reported_at_once() {
    let body = json!({"name": "", "seats": "x", "price": 39.5, "active": "maybe", "extra": 1});
    let mut f = Fields::new(&body).unwrap();
    f.text("name", 10);
    f.integer("seats", 1, 10);
    f.integer("price", 1, 10_000);
    f.boolean("active", true);
    f.id("route_id");
    let Err(ApiError::Validation { errors, .. }) = f.finish() else { panic!("422 expected") };
    let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["name", "seats", "price", "active", "route_id"]);
}

#[test]
fn values_have_the_json_type_the_document_gives_them() {
    let body = json!({"seats": 49, "active": false, "lat": 50.06, "day": "2026-07-10"});
    let mut f = Fields::new(&body).unwrap();
    assert_eq!(f.integer("seats", 1, 100), 49);
    assert!(!f.boolean("active", true));
    assert_eq!(f.opt_number("lat", -90.0, 90.0), Some(50.06));
    assert_eq!(f.opt_date("day"), NaiveDate::from_ymd_opt(2026, 7, 10));
    assert!(f.finish().is_ok());

    // A number as text, a yes/no as a digit or a word: each refused at its field.
    let body = json!({"seats": "49", "active": 0, "shown": "true", "lat": "50.06", "from": "", "to": " 2026-07-10"});
    let mut f = Fields::new(&body).unwrap();
    f.integer("seats", 1, 100);
    f.boolean("active", true);
    f.boolean("shown", false);
    f.opt_number("lat", -90.0, 90.0);
    f.opt_date("from");
    f.opt_date("to");
    let Err(ApiError::Validation { errors, .. }) = f.finish() else { panic!("422 expected") };
    let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["seats", "active", "shown", "lat", "from", "to"]);

    // A whole number written with a point is still a whole number.
    let body = json!({"seats": 49.0});
    let mut f = Fields::new(&body).unwrap();
    assert_eq!(f.integer("seats", 1, 100), 49);
}

#[test]
fn a_field_reads_as_its_value_type_with_the_types_code_and_numbers() {
    use crate::values::{Email, Line};
    let body = json!({"email": " jan@example.com ", "other": "john😀@example.com", "name": "x".repeat(11), "n": 5});
    let mut f = Fields::new(&body).unwrap();
    assert_eq!(f.parse::<Email>("email").unwrap().as_str(), "jan@example.com");
    assert!(f.parse::<Email>("other").is_none());
    assert!(f.parse::<Line<10>>("name").is_none());
    assert!(f.parse::<Email>("missing").is_none());
    assert!(f.parse::<Email>("n").is_none());
    let errors = f.into_errors();
    let codes: Vec<_> = errors.iter().map(|e| (e.field.as_str(), e.code)).collect();
    assert_eq!(
        codes,
        [
            ("other", "field.invalid_email"),
            ("name", "field.too_long"),
            ("missing", "field.blank"),
            ("n", "field.not_text")
        ]
    );
    assert_eq!(errors[1].params.as_ref().unwrap()["max"], 10);
}

#[test]
fn an_update_overlays_the_body_on_the_stored_record() {
    let merged = merge(&json!({"name": "A", "active": true}), json!({"active": false}));
    assert_eq!(merged, json!({"name": "A", "active": false}));
    assert!(Fields::new(&json!([1])).is_err());
}
