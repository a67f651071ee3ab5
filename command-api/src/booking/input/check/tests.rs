//! The order form's checks, by step.

use uuid::Uuid;

use super::*;

fn booking(json: serde_json::Value) -> BookingInput {
    serde_json::from_value(json).expect("valid shape")
}

fn fields(errors: &[FieldError]) -> Vec<&str> {
    errors.iter().map(|e| e.field.as_str()).collect()
}

#[test]
fn an_order_needs_a_course_and_at_least_one_ticket() {
    let errors = check_step(&booking(serde_json::json!({"course": {}, "tickets": []})), Step::Tickets);
    assert_eq!(fields(&errors), vec!["course", "tickets"]);
    assert_eq!(errors[0].message, "Please select a ticket.");
    assert_eq!(errors[1].message, "There should be at least one ticket in the order");
}

#[test]
fn quantities_are_between_one_and_fifty() {
    let course = serde_json::json!({"course_id": Uuid::nil(), "from": {"id": 1}, "to": {"id": 2}});
    for (qty, ok) in [(0, false), (-3, false), (1, true), (50, true), (51, false), (i64::MAX, false)] {
        let input = booking(serde_json::json!({"course": course, "tickets": [{"qty": qty}]}));
        assert_eq!(check_step(&input, Step::Tickets).is_empty(), ok, "qty {qty}");
    }
    let input = booking(serde_json::json!({"course": course, "tickets": [{"qty": 30}, {"qty": 30}]}));
    assert_eq!(fields(&check_step(&input, Step::Tickets)), vec!["tickets"]);
}

#[test]
fn both_consents_are_required_and_flags_accept_numbers() {
    let input = booking(serde_json::json!({"customer": {
        "first_name": "Jan", "last_name": "Kowalski", "email": "jan@example.com", "phone": "+48 600 100 200",
        "consent_statute": 1, "consent_gdpr": 0}}));
    assert_eq!(fields(&check_step(&input, Step::Customer)), vec!["customer.consent_gdpr"]);
}

#[test]
fn an_invoice_is_checked_only_when_requested() {
    assert!(check_step(&booking(serde_json::json!({"invoice": {"is_selected": 0}})), Step::Invoice).is_empty());
    let input = booking(serde_json::json!({"invoice": {"is_selected": 1, "vat_number": "123"}}));
    assert_eq!(
        fields(&check_step(&input, Step::Invoice)),
        vec!["invoice.company_name", "invoice.address", "invoice.city", "invoice.vat_number", "invoice.postal_code"]
    );
}

#[test]
fn the_order_form_takes_the_one_e_mail_rule() {
    // The mailer refuses this one: the paid customer would never get the tickets.
    for bad in ["john😀@example.com", "jan@localhost", "jan@example..pl", ".jan@example.pl", "jan@example.c"] {
        let input = booking(serde_json::json!({"customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": bad, "phone": "+48 600 100 200",
            "consent_statute": 1, "consent_gdpr": 1}}));
        let errors = check_step(&input, Step::Customer);
        assert_eq!(fields(&errors), vec!["customer.email"], "{bad}");
        assert_eq!(errors[0].code, "field.invalid_email");
        assert_eq!(errors[0].message, "Please enter a valid e-mail address.");
    }
}

#[test]
fn limits_are_in_the_errors_params() {
    let course = serde_json::json!({"course_id": Uuid::nil(), "from": {"id": 1}, "to": {"id": 2}});
    let input = booking(serde_json::json!({"course": course, "tickets": [{"qty": 51}]}));
    let errors = check_step(&input, Step::Tickets);
    assert_eq!(errors[0].code, "order.bad_quantity");
    assert_eq!(errors[0].params.as_ref().unwrap()["max"], 50);
    assert_eq!(errors[1].code, "order.too_many_seats");
    assert_eq!(errors[1].params.as_ref().unwrap()["max"], 50);
    let input = booking(serde_json::json!({"invoice": {"is_selected": 1, "company_name": "x".repeat(201),
        "address": "Rynek 1", "city": "Nisko", "vat_number": "5260250274", "postal_code": "37-400"}}));
    let errors = check_step(&input, Step::Invoice);
    assert_eq!(fields(&errors), vec!["invoice.company_name"]);
    assert_eq!((errors[0].code, errors[0].message.as_str()), ("field.too_long", "At most 200 characters."));
    assert_eq!(errors[0].params.as_ref().unwrap()["max"], 200);
}

#[test]
fn a_nip_the_e_invoice_would_refuse_is_refused_here() {
    // It adds up, but the e-invoice's schema refuses a NIP starting with 0.
    let input = booking(serde_json::json!({"invoice": {"is_selected": 1, "company_name": "Firma",
        "address": "Rynek 1", "city": "Nisko", "vat_number": "0260250277", "postal_code": "37-400"}}));
    assert_eq!(fields(&check_step(&input, Step::Invoice)), vec!["invoice.vat_number"]);
}

#[test]
fn at_the_office_the_email_and_phone_may_be_left_blank_but_not_wrong() {
    let customer = |email: &str, phone: &str, sms: i64| {
        booking(serde_json::json!({"customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": email, "phone": phone,
            "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": sms}}))
    };
    let customer_fields = |errors: Vec<FieldError>| {
        errors.iter().map(|e| e.field.clone()).filter(|f| f.starts_with("customer.")).collect::<Vec<_>>()
    };
    assert!(customer_fields(check_at_office(&customer("", "", 0))).is_empty());
    assert_eq!(customer_fields(check_all(&customer("", "", 0))), vec!["customer.email", "customer.phone"]);
    // One rule for an e-mail that is given; text messages need a phone.
    assert_eq!(customer_fields(check_at_office(&customer("jan@", "", 0))), vec!["customer.email"]);
    assert_eq!(customer_fields(check_at_office(&customer("", "", 1))), vec!["customer.phone"]);
}

#[test]
fn passengers_names_are_optional_lines_and_no_more_than_the_seats() {
    let course = serde_json::json!({"course_id": Uuid::nil(), "from": {"id": 1}, "to": {"id": 2}});
    let with = |names: serde_json::Value| {
        check_step(
            &booking(serde_json::json!({"course": course, "tickets": [{"qty": 2, "passengers": names}]})),
            Step::Tickets,
        )
    };
    assert!(with(serde_json::json!(["Anna Nowak", ""])).is_empty());
    assert!(with(serde_json::json!(["  ", "Jan"])).is_empty());
    let errors = with(serde_json::json!(["Anna\u{0}Nowak", "x".repeat(201)]));
    assert_eq!(fields(&errors), vec!["tickets.0.passengers.0", "tickets.0.passengers.1"]);
    assert_eq!(errors[0].code, api_core::codes::FIELD_BAD_CHARACTERS);
    assert_eq!(errors[1].code, api_core::codes::FIELD_TOO_LONG);
    assert_eq!(fields(&with(serde_json::json!(["A", "B", "C"]))), vec!["tickets.0.passengers"]);
    let input = booking(serde_json::json!({"tickets": [{"qty": 3, "passengers": ["", " Anna Nowak ", ""]}]}));
    assert_eq!(input.tickets[0].passenger_names(), vec!["", "Anna Nowak"]);
}
