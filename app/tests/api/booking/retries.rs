//! A retried request with the same `Idempotency-Key` changes things once: a complaint is
//! filed once (one number, one set of attachments) and a batch of coupons is issued once,
//! the retry answering what the first request answered.

use serde_json::{json, Value};

use super::complaints::{an_order, complaint, picture};
use super::*;

const GUEST: &str = "jan.kowalski@example.test";

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_complaint_retried_with_its_key_is_filed_once(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, number) = an_order(&app, None).await;
    let filing = complaint(&number, GUEST, &[("zdjęcie.png", picture())]);
    let path = "/api/complaint/complaint/save";

    let (status, first) = body(app.post(path, &filing, None, Some("complaint-form-1")).await).await;
    assert_eq!(status, 201, "{first}");
    // The answer was lost on the way: the form sends the same filing with the same key.
    let (status, again) = body(app.post(path, &filing, None, Some("complaint-form-1")).await).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["data"], first["data"], "the retry answers the first filing");

    let streams: i64 =
        sqlx::query_scalar("select count(distinct stream_id) from es_events where stream_id like 'complaint-%'")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    let files: i64 =
        sqlx::query_scalar("select count(*) from complaint_attachments").fetch_one(&app.pool).await.expect("count");
    assert_eq!((streams, files), (1, 1), "one complaint, one picture");

    // Another form fill (another key) is another complaint.
    let (status, other) = body(app.post(path, &filing, None, Some("complaint-form-2")).await).await;
    assert_eq!(status, 201, "{other}");
    assert_ne!(other["data"]["number"], first["data"]["number"]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_coupon_batch_is_one_request_and_its_retry_issues_nothing_new(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = Some(app.admin_token.as_str());
    let batch = json!({ "count": 5, "value": 1500, "expires_at": null });
    let path = "/api/order/coupon/batch";

    let (status, first) = body(app.post(path, &batch, admin, Some("batch-1")).await).await;
    assert_eq!(status, 201, "{first}");
    let codes = |answer: &Value| -> Vec<String> {
        answer["data"]["coupons"]
            .as_array()
            .map(|c| c.iter().filter_map(|c| c["code"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    };
    assert_eq!(codes(&first).len(), 5, "{first}");
    assert!(first["data"]["coupons"].as_array().expect("coupons").iter().all(|c| c["value"] == 1500), "{first}");

    let (status, again) = body(app.post(path, &batch, admin, Some("batch-1")).await).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(codes(&again), codes(&first), "the retry answers the same coupons");
    let issued: i64 =
        sqlx::query_scalar("select count(distinct stream_id) from es_events where stream_id like 'coupon-%'")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    assert_eq!(issued, 5, "five coupons, issued once");

    // Over the limit, or without a count: refused at the field, nothing issued.
    let (status, refused) = body(app.post(path, &json!({ "count": 101, "value": 1500 }), admin, None).await).await;
    assert_eq!((status, refused["errors"][0]["field"].as_str()), (422, Some("count")), "{refused}");
    let (status, _) = body(app.post(path, &batch, None, None).await).await;
    assert!(status == 401 || status == 403, "admins only: {status}");
}
