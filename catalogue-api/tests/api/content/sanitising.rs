//! Script injection never comes back out: admin-written HTML is sanitised when saved,
//! and rows put straight into the tables (fixtures, old data) are sanitised when read.

use serde_json::json;
use sqlx::PgPool;

use super::support::{assert_harmless, ok};
use crate::helpers::{spawn_app, TestApp};

const EVIL_HTML: &str = r#"<p onclick="steal()">Hello<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a><a href=" JaVaScRiPt:alert(1)">again</a>"#;
const EVIL_TEXT: &str = r#"Title<script>alert(1)</script><img src=x onerror=alert(1)>"#;

async fn body(app: &TestApp, path: &str) -> String {
    ok(app.get(path, None).await).await.to_string()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn html_is_sanitised_when_saved(pool: PgPool) {
    let app = spawn_app(pool).await;
    let page = json!({"title": "Strona", "slug": "strona", "content": EVIL_HTML, "side_content": EVIL_HTML});

    let saved = ok(app.post("/app/content/save", &page, Some(&app.admin_token)).await).await;

    let expected =
        r#"<p>Hello</p><img src="x"><a rel="noopener noreferrer">click</a><a rel="noopener noreferrer">again</a>"#;
    assert_eq!(saved["data"]["content"], expected);
    assert_eq!(saved["data"]["side_content"], expected);
    let stored: String = sqlx::query_scalar("select content from contents").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, expected);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn raw_content_pages_are_sanitised_when_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id: i64 = sqlx::query_scalar(
        "insert into contents (title, slug, keywords, content, side_content) values ($1, 'zla', $1, $2, $2) returning id",
    )
    .bind(EVIL_TEXT)
    .bind(EVIL_HTML)
    .fetch_one(&app.pool)
    .await
    .unwrap();

    for path in [
        format!("/app/content/get-content?id={id}"),
        "/app/content/get-content?id=zla".to_string(),
        format!("/app/content/one?id={id}"),
        "/app/content/all".to_string(),
    ] {
        let text = body(&app, &path).await;
        assert_harmless(&text);
        assert!(text.contains("<p>Hello</p>"), "{path}: {text}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn raw_banners_are_sanitised_when_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id: i64 = sqlx::query_scalar(
        "insert into banners (title, text, link, link_target, bg_class) \
         values ($1, $2, 'javascript:alert(1)', 'javascript:x', 'x\" onerror=\"alert(1)') returning id",
    )
    .bind(EVIL_TEXT)
    .bind(EVIL_HTML)
    .fetch_one(&app.pool)
    .await
    .unwrap();

    for path in [format!("/app/banner/one?id={id}"), "/app/banner/all?page=1&per-page=999&sort=-created_at".to_string()]
    {
        let text = body(&app, &path).await;
        assert_harmless(&text);
        assert!(text.contains("<p>Hello</p>"), "{path}: {text}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn raw_menus_are_sanitised_when_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    let content = json!([
        {"name": EVIL_TEXT, "link": "javascript:alert(1)", "target": "nuxt-link",
         "children": [{"name": "ok", "link": "JAVASCRIPT:alert(1)", "target": "_blank"}]},
        {"name": "Start", "link": "/", "target": "nuxt-link"}
    ]);
    sqlx::query("insert into menus (name, type, content) values ($1, 'top', $2)")
        .bind(EVIL_TEXT)
        .bind(content.to_string())
        .execute(&app.pool)
        .await
        .unwrap();

    for path in ["/app/menu/get-menu?type=top", "/app/menu/all", "/app/menu/one?id=1"] {
        let text = body(&app, path).await;
        assert_harmless(&text);
        assert!(text.contains("Start"), "{path}: {text}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn raw_footers_are_sanitised_when_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    sqlx::query("insert into companies (name, page_footer_1, page_footer_2) values ($1, $2, $2)")
        .bind(EVIL_TEXT)
        .bind(EVIL_HTML)
        .execute(&app.pool)
        .await
        .unwrap();

    let text = body(&app, "/company/company/get-public-settings").await;

    assert_harmless(&text);
    assert!(text.contains("<p>Hello</p>"), "{text}");
    let admin = ok(app.get("/company/company/get-settings", Some(&app.admin_token)).await).await.to_string();
    assert_harmless(&admin);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn raw_discount_names_are_plain_text_when_read(pool: PgPool) {
    let app = spawn_app(pool).await;
    sqlx::query("insert into discounts (name, name_en, kind, value) values ($1, $1, 'percent', 10)")
        .bind(EVIL_TEXT)
        .execute(&app.pool)
        .await
        .unwrap();

    let text = body(&app, "/course/discount/all?filter[statutory][eq]=0").await;

    assert_harmless(&text);
    assert!(text.contains("\"name\":\"Title\""), "{text}");
}
