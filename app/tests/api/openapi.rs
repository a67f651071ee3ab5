//! `GET /api/openapi.json`: the whole API's document, merged from the query API's and
//! the command API's parts and served by the application.

use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::spawn_app;

// Moved from query-api's booking tests when the document's serving moved here.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_openapi_document_has_the_booking_reads(pool: PgPool) {
    let app = spawn_app(pool).await;

    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();

    for path in ["/api/order/order/success-data", "/api/user/user/my-tickets", "/api/course/stamp/user-stamps"] {
        assert!(doc["paths"][path].is_object(), "{path}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_openapi_document_covers_both_apis(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response = app.get("/api/openapi.json").await;

    assert_eq!(response.status(), 200);
    let doc: Value = response.json().await.unwrap();
    assert_eq!(doc["info"]["title"], "Nisko Bus booking API");
    for (path, method) in [
        ("/api/user/auth/login", "post"),
        ("/api/course/course/all", "get"),
        ("/api/course/course/save", "post"),
        ("/api/course/course/save", "put"),
        ("/api/course/course/generate", "post"),
        ("/api/order/order/place", "post"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    for schema in ["Course", "CourseInput", "Generated", "Placed"] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
}

/// Every operation `/api/openapi.json` listed before the query API was split into the
/// query, catalogue and accounts APIs (and the catalogue's resources became
/// declarations): the split must not lose one.
const OPERATIONS_BEFORE_THE_SPLIT: &[(&str, &str)] = &[
    ("get", "/api/app/banner/all"),
    ("get", "/api/app/banner/one"),
    ("post", "/api/app/banner/save"),
    ("put", "/api/app/banner/save"),
    ("get", "/api/app/content/all"),
    ("get", "/api/app/content/get-content"),
    ("get", "/api/app/content/one"),
    ("post", "/api/app/content/save"),
    ("put", "/api/app/content/save"),
    ("get", "/api/app/menu/all"),
    ("get", "/api/app/menu/get-menu"),
    ("get", "/api/app/menu/one"),
    ("post", "/api/app/menu/save"),
    ("put", "/api/app/menu/save"),
    ("get", "/api/company/company/all"),
    ("get", "/api/company/company/get-public-settings"),
    ("get", "/api/company/company/get-settings"),
    ("get", "/api/company/company/one"),
    ("post", "/api/company/company/save"),
    ("put", "/api/company/company/save"),
    ("post", "/api/company/company/save-settings"),
    ("get", "/api/course/course/all"),
    ("post", "/api/course/course/generate"),
    ("get", "/api/course/course/one"),
    ("post", "/api/course/course/save"),
    ("put", "/api/course/course/save"),
    ("get", "/api/course/discount-apply/all"),
    ("delete", "/api/course/discount-apply/delete"),
    ("get", "/api/course/discount-apply/one"),
    ("post", "/api/course/discount-apply/save"),
    ("put", "/api/course/discount-apply/save"),
    ("get", "/api/course/discount/all"),
    ("post", "/api/course/discount/calculate-for-tickets"),
    ("get", "/api/course/discount/one"),
    ("post", "/api/course/discount/save"),
    ("put", "/api/course/discount/save"),
    ("get", "/api/course/stamp/all"),
    ("get", "/api/course/stamp/user-stamps"),
    ("get", "/api/order/coupon/all"),
    ("post", "/api/order/coupon/check"),
    ("get", "/api/order/coupon/one"),
    ("post", "/api/order/coupon/save"),
    ("get", "/api/order/order/all"),
    ("post", "/api/order/order/cancel"),
    ("post", "/api/order/order/change-course"),
    ("get", "/api/order/order/history"),
    ("get", "/api/order/order/one"),
    ("post", "/api/order/order/pay-again"),
    ("post", "/api/order/order/place"),
    ("post", "/api/order/order/return-ticket"),
    ("post", "/api/order/order/send-ticket"),
    ("post", "/api/order/order/send-ticket-sms"),
    ("get", "/api/order/order/success-data"),
    ("post", "/api/order/order/validate"),
    ("get", "/api/order/ticket/all"),
    ("get", "/api/order/ticket/change-options"),
    ("get", "/api/route/route-course-details/all"),
    ("delete", "/api/route/route-course-details/delete"),
    ("get", "/api/route/route-course-details/one"),
    ("post", "/api/route/route-course-details/save"),
    ("put", "/api/route/route-course-details/save"),
    ("get", "/api/route/route-course-settings/all"),
    ("delete", "/api/route/route-course-settings/delete"),
    ("post", "/api/route/route-course-settings/duplicate"),
    ("get", "/api/route/route-course-settings/one"),
    ("post", "/api/route/route-course-settings/save"),
    ("put", "/api/route/route-course-settings/save"),
    ("get", "/api/route/route-price/all"),
    ("delete", "/api/route/route-price/delete"),
    ("get", "/api/route/route-price/one"),
    ("post", "/api/route/route-price/save"),
    ("put", "/api/route/route-price/save"),
    ("get", "/api/route/route-waypoint-details/all"),
    ("delete", "/api/route/route-waypoint-details/delete"),
    ("get", "/api/route/route-waypoint-details/one"),
    ("post", "/api/route/route-waypoint-details/save"),
    ("put", "/api/route/route-waypoint-details/save"),
    ("get", "/api/route/route-waypoint/all"),
    ("delete", "/api/route/route-waypoint/delete"),
    ("get", "/api/route/route-waypoint/one"),
    ("post", "/api/route/route-waypoint/save"),
    ("put", "/api/route/route-waypoint/save"),
    ("get", "/api/route/route/all"),
    ("get", "/api/route/route/home-routes"),
    ("get", "/api/route/route/one"),
    ("post", "/api/route/route/save"),
    ("put", "/api/route/route/save"),
    ("get", "/api/route/waypoint/all"),
    ("get", "/api/route/waypoint/one"),
    ("post", "/api/route/waypoint/save"),
    ("put", "/api/route/waypoint/save"),
    ("get", "/api/route/waypoint/search-dropdown"),
    ("post", "/api/search/search/index"),
    ("post", "/api/user/auth/change-password"),
    ("get", "/api/user/auth/confirm"),
    ("post", "/api/user/auth/confirm"),
    ("post", "/api/user/auth/forgot-password"),
    ("get", "/api/user/auth/get"),
    ("post", "/api/user/auth/login"),
    ("post", "/api/user/auth/logout"),
    ("post", "/api/user/auth/register"),
    ("post", "/api/user/user/get-my-account"),
    ("post", "/api/user/user/my-tickets"),
    ("post", "/api/user/user/update-my-account"),
];

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_openapi_document_keeps_every_operation(pool: PgPool) {
    let app = spawn_app(pool).await;

    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();

    for (method, path) in OPERATIONS_BEFORE_THE_SPLIT {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    let refs = doc.to_string();
    for schema in refs.split("#/components/schemas/").skip(1).filter_map(|s| s.split('"').next()) {
        assert!(doc["components"]["schemas"][schema].is_object(), "the schema {schema} is referred to but missing");
    }
}

/// A property's own schema: a `$ref` followed, the non-`null` one of a `oneOf`.
fn resolve<'a>(doc: &'a Value, property: &'a Value) -> &'a Value {
    if let Some(name) = property["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
        return resolve(doc, &doc["components"]["schemas"][name]);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(found) = property[key].as_array().and_then(|v| v.iter().find(|s| s["type"] != "null")) {
            return resolve(doc, found);
        }
    }
    property
}

/// What schemathesis found the content's and the catalogue's saves refuse though the
/// document let them through: the schema states each rule now.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_saves_state_the_rules_a_schema_can(pool: PgPool) {
    let app = spawn_app(pool).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let schema = |name: &str| doc["components"]["schemas"][name].clone();
    let property =
        |name: &str, field: &str| resolve(&doc, &doc["components"]["schemas"][name]["properties"][field]).clone();
    let required = |name: &str| schema(name)["required"].as_array().cloned().unwrap_or_default();
    for (input, field) in [
        ("ContentPageInput", "title"),
        ("ContentPageInput", "slug"),
        ("DiscountInput", "kind"),
        ("NewCompanyInput", "name"),
    ] {
        assert!(required(input).contains(&Value::from(field)), "{input}.{field} is required");
    }
    // The types' patterns, each held to its parse by the type's own test.
    let title = property("ContentPageInput", "title");
    assert_eq!(title["pattern"], api_core::values::PlainLine::<200>::PATTERN);
    assert_eq!(title["maxLength"], 200);
    assert!(property("ContentPageInput", "slug")["pattern"].as_str().is_some_and(|p| p.contains("{1,100}")));
    assert_eq!(property("DiscountInput", "kind")["enum"], serde_json::json!(["percent", "amount"]));
    for (input, field) in
        [("BannerInput", "valid_from"), ("DiscountInput", "valid_to"), ("CourseInput", "departure_at")]
    {
        assert_eq!(property(input, field)["pattern"], api_core::values::Moment::PATTERN, "{input}.{field}");
    }
    assert_eq!(property("MenuInput", "type")["enum"], serde_json::json!(["top", "bottom1", "bottom2"]));
}

/// What schemathesis (with none of the project's configuration) found refused though the
/// document let it through, in the bodies of a creation, an order and an account: the
/// schema states each rule now, from the value types.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_bodies_that_need_a_field_say_so(pool: PgPool) {
    let app = spawn_app(pool).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let schemas = &doc["components"]["schemas"];
    let body = |path: &str| {
        let name = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .unwrap_or_else(|| panic!("{path} names its body"))
            .to_owned();
        schemas[&name].clone()
    };
    let required = |schema: &Value| schema["required"].as_array().cloned().unwrap_or_default();

    // A banner is created with a title (an update may leave it out).
    let banner = body("/api/app/banner/save");
    assert!(required(&banner).contains(&Value::from("title")));
    assert_eq!(resolve(&doc, &banner["properties"]["title"])["pattern"], api_core::values::PlainLine::<200>::PATTERN);
    assert!(!required(&schemas["BannerInput"]).contains(&Value::from("title")));

    // An order is placed with a course, at least one ticket line and a customer who
    // accepted the terms; the live prices need the course and the lines.
    let place = body("/api/order/order/place");
    for field in ["course", "tickets", "customer"] {
        assert!(required(&place).contains(&Value::from(field)), "place: {field}");
    }
    let prices = body("/api/course/discount/calculate-for-tickets");
    assert_eq!(required(&prices), vec![Value::from("course"), Value::from("tickets")]);
    assert_eq!(resolve(&doc, &place["properties"]["tickets"])["minItems"], 1);
    let course = resolve(&doc, &place["properties"]["course"]);
    assert_eq!(required(course), vec![Value::from("course_id"), Value::from("from"), Value::from("to")]);
    let customer = resolve(&doc, &place["properties"]["customer"]);
    for field in ["first_name", "last_name", "email", "phone", "consent_statute", "consent_gdpr"] {
        assert!(required(customer).contains(&Value::from(field)), "customer: {field}");
    }
    let yes = &schemas["Yes"]["oneOf"];
    assert_eq!(yes[0]["enum"], serde_json::json!([true]), "a consent is a yes: {yes}");
    assert!(yes.as_array().is_some_and(|v| v.iter().all(|s| s["enum"] != serde_json::json!([false]))));

    // A menu's items are a list of items, each with its rules.
    let menu = &schemas["MenuInput"]["properties"];
    let items = resolve(&doc, &menu["content"]);
    assert_eq!((&items["type"], &items["maxItems"]), (&Value::from("array"), &Value::from(50)));
    let item = resolve(&doc, &items["items"]);
    assert_eq!(resolve(&doc, &item["properties"]["name"])["pattern"], api_core::values::PlainLine::<100>::PATTERN);
    assert_eq!(resolve(&doc, &item["properties"]["target"])["enum"].as_array().map(Vec::len), Some(5));

    // An account's names are lines, its phone a phone or blank; an invoice's country is a `Country`.
    let account = &schemas["MyAccountInput"]["properties"];
    assert_eq!(resolve(&doc, &account["first_name"])["pattern"], api_core::values::Line::<100>::PATTERN);
    let phone = resolve(&doc, &account["phone"])["pattern"].as_str().unwrap_or_default().to_owned();
    assert!(phone.starts_with(api_core::values::Phone::PATTERN), "{phone}");
    for input in ["BookingInvoice", "InvoiceDataInput"] {
        let country = resolve(&doc, &schemas[input]["properties"]["country"]);
        assert_eq!(country["pattern"], api_core::values::Country::PATTERN, "{input}");
    }
    // A moment is one RFC 3339 can write back in every answer: years 1000 to 8999.
    assert!(api_core::values::Moment::PATTERN.contains("[1-8][0-9]{3}"));
}
