//! The English site: admins write English texts beside the Polish ones, and the public
//! reads answer `?lang=en` in English, field by field falling back to Polish where no
//! English is written; without `lang` (or with `lang=pl`) they answer Polish as before.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::support::{assert_fields, ok};
use crate::helpers::{spawn_app, TestApp};

async fn save(app: &TestApp, path: &str, body: Value) -> Value {
    ok(app.post(path, &body, Some(&app.admin_token)).await).await["data"].clone()
}

async fn read(app: &TestApp, path: &str) -> Value {
    ok(app.get(path, None).await).await["data"].clone()
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_admin_saves_english_banner_texts_sanitised_like_the_polish(pool: PgPool) {
    let app = spawn_app(pool).await;

    let banner = save(
        &app,
        "/app/banner/save",
        json!({"title": "Kup bilet", "text": "<p>Bez kolejki</p>", "title_en": "Buy a ticket",
               "text_en": "<p>No queuing<script>alert(1)</script></p>"}),
    )
    .await;

    assert_eq!((&banner["title_en"], &banner["text_en"]), (&json!("Buy a ticket"), &json!("<p>No queuing</p>")));
    let stored: String = sqlx::query_scalar("select text_en from banners").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, "<p>No queuing</p>");
    let one = ok(app.get(&format!("/app/banner/one?id={}", banner["id"]), Some(&app.admin_token)).await).await;
    assert_eq!(one["data"], banner, "the admin reads both languages back");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn english_banner_fields_are_checked_like_their_polish_twins(pool: PgPool) {
    let app = spawn_app(pool).await;

    let response = app
        .post(
            "/app/banner/save",
            &json!({"title": "Kup bilet", "title_en": "<b>Buy</b>", "text_en": "x".repeat(5001)}),
            Some(&app.admin_token),
        )
        .await;

    assert_fields(response, &["title_en", "text_en"]).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn banners_answer_in_english_falling_back_to_polish_field_by_field(pool: PgPool) {
    let app = spawn_app(pool).await;
    let both = json!({"title": "Kup bilet", "text": "<p>Bez kolejki</p>", "title_en": "Buy a ticket",
                      "text_en": "<p>No queuing</p>", "sort_order": 1});
    let title_only = json!({"title": "Nowy rozkład", "text": "<p>Od lipca</p>", "title_en": "New timetable",
                            "sort_order": 2});
    let id = save(&app, "/app/banner/save", both).await["id"].clone();
    save(&app, "/app/banner/save", title_only).await;
    let now = super::support::warsaw_now(&app).await;
    let list = format!("page=1&per-page=999&sort=sort_order&filter[valid_from][lt]={now}&filter[valid_to][gt]={now}");

    let english = read(&app, &format!("/app/banner/all?{list}&lang=en")).await;
    let polish = read(&app, &format!("/app/banner/all?{list}")).await;

    let texts = |page: &Value| -> Vec<(String, String)> {
        let models = page["models"].as_array().unwrap();
        models.iter().map(|b| (b["title"].as_str().unwrap().into(), b["text"].as_str().unwrap().into())).collect()
    };
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter().map(|(t, x)| (t.to_string(), x.to_string())).collect()
    };
    assert_eq!(texts(&english), pairs(&[("Buy a ticket", "<p>No queuing</p>"), ("New timetable", "<p>Od lipca</p>")]));
    assert_eq!(texts(&polish), pairs(&[("Kup bilet", "<p>Bez kolejki</p>"), ("Nowy rozkład", "<p>Od lipca</p>")]));
    assert_eq!(read(&app, &format!("/app/banner/all?{list}&lang=pl")).await, polish);
    let one = read(&app, &format!("/app/banner/one?id={id}&lang=en")).await;
    assert_eq!((&one["title"], &one["text"]), (&json!("Buy a ticket"), &json!("<p>No queuing</p>")));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_update_keeps_the_english_texts_it_does_not_mention(pool: PgPool) {
    let app = spawn_app(pool).await;
    let created = save(&app, "/app/banner/save", json!({"title": "Kup bilet", "title_en": "Buy a ticket"})).await;

    let updated = ok(app
        .put(&format!("/app/banner/save?id={}", created["id"]), &json!({"title": "Kup bilet!"}), Some(&app.admin_token))
        .await)
    .await;

    assert_eq!(updated["data"]["title_en"], "Buy a ticket");
}

fn items(home: &str, terms: &str) -> Value {
    json!([
        {"name": home, "link": "/", "target": "nuxt-link"},
        {"name": terms, "link": "/regulamin", "target": "nuxt-link"}
    ])
}

fn menu_items(menu: &Value) -> Value {
    serde_json::from_str(menu["content"].as_str().expect("content is JSON text")).unwrap()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn menus_answer_the_english_items_as_a_whole_or_the_polish_ones(pool: PgPool) {
    let app = spawn_app(pool).await;
    let admin = save(
        &app,
        "/app/menu/save",
        json!({"name": "Menu górne", "type": "top", "content": items("Strona główna", "Regulamin"),
               "name_en": "Top menu", "content_en": items("Home", "Terms and conditions").to_string()}),
    )
    .await;
    save(&app, "/app/menu/save", json!({"name": "Stopka", "type": "bottom1", "content": items("Start", "Regulamin")}))
        .await;

    let top_en = read(&app, "/app/menu/get-menu?type=top&lang=en").await;
    let top_pl = read(&app, "/app/menu/get-menu?type=top").await;
    let bottom_en = read(&app, "/app/menu/get-menu?type=bottom1&lang=en").await;

    let admin_en: Value = serde_json::from_str(admin["content_en"].as_str().unwrap()).unwrap();
    assert_eq!(admin_en, items("Home", "Terms and conditions"), "the admin reads the English items back");
    assert_eq!((&top_en["name"], menu_items(&top_en)), (&json!("Top menu"), items("Home", "Terms and conditions")));
    assert_eq!(keys(&top_en), ["content", "name", "type"], "the public shape is unchanged");
    assert_eq!((&top_pl["name"], menu_items(&top_pl)), (&json!("Menu górne"), items("Strona główna", "Regulamin")));
    assert_eq!((&bottom_en["name"], menu_items(&bottom_en)), (&json!("Stopka"), items("Start", "Regulamin")));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn english_menu_items_are_checked_and_none_means_not_translated(pool: PgPool) {
    let app = spawn_app(pool).await;
    let bad = json!({"name": "Menu", "type": "top", "content": "[]", "name_en": "<i>Menu</i>",
                     "content_en": [{"name": "Evil", "link": "javascript:alert(1)", "target": "nuxt-link"}]});

    assert_fields(app.post("/app/menu/save", &bad, Some(&app.admin_token)).await, &["name_en", "content_en[0].link"])
        .await;
    let empty = save(&app, "/app/menu/save", json!({"name": "Menu", "type": "top", "content_en": "[]"})).await;
    assert_eq!(empty["content_en"], "", "no English items is no English version");
}

fn regulamin() -> Value {
    json!({
        "title": "Regulamin", "slug": "regulamin", "keywords": "regulamin, bilety",
        "content": "<h2>§ 1</h2><p>Postanowienia ogólne.</p>", "side_content": "<p>Kontakt</p>",
        "title_en": "Terms and conditions", "keywords_en": "",
        "content_en": "<h2>§ 1</h2><p>General provisions.</p><script>alert(1)</script>", "side_content_en": ""
    })
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_content_page_answers_in_english_falling_back_to_polish_field_by_field(pool: PgPool) {
    let app = spawn_app(pool).await;
    let admin = save(&app, "/app/content/save", regulamin()).await;

    let english = read(&app, "/app/content/get-content?id=regulamin&lang=en").await;
    let polish = read(&app, "/app/content/get-content?id=regulamin").await;

    assert_eq!(admin["content_en"], "<h2>§ 1</h2><p>General provisions.</p>", "sanitised when saved");
    assert_eq!(english["title"], "Terms and conditions");
    assert_eq!(english["content"], "<h2>§ 1</h2><p>General provisions.</p>");
    assert_eq!(
        (&english["keywords"], &english["side_content"]),
        (&json!("regulamin, bilety"), &json!("<p>Kontakt</p>"))
    );
    assert_eq!((&polish["title"], &polish["content"]), (&admin["title"], &admin["content"]));
    let public = ["content", "created_at", "id", "keywords", "side_content", "slug", "template", "title", "updated_at"];
    assert_eq!(keys(&english), public, "no _en copies in what a visitor downloads");
    assert_eq!(read(&app, &format!("/app/content/one?id={}", admin["id"])).await, admin, "the admin sees both");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn footers_answer_in_english_falling_back_to_polish_each_on_its_own(pool: PgPool) {
    let app = spawn_app(pool).await;
    let settings = json!({"name": "Nisko Bus", "page_footer_1": "<p>Biuro</p>", "page_footer_2": "<p>Kasa</p>",
                          "page_footer_1_en": "<p>Office</p><img src=x onerror=alert(1)>"});
    let saved = ok(app.post("/company/company/save-settings", &settings, Some(&app.admin_token)).await).await;

    let english = read(&app, "/company/company/get-public-settings?lang=en").await;
    let polish = read(&app, "/company/company/get-public-settings").await;

    let s = &saved["data"]["settings"];
    assert_eq!((&s["page_footer_1_en"], &s["page_footer_2_en"]), (&json!("<p>Office</p><img src=\"x\">"), &json!("")));
    assert_eq!(
        english,
        json!({"settings": {"page_footer_1": "<p>Office</p><img src=\"x\">", "page_footer_2": "<p>Kasa</p>"}})
    );
    assert_eq!(polish, json!({"settings": {"page_footer_1": "<p>Biuro</p>", "page_footer_2": "<p>Kasa</p>"}}));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_language_other_than_pl_or_en_is_refused_on_every_public_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    let banner = save(&app, "/app/banner/save", json!({"title": "Kup bilet"})).await;
    save(&app, "/app/menu/save", json!({"name": "Menu", "type": "top"})).await;
    save(&app, "/app/content/save", regulamin()).await;

    for path in [
        "/app/banner/all?page=1&per-page=999&sort=-created_at&lang=de".to_string(),
        format!("/app/banner/one?id={}&lang=de", banner["id"]),
        "/app/menu/get-menu?type=top&lang=de".to_string(),
        "/app/content/get-content?id=regulamin&lang=de".to_string(),
        "/company/company/get-public-settings?lang=de".to_string(),
        "/company/company/get-public-settings?lang=EN".to_string(),
        "/company/company/get-public-settings?lang=".to_string(),
    ] {
        let body = assert_fields(app.get(&path, None).await, &["lang"]).await;
        assert_eq!(body["status"], 422, "{path}");
    }
}
