//! `/company/company`: the company record and its settings.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_admin_only, assert_fields, ok, Write};
use crate::helpers::{assert_error, spawn_app};

fn settings() -> Value {
    json!({
        "name": "PKS Nisko Sp. z o.o.",
        "invoice_prefix": "NK/FV",
        "invoice_issuer": "PKS Nisko Sp. z o.o.\nul. Kolejowa 1, 37-400 Nisko",
        "invoice_email": "faktury@pks-nisko.example",
        "order_report_email": "raporty@pks-nisko.example",
        "page_footer_1": "<p><strong>Biuro</strong><br>tel. 15 841 00 00</p>",
        "page_footer_2": "<p><a href=\"mailto:biuro@pks-nisko.example\">biuro@pks-nisko.example</a></p>",
        "page_footer_1_en": "<p><strong>Office</strong><br>phone +48 15 841 00 00</p>",
        "page_footer_2_en": "<p>Open every day</p>",
        "refresh_time": 600,
        "vat_rate_percent": 8,
        "payment_time_minutes": 20,
        "sales_close_minutes": 5,
        "return_cutoff_minutes": 30,
        "return_fee_percent": 15,
        "stamps_per_reward": 12,
        "reward_value": 2500,
        "tax_id": "5260250274",
        "address": "ul. Kolejowa 1",
        "postal_code": "37-400",
        "city": "Nisko",
        "country": "PL",
        "ksef_send_consumers": true
    })
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn public_settings_before_any_save_are_empty_footers(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = ok(app.get("/company/company/get-public-settings", None).await).await;

    assert_eq!(body, json!({"data": {"settings": {"page_footer_1": "", "page_footer_2": ""}}}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn public_settings_answer_exactly_the_two_footers(pool: PgPool) {
    let app = spawn_app(pool).await;
    ok(app.post("/company/company/save-settings", &settings(), Some(&app.admin_token)).await).await;

    let body = ok(app.get("/company/company/get-public-settings", None).await).await;

    assert_eq!(
        body,
        json!({"data": {"settings": {
            "page_footer_1": "<p><strong>Biuro</strong><br>tel. 15 841 00 00</p>",
            "page_footer_2": "<p><a href=\"mailto:biuro@pks-nisko.example\" rel=\"noopener noreferrer\">biuro@pks-nisko.example</a></p>"
        }}})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn get_settings_before_any_save_answers_the_decisions_defaults(pool: PgPool) {
    let app = spawn_app(pool).await;

    let body = ok(app.get("/company/company/get-settings", Some(&app.admin_token)).await).await;

    assert_eq!(
        body,
        json!({"data": {"settings": {
            "id": null, "name": "", "invoice_prefix": "FV", "invoice_issuer": "", "invoice_email": "",
            "order_report_email": "", "page_footer_1": "", "page_footer_2": "", "page_footer_1_en": "",
            "page_footer_2_en": "", "refresh_time": 3600,
            "vat_rate_percent": 8, "payment_time_minutes": 15, "sales_close_minutes": 10,
            "return_cutoff_minutes": 10, "return_fee_percent": 10, "stamps_per_reward": 10, "reward_value": 2000,
            "tax_id": "", "address": "", "postal_code": "", "city": "", "country": "PL",
            "ksef_send_consumers": false
        }}})
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn save_settings_creates_the_company_and_get_settings_answers_every_setting(pool: PgPool) {
    let app = spawn_app(pool).await;

    let saved = ok(app.post("/company/company/save-settings", &settings(), Some(&app.admin_token)).await).await;
    let body = ok(app.get("/company/company/get-settings", Some(&app.admin_token)).await).await;

    assert_eq!(saved, body);
    let mut expected = settings();
    expected["id"] = body["data"]["settings"]["id"].clone();
    expected["page_footer_2"] = json!(
        "<p><a href=\"mailto:biuro@pks-nisko.example\" rel=\"noopener noreferrer\">biuro@pks-nisko.example</a></p>"
    );
    assert!(expected["id"].is_i64());
    assert_eq!(body["data"]["settings"], expected);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn save_settings_updates_the_one_company_and_keeps_absent_fields(pool: PgPool) {
    let app = spawn_app(pool).await;
    let first = ok(app.post("/company/company/save-settings", &settings(), Some(&app.admin_token)).await).await;

    let second =
        ok(app.post("/company/company/save-settings", &json!({"vat_rate_percent": 23}), Some(&app.admin_token)).await)
            .await;

    let (a, b) = (&first["data"]["settings"], &second["data"]["settings"]);
    assert_eq!(a["id"], b["id"]);
    assert_eq!(b["vat_rate_percent"], 23);
    assert_eq!(b["name"], "PKS Nisko Sp. z o.o.");
    assert_eq!(b["payment_time_minutes"], 20);
    let rows: i64 = sqlx::query_scalar("select count(*) from companies").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn save_settings_checks_every_field_at_once(pool: PgPool) {
    let app = spawn_app(pool).await;
    let bad = json!({
        "name": " ", "invoice_prefix": "fv 2026", "invoice_issuer": "<b>PKS</b>", "invoice_email": "faktury",
        "order_report_email": "raporty@", "page_footer_1": "x".repeat(20_001), "refresh_time": -1,
        "vat_rate_percent": 101, "payment_time_minutes": 0, "sales_close_minutes": -1,
        "return_cutoff_minutes": -10, "return_fee_percent": -1, "stamps_per_reward": 0, "reward_value": 0
    });

    let response = app.post("/company/company/save-settings", &bad, Some(&app.admin_token)).await;

    assert_fields(
        response,
        &[
            "name",
            "invoice_prefix",
            "invoice_issuer",
            "invoice_email",
            "order_report_email",
            "page_footer_1",
            "refresh_time",
            "vat_rate_percent",
            "payment_time_minutes",
            "sales_close_minutes",
            "return_cutoff_minutes",
            "return_fee_percent",
            "stamps_per_reward",
            "reward_value",
        ],
    )
    .await;
    let rows: i64 = sqlx::query_scalar("select count(*) from companies").fetch_one(&app.pool).await.unwrap();
    assert_eq!(rows, 0);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_nip_written_with_dashes_and_a_prefix_is_saved_as_its_ten_digits(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut input = settings();
    input["tax_id"] = json!("PL 526-025-02-74");
    input["address"] = json!("  ul. Kolejowa 1  ");

    let saved = ok(app.post("/company/company/save-settings", &input, Some(&app.admin_token)).await).await;
    let read = ok(app.get("/company/company/get-settings", Some(&app.admin_token)).await).await;

    assert_eq!(saved, read);
    let seller = &read["data"]["settings"];
    let got = [&seller["tax_id"], &seller["address"], &seller["postal_code"], &seller["city"], &seller["country"]];
    assert_eq!(got, [&json!("5260250274"), &json!("ul. Kolejowa 1"), &json!("37-400"), &json!("Nisko"), &json!("PL")]);
    let stored: String = sqlx::query_scalar("select tax_id from companies").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, "5260250274");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_nip_with_a_wrong_checksum_is_refused_at_tax_id_and_nothing_changes(pool: PgPool) {
    let app = spawn_app(pool).await;
    ok(app.post("/company/company/save-settings", &settings(), Some(&app.admin_token)).await).await;

    let response = app
        .post(
            "/company/company/save-settings",
            &json!({"tax_id": "526-025-02-75", "city": "Stalowa Wola"}),
            Some(&app.admin_token),
        )
        .await;

    let body = assert_fields(response, &["tax_id"]).await;
    assert_eq!(body["errors"][0]["message"], "Please enter a valid NIP (10 digits).");
    assert_eq!(body["errors"][0]["code"], "field.invalid_vat_number");
    let read = ok(app.get("/company/company/get-settings", Some(&app.admin_token)).await).await;
    assert_eq!(
        (&read["data"]["settings"]["tax_id"], &read["data"]["settings"]["city"]),
        (&json!("5260250274"), &json!("Nisko"))
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_seller_may_be_left_empty_but_what_is_given_is_checked(pool: PgPool) {
    let app = spawn_app(pool).await;
    let empty = json!({"name": "PKS Nisko", "tax_id": " ", "address": "", "postal_code": "", "city": ""});
    let saved = ok(app.post("/company/company/save-settings", &empty, Some(&app.admin_token)).await).await;
    assert_eq!(
        (&saved["data"]["settings"]["tax_id"], &saved["data"]["settings"]["country"]),
        (&json!(""), &json!("PL"))
    );

    let bad = json!({
        "tax_id": "526025027", "address": "ul. <b>Kolejowa</b>", "postal_code": "37400", "city": "x".repeat(201),
        "country": "pl"
    });
    assert_fields(
        app.post("/company/company/save-settings", &bad, Some(&app.admin_token)).await,
        &["tax_id", "address", "city", "country"],
    )
    .await;
    // A postal code is checked against the country it ends up with: 37400 is no Polish code.
    let body = assert_fields(
        app.post("/company/company/save-settings", &json!({"postal_code": "37400"}), Some(&app.admin_token)).await,
        &["postal_code"],
    )
    .await;
    assert_eq!(body["errors"][0]["code"], "field.invalid_postal_code");
    let german = json!({"postal_code": "10115", "city": "Berlin", "country": "DE"});
    let saved = ok(app.post("/company/company/save-settings", &german, Some(&app.admin_token)).await).await;
    assert_eq!(saved["data"]["settings"]["postal_code"], "10115");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_first_save_needs_a_company_name(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response =
        app.post("/company/company/save-settings", &json!({"vat_rate_percent": 8}), Some(&app.admin_token)).await;

    assert_fields(response, &["name"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_value_of_the_wrong_type_is_named(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response =
        app.post("/company/company/save-settings", &json!({"refresh_time": "ten"}), Some(&app.admin_token)).await;

    assert_fields(response, &["refresh_time"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn malformed_json_is_a_bad_request(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response = app
        .client
        .post(app.url("/company/company/save-settings"))
        .bearer_auth(&app.admin_token)
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();

    assert_error(response, 400).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn company_rows_are_listed_fetched_created_and_updated_by_admins(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = ok(app.post("/company/company/save", &settings(), Some(&app.admin_token)).await).await;
    let id = created["data"]["id"].as_i64().unwrap();

    let updated = ok(app
        .put(&format!("/company/company/save?id={id}"), &json!({"name": "PKS Nisko S.A."}), Some(&app.admin_token))
        .await)
    .await;
    let one = ok(app.get(&format!("/company/company/one?id={id}"), Some(&app.admin_token)).await).await;
    let all = ok(app.get("/company/company/all?sort=-id", Some(&app.admin_token)).await).await;

    assert_eq!(updated["data"]["name"], "PKS Nisko S.A.");
    assert_eq!(updated["data"]["invoice_prefix"], "NK/FV");
    assert_eq!(one, updated);
    assert_eq!(all["data"]["models"], json!([updated["data"]]));
    assert_eq!(all["data"]["pagination"], json!({"page": 1, "perPage": 20, "totalCount": 1, "pageCount": 1}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_and_malformed_company_ids(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_error(app.get("/company/company/one?id=999", Some(&app.admin_token)).await, 404).await;
    assert_error(app.put("/company/company/save?id=999", &settings(), Some(&app.admin_token)).await, 404).await;
    assert_fields(app.get("/company/company/one?id=abc", Some(&app.admin_token)).await, &["id"]).await;
    assert_fields(app.get("/company/company/one", Some(&app.admin_token)).await, &["id"]).await;
    assert_fields(app.get("/company/company/all?sort=password", Some(&app.admin_token)).await, &["sort"]).await;
    assert_error(app.get("/company/company/all?page=abc", Some(&app.admin_token)).await, 400).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn everything_but_the_public_settings_is_for_admins(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_admin_only(
        &app,
        &[
            Write::Get("/company/company/all"),
            Write::Get("/company/company/one?id=1"),
            Write::Get("/company/company/get-settings"),
            Write::Post("/company/company/save-settings"),
            Write::Post("/company/company/save"),
            Write::Put("/company/company/save?id=1"),
        ],
    )
    .await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_update_of_a_company_row_reads_null_as_absent_and_checks_the_whole(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = ok(app.post("/company/company/save", &settings(), Some(&app.admin_token)).await).await;
    let id = created["data"]["id"].as_i64().unwrap();
    let url = format!("/company/company/save?id={id}");

    let updated = ok(app.put(&url, &json!({"name": null, "vat_rate_percent": 23}), Some(&app.admin_token)).await).await;
    assert_eq!(
        (&updated["data"]["name"], &updated["data"]["vat_rate_percent"]),
        (&json!("PKS Nisko Sp. z o.o."), &json!(23))
    );

    // A postal code is checked against the country the row ends up with.
    let response = app.put(&url, &json!({"country": "PL", "postal_code": "37400"}), Some(&app.admin_token)).await;
    assert_fields(response, &["postal_code"]).await;
    let read = ok(app.get(&format!("/company/company/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!(read, updated);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn sending_consumers_invoices_to_ksef_is_off_until_turned_on_and_kept_when_absent(pool: PgPool) {
    let app = spawn_app(pool).await;
    let token = Some(app.admin_token.as_str());
    let created = ok(app.post("/company/company/save-settings", &json!({"name": "PKS Nisko"}), token).await).await;
    assert_eq!(created["data"]["settings"]["ksef_send_consumers"], false);

    let on = json!({"ksef_send_consumers": true});
    ok(app.post("/company/company/save-settings", &on, token).await).await;
    let kept = ok(app.post("/company/company/save-settings", &json!({"city": "Nisko"}), token).await).await;
    assert_eq!(kept["data"]["settings"]["ksef_send_consumers"], true);
    let stored: bool =
        sqlx::query_scalar("select ksef_send_consumers from companies").fetch_one(&app.pool).await.unwrap();
    assert!(stored);

    let response = app.post("/company/company/save-settings", &json!({"ksef_send_consumers": "yes"}), token).await;
    assert_eq!(response.status(), 422);
}
