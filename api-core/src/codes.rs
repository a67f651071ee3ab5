//! The stable codes of error answers that are not a domain decision: the default of
//! each [`ApiError`](crate::ApiError) kind, the edge's own refusals (accounts, search,
//! the store) and the codes of field errors. The domain's refusals have their codes in
//! `domain` (`domain::ErrorCode`). A code never changes once published: clients
//! translate by it. Form: dot-separated lowercase words (`^[a-z_]+(\.[a-z_]+)*$`).
//! `docs/errors.md` lists them all; [`EDGE`] is this module's part of that list.

/// A code and what it means, for the documentation and the OpenAPI document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeDoc {
    pub code: &'static str,
    /// The usual status of an answer with this code (a field code: the `422` it is in).
    pub status: u16,
    pub meaning: &'static str,
}

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $code:expr, $status:literal, $meaning:literal;)*) => {
        $($(#[$doc])* #[doc = $meaning] pub const $name: &str = $code;)*
        /// Every code of this module, with its status and meaning.
        pub const EDGE: &[CodeDoc] = &[$(CodeDoc { code: $code, status: $status, meaning: $meaning }),*];
    };
}

codes! {
    // The default of each kind, when nothing more specific is known.
    REQUEST_INVALID = "request.invalid", 400, "The request is malformed (bad JSON, bad query, bad list parameters).";
    AUTH_REQUIRED = "auth.required", 401, "No valid session token: log in.";
    AUTH_FORBIDDEN = "auth.forbidden", 403, "The session lacks the role or the ownership this needs.";
    NOT_FOUND = "not_found", 404, "There is no such thing.";
    METHOD_NOT_ALLOWED = "request.method_not_allowed", 405, "The address does not take this method (the Allow header lists the ones it does).";
    CONFLICT = "conflict", 409, "It cannot be done in the state the thing is in.";
    REQUEST_TOO_LARGE = "request.too_large", 413, "The body is over the API's limit.";
    VALIDATION = "validation", 422, "Some fields are not valid: see each field error's code.";
    RATE_LIMITED = "rate_limited", 429, "Too many requests: wait and try again.";
    INTERNAL = "internal", 500, "A failure on our side (logged; the cause is not sent).";
    UNAVAILABLE = "unavailable", 503, "A dependency is down: try again shortly.";

    // The store and the edge's concurrency guards.
    CHANGED_MEANWHILE = "conflict.changed_meanwhile", 409, "Someone else changed it in the meantime: try again.";
    IN_USE = "conflict.in_use", 409, "Something still refers to it (an admin delete).";

    // Accounts (query-api/src/accounts).
    BAD_CREDENTIALS = "auth.bad_credentials", 422, "Incorrect e-mail or password (login).";
    TOO_MANY_LOGINS = "auth.too_many_logins", 429, "Too many failed logins: wait 15 minutes.";
    NOT_ACTIVATED = "account.not_activated", 422, "The account is not activated, or the activation link is not valid.";
    REGISTRATION_FAILED = "account.registration_failed", 422, "The registration was refused: see the field errors.";
    EMAIL_TAKEN = "account.email_taken", 422, "The e-mail address is registered already (field `email`).";
    EMAIL_READ_ONLY = "account.email_read_only", 422, "The e-mail of an existing account cannot be changed (field `email`).";
    ACCOUNT_NOT_SAVED = "account.not_saved", 422, "The account's changes were refused: see the field errors.";
    PASSWORD_NOT_CHANGED = "password.not_changed", 422, "The password was not changed (bad or expired link, or bad fields).";
    WRONG_OLD_PASSWORD = "password.wrong_old", 422, "The current password is not right (field `old_password`; `password` when deleting the account).";
    RESET_REFUSED = "password.reset_refused", 422, "A reset link cannot be sent: the e-mail is not valid.";

    // Field errors (`errors[].code` of a 422).
    FIELD_INVALID = values::codes::FIELD_INVALID, 422, "The field's value is not valid (no more specific code).";
    FIELD_BLANK = values::codes::FIELD_BLANK, 422, "The field is required and missing or blank.";
    FIELD_NOT_TEXT = values::codes::FIELD_NOT_TEXT, 422, "The field must be text.";
    FIELD_INVALID_EMAIL = values::codes::FIELD_INVALID_EMAIL, 422, "The field is not an e-mail address.";
    FIELD_TOO_SHORT = values::codes::FIELD_TOO_SHORT, 422, "The text is shorter than allowed (the message says how long).";
    FIELD_TOO_LONG = values::codes::FIELD_TOO_LONG, 422, "The text is longer than allowed (the message says how long).";
    FIELD_BAD_CHARACTERS = values::codes::FIELD_BAD_CHARACTERS, 422, "The text holds characters that are not allowed.";
    FIELD_NOT_INTEGER = values::codes::FIELD_NOT_INTEGER, 422, "The field must be a whole number.";
    FIELD_NOT_NUMBER = values::codes::FIELD_NOT_NUMBER, 422, "The field must be a number.";
    FIELD_NOT_BOOLEAN = values::codes::FIELD_NOT_BOOLEAN, 422, "The field must be true or false.";
    FIELD_OUT_OF_RANGE = values::codes::FIELD_OUT_OF_RANGE, 422, "The number or date is outside what is allowed.";
    FIELD_NOT_DATE = values::codes::FIELD_NOT_DATE, 422, "The field must be a date `YYYY-MM-DD`.";
    FIELD_INVALID_CHOICE = values::codes::FIELD_INVALID_CHOICE, 422, "The field is not one of the allowed values.";
    FIELD_NOT_ID = values::codes::FIELD_NOT_ID, 422, "The field must be an id (a UUID).";
    FIELD_NOT_OBJECT = values::codes::FIELD_NOT_OBJECT, 422, "The field (or the whole body, field `body`) must be a JSON object.";
    FIELD_CONFLICT = values::codes::FIELD_CONFLICT, 422, "The value clashes with stored data (in use already, or refused by a rule of the table).";

    // Content (query-api/src/content).
    PAGE_NOT_FOUND = "page.not_found", 404, "There is no published content page at this address.";

    // The order form and the ticket screens (command-api/src/booking), beside the domain's codes.
    FIELD_INVALID_PHONE = values::codes::FIELD_INVALID_PHONE, 422, "The field is not a phone number.";
    FIELD_INVALID_VAT_NUMBER = values::codes::FIELD_INVALID_VAT_NUMBER, 422, "The field is not a NIP (10 digits).";
    PHONE_NOT_MOBILE = "phone.not_mobile", 422, "The order's phone number cannot receive text messages (field `phone`).";
    FIELD_INVALID_POSTAL_CODE = values::codes::FIELD_INVALID_POSTAL_CODE, 422, "The field is not a Polish postal code (37-400).";
    TERMS_NOT_ACCEPTED = "consent.terms_required", 422, "The terms and conditions were not accepted.";
    DATA_CONSENT_MISSING = "consent.data_required", 422, "The consent to process the data was not given.";
    COURSE_NOT_FOUND = "course.not_found", 422, "There is no such course (field of the course).";
    NO_PRICE = "course.no_price", 422, "The stretch between the chosen stops has no price.";
    KEY_REUSED = "idempotency.key_reused", 422, "The Idempotency-Key was used for another request.";
    IN_PROGRESS = "idempotency.in_progress", 409, "The same request is still being processed: try again shortly.";
    // Reserved for the order placement (command-api/src/booking/place.rs, pricing.rs, writer.rs),
    // which still answers these with its kind's default code.
    COURSE_BUSY = "conflict.course_busy", 409, "The course is very busy right now: try again.";
    TOOK_TOO_LONG = "reservation.took_too_long", 409, "The placement took too long and was undone: order again.";
    BACK_BEFORE_OUTBOUND = "order.back_before_outbound", 422, "The return trip leaves before the outbound trip arrives.";
    DISCOUNT_NOT_AVAILABLE = "discount.not_available", 422, "The discount is not available for this ticket.";
    ORDER_INCOMPLETE = "order.incomplete", 422, "The order is not complete: see the field errors.";

    // Checking tickets on board (command-api/src/booking/check_in.rs).
    // Issue 28: the link of a disrupted course's message.
    DISRUPTION_LINK_INVALID = "disruption.link_invalid", 404, "The link of a disrupted course's message is forged, malformed or names no disrupted course of the order.";
    TICKET_FORGED = "ticket.forged", 422, "The scanned code's signature is not the carrier's: forged or altered (field `qr`).";
    TICKET_UNREADABLE = "ticket.unreadable", 422, "The scanned text is not a ticket's code (field `qr`).";

    // Personal data (RODO): the account's e-mail corrected, requests, a guest's link.
    EMAIL_LINK_INVALID = "account.email_link_invalid", 422, "The link confirming a new e-mail address is unknown, used or expired (field `token`).";
    PRIVACY_REQUEST_NOT_FOUND = "privacy.request_not_found", 404, "There is no such request about personal data.";
    PRIVACY_REQUEST_DONE = "privacy.request_done", 409, "The request about personal data is done already (it names nobody any more).";
    PRIVACY_NOT_ERASURE = "privacy.not_erasure", 409, "The request asks for a copy of the data, not their erasure.";
    PRIVACY_LINK_INVALID = "privacy.link_invalid", 404, "The link to a guest's personal data is unknown, used or expired.";

    // Coupons (command-api/src/coupons.rs).
    // KSeF's announced unavailability (command-api/src/booking/ksef_outage.rs).
    OUTAGE_ENDS_BEFORE_START = "outage.ends_before_start", 422, "The announced unavailability ends before it starts (field `to`).";

    COUPON_EXPIRY_PASSED = "coupon.expiry_passed", 422, "The coupon's expiry is not in the future (field `expires_at`).";

    // Routes (catalogue-api/src/catalogue/route_remove.rs), issue 29.
    ROUTE_HAS_COURSES = "route.has_courses", 409, "The route has courses (its orders name it): archive it instead of deleting it.";
    ROUTE_ARCHIVED = "route.archived", 422, "The route is archived: its courses are not sold and it takes no new ones (field of the course or `route_id`); unarchive it first.";

    // The search (query-api/src/catalogue/search).
    DATE_IN_PAST = "date.in_past", 422, "The departure date has passed (field `date`).";
    DATE_BEFORE_START = "date.before_start", 422, "The return date is before the departure date (field `dateBack`).";
    SAME_STOPS = "search.same_stops", 422, "The destination is the start (field `end`).";
    STOP_NOT_FOUND = "stop.not_found", 422, "There is no stop with this id (field `start` or `end`).";

    // The admin panel's refusals that name their field (issue 29).
    COURSE_DEPARTURE_PAST = "course.departure_past", 422, "A new course's departure is not in the future (field `departure_at`).";
    // A company's data from its NIP (taxpayers/src/http.rs), issue 40.
    NIP_NOT_IN_REGISTER = "nip.not_in_register", 404, "The register of VAT payers (Biała lista) has no entry for this NIP.";
    NIP_REGISTER_UNAVAILABLE = "nip.register_unavailable", 503, "The register of VAT payers cannot be reached now: the company's data are typed in.";
    // The finance month (finance/src/jpk), issue 40.
    JPK_MONTH_IN_FUTURE = "jpk.month_in_future", 422, "The month of the JPK file or sales register has not begun yet (field `month`).";
    JPK_MONTH_BEFORE_SCHEMA = "jpk.month_before_schema", 422, "JPK_V7M(3) covers months from February 2026 (field `month`).";
    JPK_TAX_OFFICE_UNKNOWN = "jpk.tax_office_unknown", 422, "No tax office has this code in the schema's list (field `tax_office`).";
    JPK_COMPANY_INCOMPLETE = "jpk.company_incomplete", 409, "The company's settings lack its NIP, name or e-mail, which the JPK file names.";
    REQUEST_NUL_CHARACTER = "request.nul_character", 400, "A text of the body holds a NUL character, which no field accepts (the message names the field).";
}

/// Whether `code` has the published form: dot-separated words of `a-z` and `_`.
pub fn is_well_formed(code: &str) -> bool {
    !code.is_empty()
        && code.split('.').all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edge_codes_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for doc in EDGE {
            assert!(is_well_formed(doc.code), "{} is not well formed", doc.code);
            assert!(seen.insert(doc.code), "{} is listed twice", doc.code);
            assert!((400..600).contains(&doc.status), "{}", doc.code);
        }
    }

    #[test]
    fn well_formed_means_dotted_lowercase_words() {
        for good in ["not_found", "seats.not_enough", "a.b.c"] {
            assert!(is_well_formed(good), "{good}");
        }
        for bad in ["", "Seats.x", "seats..x", ".x", "x.", "seats-x", "x1"] {
            assert!(!is_well_formed(bad), "{bad}");
        }
    }
}
