//! A process killed in the middle of a batch of coupons (one issued, two to go): the next
//! process finishes the batch from its record, and the admin's retry with the batch's
//! `Idempotency-Key` answers the same three coupons, none issued twice.

use std::cell::RefCell;

use serde_json::{json, Value};

use super::crash::start;
use super::*;
use crate::helpers::{free_port, wait_ready};

const PATH: &str = "/api/order/coupon/batch";

/// `(coupon streams, CouponIssued events, batches not done)`.
async fn stored(pool: &PgPool) -> (i64, i64, i64) {
    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect(sql) };
    (
        count("select count(distinct stream_id) from es_events where stream_id like 'coupon-%'").await,
        count("select count(*) from es_events where event_type = 'CouponIssued'").await,
        count("select count(*) from coupon_batches where completed_at is null").await,
    )
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_coupon_batch_killed_half_way_is_finished_once(pool: PgPool) {
    let url = crate::helpers::database_url(&pool);
    let port = free_port();
    let client = reqwest::Client::new();
    let (_, admin) = user(&pool, "admin@example.test", "SuperAdmin").await;
    let batch = json!({ "count": 3, "value": 2500 });
    let send = || {
        client
            .post(format!("http://127.0.0.1:{port}{PATH}"))
            .bearer_auth(&admin)
            .header("Idempotency-Key", "batch-1")
            .json(&batch)
            .send()
    };

    let mut doomed = start(&url, port, Some("coupon-batch-after-first"));
    wait_ready(&client, port).await;
    assert!(send().await.is_err(), "the process died mid-request");
    assert!(!doomed.wait().await.expect("exit status").success(), "aborted");
    assert_eq!(stored(&pool).await, (1, 1, 1), "one coupon of three, the batch open");
    let codes: Vec<String> =
        sqlx::query_scalar("select codes from coupon_batches").fetch_one(&pool).await.expect("the batch's codes");

    let _restarted = start(&url, port, None);
    wait_ready(&client, port).await;
    eventually("the batch to be finished", || async { stored(&pool).await == (3, 3, 0) }).await;
    let answer = RefCell::new(Value::Null);
    eventually("the retry to be answered", || async {
        let (status, body) = body(send().await.expect("answered")).await;
        assert!(status == 201 || status == 409, "{status} {body}");
        *answer.borrow_mut() = body;
        status == 201
    })
    .await;
    let answer = answer.into_inner();
    let answered: Vec<&str> =
        answer["data"]["coupons"].as_array().expect("coupons").iter().filter_map(|c| c["code"].as_str()).collect();
    assert_eq!(answered, codes, "the batch's own coupons: {answer}");
    assert_eq!(stored(&pool).await, (3, 3, 0), "none issued twice");
}
