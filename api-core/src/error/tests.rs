//! The error body, its codes and params.

use super::*;

#[cfg(feature = "event-store")]
#[test]
fn store_errors_map_to_the_documented_statuses() {
    let conflict = ApiError::from(StoreError::WrongExpectedVersion {
        stream: "s".into(),
        expected: event_store::ExpectedVersion::Exact(1),
        actual: Some(2),
    });
    assert_eq!(conflict.status(), StatusCode::CONFLICT);
    assert_eq!(ApiError::from(StoreError::StreamNotFound("s".into())).status(), StatusCode::NOT_FOUND);
    assert_eq!(ApiError::from(StoreError::InvalidEvent("x".into())).status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ApiError::from(StoreError::Unavailable("down".into())).status(), StatusCode::SERVICE_UNAVAILABLE);
}

#[test]
fn every_kind_has_a_default_code_and_the_body_carries_it() {
    let cases = [
        (ApiError::BadRequest("x".into()), "request.invalid"),
        (ApiError::Unauthorized, "auth.required"),
        (ApiError::Forbidden, "auth.forbidden"),
        (ApiError::NotFound("x".into()), "not_found"),
        (ApiError::Conflict("x".into()), "conflict"),
        (ApiError::PayloadTooLarge("x".into()), "request.too_large"),
        (ApiError::Validation { message: "x".into(), errors: vec![] }, "validation"),
        (ApiError::TooManyRequests("x".into()), "rate_limited"),
        (ApiError::Unavailable("x".into()), "unavailable"),
        (ApiError::Internal("x".into()), "internal"),
    ];
    for (error, code) in cases {
        assert_eq!(error.code(), code);
        assert_eq!(error.body().code, code);
        assert!(codes::EDGE.iter().any(|c| c.code == code && c.status == error.status().as_u16()), "{code}");
    }
}

#[test]
fn a_specific_code_keeps_the_status_message_and_fields() {
    let e = ApiError::Conflict("Only 1 seats are left on this course.".into()).with_code("seats.not_enough");
    assert_eq!(e.status(), StatusCode::CONFLICT);
    assert_eq!(e.to_string(), "Only 1 seats are left on this course.");
    let body = serde_json::to_value(e.body()).unwrap();
    assert_eq!(
        body,
        serde_json::json!({"name": "Conflict", "message": "Only 1 seats are left on this course.",
            "status": 409, "code": "seats.not_enough"})
    );
    assert!(matches!(e.kind(), ApiError::Conflict(_)));
    // A second code replaces the first rather than nesting.
    let again = e.with_code("hold.released");
    assert_eq!(again.code(), "hold.released");
    assert!(matches!(again.kind(), ApiError::Conflict(_)));
}

#[test]
fn a_coded_field_refusal_is_coded_on_its_field_and_moves_with_it() {
    let e = ApiError::refusal_on("course", "course.sale_closed", "Sales for this course have closed.");
    let moved = e.on_field("courseReturn");
    let body = moved.body();
    assert_eq!(moved.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body.code, "course.sale_closed");
    assert_eq!(
        body.errors,
        Some(vec![FieldError::new("courseReturn", "course.sale_closed", "Sales for this course have closed.")])
    );
    // Field errors with codes of their own keep them.
    let form = ApiError::Validation {
        message: "Your registration failed.".into(),
        errors: vec![FieldError::new("email", codes::FIELD_BLANK, "E-mail cannot be blank.")],
    }
    .with_code(codes::REGISTRATION_FAILED);
    assert_eq!(form.body().errors.unwrap()[0].code, "field.blank");
    assert_eq!(form.code(), "account.registration_failed");
}

#[test]
fn params_are_in_the_body_and_on_the_one_field_and_absent_when_none() {
    let e = ApiError::refusal_on(
        "number",
        "return.too_late",
        "Tickets can be returned until 120 minutes before departure.",
    )
    .with_params([("minutes", 120)]);
    let body = serde_json::to_value(e.body()).unwrap();
    assert_eq!(body["code"], "return.too_late");
    assert_eq!(body["params"], serde_json::json!({"minutes": 120}));
    assert_eq!(body["errors"][0]["params"], serde_json::json!({"minutes": 120}));
    assert_eq!(body["errors"][0]["code"], "return.too_late");
    assert_eq!(e.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Coded after the params: the same.
    let later = ApiError::Conflict("x".into()).with_params([("max", 50)]).with_code("order.too_many_seats");
    assert_eq!(later.body().params.unwrap()["max"], 50);
    assert_eq!(later.code(), "order.too_many_seats");
    let none = serde_json::to_value(ApiError::Conflict("x".into()).with_params([]).body()).unwrap();
    assert!(none.get("params").is_none());
    let field = serde_json::to_value(FieldError::new("name", crate::codes::FIELD_INVALID, "x")).unwrap();
    assert!(field.get("params").is_none(), "omitted when there are none");
    let long = FieldError::new("name", crate::codes::FIELD_INVALID, "x").with_param("max", 100);
    assert_eq!(serde_json::to_value(long).unwrap()["params"], serde_json::json!({"max": 100}));
}

#[test]
fn internal_causes_are_not_sent_to_clients() {
    let e = ApiError::Internal("password=hunter2".into());
    assert!(!e.to_string().contains("hunter2"));
}
