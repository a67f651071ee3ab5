//! Health, readiness, request ids, metrics, projection status, the API's 404 and the
//! web app's client-side routes.

use std::time::Duration;

use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{append_streams, build_app, eventually, spawn_app};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn health_and_readiness_answer(pool: PgPool) {
    let app = spawn_app(pool).await;
    let health = app.get("/health").await;
    assert_eq!(health.status(), 200);
    assert_eq!(health.json::<Value>().await.unwrap()["status"], "ok");

    let ready = app.get("/ready").await;
    assert_eq!(ready.status(), 200);
    let body: Value = ready.json().await.unwrap();
    assert_eq!((body["status"].as_str(), body["database"].as_str()), (Some("ready"), Some("ok")));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn every_response_carries_a_request_id(pool: PgPool) {
    let app = spawn_app(pool).await;
    let made = app.get("/health").await;
    let id = made.headers().get("x-request-id").expect("an id is made").to_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID: {id}");

    let given = app.client.get(format!("{}/health", app.address)).header("x-request-id", "abc-123").send().await;
    assert_eq!(given.unwrap().headers()["x-request-id"], "abc-123", "a caller's id is kept");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn unknown_api_paths_answer_json_404(pool: PgPool) {
    let app = spawn_app(pool).await;
    let response = app.get("/api/no/such/endpoint").await;
    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], 404);
    assert_eq!(body["name"], "Not Found");
    assert!(body["message"].as_str().unwrap().contains("/api/no/such/endpoint"));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn client_routes_get_the_web_app(pool: PgPool) {
    let app = spawn_app(pool).await;
    for path in ["/", "/order/ticket", "/en/user/stamps"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.text().await.unwrap().contains("<title>Nisko Bus</title>"), "{path}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_path_that_is_no_page_answers_404_with_the_web_app(pool: PgPool) {
    sqlx::query("insert into contents (title, slug) values ('Regulamin', 'regulamin')")
        .execute(&pool)
        .await
        .expect("a content page");
    let app = spawn_app(pool).await;
    let pages =
        ["/regulamin", "/en/regulamin", "/order/success/abc", "/user/your-tickets/x", "/admin/route/route/3", "/en"];
    for path in pages {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
    for path in ["/no-such-page", "/en/no-such-page", "/order/success/a/b", "/old/other", "/search/x"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(
            response.text().await.unwrap().contains("<title>Nisko Bus</title>"),
            "the app shows its not-found page"
        );
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn pages_and_api_answers_carry_security_headers(pool: PgPool) {
    let app = spawn_app(pool).await;
    for path in ["/", "/no-such-page", "/assets/index-Ab12.js", "/api/app/banner/all", "/api/no/such/endpoint"] {
        let response = app.get(path).await;
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("frame-ancestors 'none'"), "{path}: {policy}");
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
    }
    let page = app.get("/").await;
    let policy = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
    // The build's inline script, `boot()`, by its hash; nothing else inline.
    assert!(policy.contains("script-src 'self' 'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY=';"), "{policy}");
    let api = app.get("/api/app/banner/all").await;
    assert_eq!(api.headers()["content-security-policy"], "default-src 'none'; frame-ancestors 'none'");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn static_files_are_sent_precompressed_and_cached_by_kind(pool: PgPool) {
    let app = spawn_app(pool).await;
    let get = |path: &'static str, encoding: &'static str| {
        app.client.get(format!("{}{path}", app.address)).header("accept-encoding", encoding).send()
    };

    let br = get("/assets/index-Ab12.js", "gzip, br").await.unwrap();
    assert_eq!(br.status(), 200);
    assert_eq!(br.headers()["content-encoding"], "br");
    assert_eq!(br.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(br.text().await.unwrap(), "brotli bytes", "the precompressed copy, not compressed again");

    let plain = get("/assets/index-Ab12.js", "identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), "console.log('plain');");

    let missing = get("/assets/index-Gone.js", "br").await.unwrap();
    assert_eq!(missing.status(), 404, "a stale chunk is missing, not the app's page");

    let page = get("/order/ticket", "identity").await.unwrap();
    assert_eq!(page.headers()["cache-control"], "no-cache", "pages are revalidated");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn api_answers_are_compressed_when_the_client_accepts_it(pool: PgPool) {
    let app = spawn_app(pool).await;
    let url = format!("{}/api/openapi.json", app.address);
    let gzip = app.client.get(&url).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gzip.status(), 200);
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let bytes = gzip.bytes().await.unwrap();
    let mut json = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut json).unwrap();
    assert!(json.len() > bytes.len(), "smaller on the wire: {} < {}", bytes.len(), json.len());
    assert!(serde_json::from_str::<Value>(&json).unwrap()["paths"].is_object());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn projections_follow_the_store_and_report_their_lag(pool: PgPool) {
    let app = spawn_app(pool.clone()).await;
    let store = privacy::SealingStore::over_postgres(pool.clone());
    append_streams(&store, 25).await;

    eventually("the streams projection to catch up", || async {
        let body: Value = app.get("/status/projections").await.json().await.unwrap();
        let streams =
            body["data"]["projections"].as_array().unwrap().iter().find(|p| p["status"]["name"] == "streams").cloned();
        streams.is_some_and(|p| p["status"]["events_processed"] == 25 && p["status"]["events_behind"] == 0)
    })
    .await;
    let rows: i64 = sqlx::query_scalar("select count(*) from rm_streams").fetch_one(&pool).await.unwrap();
    assert_eq!(rows, 25);

    let metrics = app.get("/metrics").await;
    assert_eq!(metrics.status(), 200);
    let text = metrics.text().await.unwrap();
    assert!(text.contains("coach_projection_events_behind{projection=\"streams\"} 0"), "{text}");
    assert!(text.contains("coach_projection_events_processed{projection=\"streams\"} 25"), "{text}");
    // What the runner spent on it: at least one batch, some time.
    let counter = |name: &str| -> f64 {
        let prefix = format!("{name}{{projection=\"streams\"}} ");
        text.lines().find_map(|l| l.strip_prefix(prefix.as_str())).and_then(|v| v.parse().ok()).unwrap_or(0.0)
    };
    assert!(counter("coach_projection_batches_total") >= 1.0, "{text}");
    assert!(counter("coach_projection_apply_seconds_total") > 0.0, "{text}");
}

/// Projection runners leading on this test's database: one advisory lock each.
async fn leaders(pool: &PgPool) -> i64 {
    sqlx::query_scalar(
        "select count(*) from pg_locks where locktype = 'advisory' and granted \
         and database = (select oid from pg_database where datname = current_database())",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The read models run on a thread of their own: stopping the app must stop them too, and
/// every runner must let go of its leadership.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn stopping_the_app_stops_every_projection(pool: PgPool) {
    let app = build_app(pool.clone()).await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    // The read models, and the processes beside them: the booking reactions, the disruptions
    // process and the complaint e-mails.
    let runners = app::ops::registry().len() as i64 + 3;
    eventually("every projection to have a leader", || async { leaders(&pool).await == runners }).await;

    stop.send(()).expect("the app is running");
    let result = tokio::time::timeout(Duration::from_secs(10), running).await.expect("the app stops within 10 s");
    result.expect("the app did not panic").expect("the app stopped cleanly");
    eventually("every leadership to be let go", || async { leaders(&pool).await == 0 }).await;
}
