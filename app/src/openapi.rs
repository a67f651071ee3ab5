//! The OpenAPI document of the whole API, served at `GET /api/openapi.json`: the parts of
//! the query, catalogue, accounts and command APIs, each generated from its handlers'
//! annotations (or, for the declared resources, from their declarations), merged here
//! under one title. The web
//! client's mocks are checked against this document. The error body (`ApiError`, with every stable `code` it
//! can carry) is described once here, as `ApiErrorBody`.

use axum::body::Bytes;
use axum::http::header;
use axum::routing::get;
use axum::Router;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(info(
    title = "Nisko Bus booking API",
    description = "Coach-ticket booking: catalogue, search, accounts, content. \
                   Successes answer {\"data\": …}; errors {\"name\", \"message\", \"status\", \"code\", \"errors\"} \
                   (the schema ApiErrorBody; clients translate by `code`, see docs/errors.md)."
))]
struct Root;

/// The merged document.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = Root::openapi();
    doc.merge(query_api::openapi::document());
    doc.merge(catalogue_api::openapi::document());
    doc.merge(accounts_api::AccountsApi::openapi());
    // The commands (order placement, returns, coupons…) are served by the command API;
    // the document covers the whole API a client sees.
    doc.merge(command_api::openapi::CommandApi::openapi());
    // The VAT register, replayed from the event store (the finance crate).
    doc.merge(finance::http::FinanceApi::openapi());
    // A company's data from its NIP (the taxpayers crate).
    doc.merge(taxpayers::http::TaxpayersApi::openapi());
    let components = doc.components.get_or_insert_with(Default::default);
    components.schemas.insert("ApiErrorBody".into(), error_body().into());
    components.schemas.insert("FieldError".into(), field_error().into());
    crate::guard::document(&mut doc);
    doc
}

/// The document as served: [`document`] with the gate's NUL rule written on every free
/// string and every object's other members.
pub fn json() -> serde_json::Value {
    no_nul_in_strings(document())
}

/// The pattern every free string of the document gets: the gate refuses a NUL anywhere
/// in the query or the body (`400`), so no string field, parameter or answer holds one.
pub const NO_NUL: &str = "^[^\\u0000]*$";

/// States the gate's rule on every string schema that does not already narrow its values
/// (an `enum`, a `format` or a `pattern` of its own).
fn no_nul_in_strings(doc: utoipa::openapi::OpenApi) -> serde_json::Value {
    fn walk(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                let is_string = match map.get("type") {
                    Some(serde_json::Value::String(t)) => t == "string",
                    Some(serde_json::Value::Array(types)) => types.iter().any(|t| t == "string"),
                    _ => false,
                };
                if is_string && !["enum", "format", "pattern", "const"].iter().any(|k| map.contains_key(*k)) {
                    map.insert("pattern".into(), NO_NUL.into());
                }
                let is_object = map
                    .get("type")
                    .is_some_and(|t| t == "object" || t.as_array().is_some_and(|ts| ts.iter().any(|t| t == "object")))
                    || map.get("properties").is_some_and(serde_json::Value::is_object);
                if is_object && !map.contains_key("additionalProperties") {
                    // Members a body names beyond its fields are ignored, but the gate reads them too.
                    map.insert("propertyNames".into(), serde_json::json!({ "pattern": NO_NUL }));
                    map.insert(
                        "additionalProperties".into(),
                        serde_json::json!({ "$ref": "#/components/schemas/JsonWithoutNul" }),
                    );
                }
                map.values_mut().for_each(walk);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(&doc).expect("the document is JSON");
    walk(&mut value);
    let any = serde_json::json!({
        "description": "Any JSON without a NUL character in a string or a member's name (what the gate lets through).",
        "anyOf": [
            { "type": "string", "pattern": NO_NUL },
            { "type": ["number", "boolean", "null"] },
            { "type": "array", "items": { "$ref": "#/components/schemas/JsonWithoutNul" } },
            {
                "type": "object",
                "propertyNames": { "pattern": NO_NUL },
                "additionalProperties": { "$ref": "#/components/schemas/JsonWithoutNul" }
            }
        ]
    });
    value["components"]["schemas"]["JsonWithoutNul"] = any;
    value
}

/// Every code an error answer can carry: the edge's (`api_core::codes`) and the
/// domain's refusals (`domain::ErrorCode`), sorted.
pub fn all_codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = api_core::codes::EDGE.iter().map(|c| c.code).collect();
    codes.extend(domain::error_code::all_codes());
    codes.sort_unstable();
    codes.dedup();
    codes
}

fn code_schema(description: &str) -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(all_codes())).description(Some(description))
}

fn field_error() -> ObjectBuilder {
    ObjectBuilder::new()
        .description(Some("One field's problem in a 422 answer."))
        .property("field", ObjectBuilder::new().schema_type(Type::String).description(Some("The field, dotted for nested ones (`customer.email`).")))
        .required("field")
        .property("message", ObjectBuilder::new().schema_type(Type::String).description(Some("English, for people; translate `code`.")))
        .required("message")
        .property("code", code_schema("What is wrong with the field (`field.blank`, `date.in_past`…); `field.invalid` when nothing more specific is known."))
        .required("code")
        .property("params", params_schema())
}

/// `params`: the numbers a message states, by name; left out when there are none.
fn params_schema() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(ObjectBuilder::new().schema_type(Type::Integer)))
        .description(Some(
            "The numbers the message states, by name, for a client to word its own message: `min`/`max` \
             (field.too_short, field.too_long, field.out_of_range; order.bad_quantity, order.too_many_seats), \
             `minutes` (return.too_late, change.too_late), `line`. Left out when there are none; \
             docs/errors.md lists them per code.",
        ))
}

fn error_body() -> ObjectBuilder {
    ObjectBuilder::new()
        .description(Some("The body of every error answer."))
        .property(
            "name",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("The status's reason phrase (`Conflict`).")),
        )
        .required("name")
        .property(
            "message",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("English, for people and logs; clients translate `code`.")),
        )
        .required("message")
        .property("status", ObjectBuilder::new().schema_type(Type::Integer).description(Some("The HTTP status.")))
        .required("status")
        .property(
            "code",
            code_schema(
                "Stable and machine-readable: a domain refusal's code (`seats.not_enough`), an edge refusal's \
                 (`auth.bad_credentials`) or the kind's default (`not_found`, `validation`, `internal`…). \
                 docs/errors.md says what each means.",
            ),
        )
        .required("code")
        .property(
            "errors",
            ArrayBuilder::new()
                .items(RefOr::Ref(Ref::from_schema_name("FieldError")))
                .description(Some("A 422's errors, one per field.")),
        )
        .property("params", params_schema())
}

/// `GET /openapi.json`, to be nested under `/api`.
pub fn router() -> Router {
    // Built and written out once: the document does not change while the process runs,
    // so each request gets the same bytes (no copy of the document per request).
    let body = Bytes::from(json().to_string());
    let answer = move || {
        let body = body.clone();
        async move { ([(header::CONTENT_TYPE, "application/json")], body) }
    };
    Router::new().route("/openapi.json", get(answer))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    #[test]
    fn the_document_names_every_area() {
        let doc = super::document();
        let paths: Vec<&String> = doc.paths.paths.keys().collect();
        for expected in [
            "/api/user/auth/login",
            "/api/company/company/get-public-settings",
            "/api/app/banner/all",
            "/api/route/waypoint/search-dropdown",
            "/api/search/search/index",
            "/api/order/order/place",
            "/api/course/discount/calculate-for-tickets",
            "/api/course/course/all",
            "/api/course/course/save",
            "/api/course/course/generate",
            "/api/order/order-invoice/register",
        ] {
            assert!(paths.iter().any(|p| p.as_str() == expected), "{expected} missing from {paths:?}");
        }
        assert_eq!(doc.info.title, "Nisko Bus booking API");
    }

    #[test]
    fn every_free_string_refuses_a_nul_as_the_gate_does() {
        let doc = super::json();
        // Strings the handler takes as any text (no pattern of their own: a company's name
        // when no invoice is asked for, a ticket's code as typed).
        for (schema, field) in [("BookingInvoice", "company_name"), ("RequestInvoiceInput", "code")] {
            let free = &doc["components"]["schemas"][schema]["properties"][field];
            assert_eq!(free["pattern"], super::NO_NUL, "{schema}.{field}: {free}");
        }
    }

    /// Rust's whitespace (`char::is_whitespace`, what the handlers' `trim` takes away) as
    /// a regex class body, written once in `api_core::values::whitespace`. The document spells it out: its regex dialect is ECMA-262's,
    /// whose `\s` is another set (without U+0085, with U+FEFF), so a `\s` there would
    /// call a code of one U+0085 non-blank while the handler trims it to nothing.
    const WHITESPACE: &str = api_core::values::WHITESPACE;

    #[test]
    fn the_whitespace_class_is_rusts_whitespace() {
        let ranges = [(0x09, 0x0d), (0x20, 0x20), (0x85, 0x85), (0xa0, 0xa0), (0x1680, 0x1680), (0x2000, 0x200a)];
        let singles = [0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
        let listed: Vec<u32> = ranges.iter().flat_map(|&(a, b)| a..=b).chain(singles).collect();
        let rust: Vec<u32> =
            (0..=0x10ffff).filter_map(char::from_u32).filter(|c| c.is_whitespace()).map(u32::from).collect();
        assert_eq!(listed, rust);
        let spelled: String = listed
            .iter()
            .map(|&c| match c {
                0x09 => r"\t".to_owned(),
                0x0d => r"\r".to_owned(),
                0x20 => " ".to_owned(),
                _ => format!("\\u{c:04x}"),
            })
            .collect();
        // The class names the same characters, the runs written as ranges.
        let expanded = WHITESPACE
            .replace(r"\t-\r", r"\t\u000a\u000b\u000c\r")
            .replace(r"\u2000-\u200a", &(0x2000..=0x200a).map(|c| format!("\\u{c:04x}")).collect::<String>());
        assert_eq!(expanded, spelled);
    }

    #[test]
    fn patterns_spell_out_the_whitespace_the_handlers_trim() {
        fn patterns<'a>(value: &'a Value, found: &mut Vec<&'a str>) {
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(p)) = map.get("pattern") {
                        found.push(p);
                    }
                    map.values().for_each(|v| patterns(v, found));
                }
                Value::Array(items) => items.iter().for_each(|v| patterns(v, found)),
                _ => {}
            }
        }
        let doc = super::json();
        let mut found = Vec::new();
        patterns(&doc, &mut found);
        assert!(found.len() > 40, "{}", found.len());
        let with_s: Vec<&&str> = found.iter().filter(|p| p.contains(r"\s")).collect();
        assert!(with_s.is_empty(), "patterns with ECMA's \\s: {with_s:?}");
        assert!(found.iter().filter(|p| p.contains(WHITESPACE)).count() >= 28);
    }

    #[test]
    fn the_error_body_lists_every_code() {
        let doc = super::json();
        let schema = &doc["components"]["schemas"]["ApiErrorBody"];
        let codes: Vec<&str> =
            schema["properties"]["code"]["enum"].as_array().unwrap().iter().filter_map(|c| c.as_str()).collect();
        for code in ["seats.not_enough", "auth.bad_credentials", "field.blank", "not_found", "internal"] {
            assert!(codes.contains(&code), "{code} missing from {codes:?}");
        }
        assert!(schema["required"].as_array().unwrap().iter().any(|r| r == "code"));
        assert_eq!(
            doc["components"]["schemas"]["FieldError"]["properties"]["code"]["enum"].as_array().unwrap().len(),
            codes.len()
        );
    }

    #[test]
    fn errors_document_their_params_as_an_object_of_whole_numbers() {
        let doc = super::json();
        for schema in ["FieldError", "ApiErrorBody"] {
            let params = &doc["components"]["schemas"][schema]["properties"]["params"];
            assert_eq!(params["type"], "object", "{schema}");
            assert_eq!(params["additionalProperties"]["type"], "integer", "{schema}");
            let required = doc["components"]["schemas"][schema]["required"].as_array().unwrap();
            assert!(!required.iter().any(|r| r == "params"), "{schema}: left out when there are none");
        }
    }

    #[test]
    fn the_order_calls_document_their_request() {
        let doc = super::json();
        // Validating a step takes any part of the state; pricing needs the course and the
        // lines, placing needs the whole state (`command-api/src/booking/input/required.rs`).
        for (path, body) in [
            ("/api/order/order/place", "PlaceOrderRequest"),
            ("/api/order/order/validate", "OrderRequest"),
            ("/api/course/discount/calculate-for-tickets", "TicketsRequest"),
        ] {
            let schema = &doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
            assert_eq!(schema["$ref"], format!("#/components/schemas/{body}"), "{path}");
        }
        // The form's customer is read as `Sent` value types: their schemas, inline.
        let customer = &doc["components"]["schemas"]["BookingCustomer"]["properties"];
        assert_eq!(customer["email"]["pattern"], api_core::values::Email::PATTERN);
        assert_eq!(customer["phone"]["pattern"], api_core::values::Phone::PATTERN);
        let online = &doc["components"]["schemas"]["OnlineCustomer"]["properties"];
        assert_eq!(online["email"]["$ref"], "#/components/schemas/Email");
        assert_eq!(online["phone"]["$ref"], "#/components/schemas/Phone");
        assert_eq!(doc["components"]["schemas"]["Email"]["pattern"], api_core::values::Email::PATTERN);
        assert_eq!(doc["components"]["schemas"]["Email"]["maxLength"], 254);
        let office = doc["paths"]["/api/order/order/save"]["post"]["requestBody"]["content"]["application/json"]
            ["schema"]["$ref"]
            .clone();
        assert_eq!(office, "#/components/schemas/OfficeSaleRequest");
    }

    #[test]
    fn every_code_is_well_formed_and_documented() {
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/errors.md")).unwrap();
        let listed: std::collections::BTreeSet<&str> =
            docs.lines().filter_map(|l| l.strip_prefix("| `")).filter_map(|l| l.split('`').next()).collect();
        let codes: std::collections::BTreeSet<&str> = super::all_codes().into_iter().collect();
        for code in &codes {
            assert!(api_core::codes::is_well_formed(code), "{code}");
        }
        let undocumented: Vec<_> = codes.difference(&listed).collect();
        let stale: Vec<_> = listed.difference(&codes).collect();
        assert!(
            undocumented.is_empty() && stale.is_empty(),
            "docs/errors.md: missing {undocumented:?}, not a code {stale:?}"
        );
    }

    #[test]
    fn every_operation_documents_the_gate_and_the_error_shape() {
        let doc = super::json();
        assert!(doc["components"]["schemas"]["ApiErrorBody"]["required"].is_array());
        let mut operations = 0;
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                operations += 1;
                let responses = operation["responses"].as_object().expect("responses");
                assert!(responses.contains_key("400"), "{method} {path}: no 400");
                if operation.get("requestBody").is_some() {
                    assert!(responses.contains_key("413"), "{method} {path}: no 413");
                }
                if operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty() && !s.contains(&serde_json::json!({})))
                {
                    assert!(responses.contains_key("401"), "{method} {path}: no 401");
                }
                for (status, response) in responses.iter().filter(|(s, _)| !s.starts_with('2')) {
                    assert_eq!(
                        response["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ApiErrorBody",
                        "{method} {path} {status}"
                    );
                }
            }
        }
        assert!(operations > 100, "{operations} operations");
    }
}
