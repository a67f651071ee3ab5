//! A process killed between the steps of a complaint's filing (in the transaction that
//! takes the number and stores the files; after it; after the append): on restart the
//! filing is finished or was never made, and the customer's retry with the form's
//! `Idempotency-Key` answers one complaint, with one number and its one attachment.

use std::cell::RefCell;

use serde_json::Value;

use super::complaints::{an_order, complaint, picture};
use super::crash::start;
use super::*;
use crate::helpers::{free_port, wait_ready};

const GUEST: &str = "jan.kowalski@example.test";
const PATH: &str = "/api/complaint/complaint/save";

/// What is stored of the complaints: `(filings in progress, attachments, complaint streams,
/// ComplaintFiled events)`.
async fn stored(pool: &PgPool) -> (i64, i64, i64, i64) {
    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect(sql) };
    (
        count("select count(*) from complaint_filings").await,
        count("select count(*) from complaint_attachments").await,
        count("select count(distinct stream_id) from es_events where stream_id like 'complaint-%'").await,
        count("select count(*) from es_events where event_type = 'ComplaintFiled'").await,
    )
}

/// The retry of the filing with `key`, once the dead request's claim on the key has lapsed.
async fn retry(app: &BookingApp, filing: &Value, key: &str) -> Value {
    let answer = RefCell::new(Value::Null);
    eventually("the retry to be answered", || async {
        let (status, body) = body(app.post(PATH, filing, None, Some(key)).await).await;
        assert!(status == 201 || status == 409, "{status} {body}");
        *answer.borrow_mut() = body;
        status == 201
    })
    .await;
    answer.into_inner()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_complaint_filing_killed_between_its_steps_is_filed_once(pool: PgPool) {
    let url = crate::helpers::database_url(&pool);
    let port = free_port();
    let client = reqwest::Client::new();
    let app = BookingApp {
        address: format!("http://127.0.0.1:{port}"),
        client: client.clone(),
        pool: pool.clone(),
        store: privacy::SealingStore::over_postgres(pool.clone()),
        admin_token: String::new(),
        user_token: String::new(),
        user_id: Uuid::nil(),
        data_dir: std::env::temp_dir(),
        _running: crate::helpers::Running::elsewhere(),
    };
    let mut order_number = None;
    // (failpoint, filings, attachments, streams) left by the process that died there.
    let steps =
        [("complaint-in-record", 0, 0, 0), ("complaint-after-record", 1, 1, 0), ("complaint-after-append", 1, 1, 1)];
    for (filed_before, (failpoint, filings, files, streams)) in (0_i64..).zip(steps) {
        let mut doomed = start(&url, port, Some(failpoint));
        wait_ready(&client, port).await;
        if order_number.is_none() {
            order_number = Some(an_order(&app, None).await.1);
        }
        let filing = complaint(order_number.as_deref().unwrap_or_default(), GUEST, &[("zdjęcie.png", picture())]);
        let key = format!("form-{failpoint}");
        let answer = client.post(app.url(PATH)).header("Idempotency-Key", &key).json(&filing).send().await;
        assert!(answer.is_err(), "the process died mid-request at {failpoint}");
        assert!(!doomed.wait().await.expect("exit status").success(), "aborted at {failpoint}");
        let left = stored(&pool).await;
        assert_eq!(
            left,
            (filings, filed_before + files, filed_before + streams, filed_before + streams),
            "{failpoint}"
        );
        let kept: Option<String> = sqlx::query_scalar("select filed->>'number' from complaint_filings")
            .fetch_optional(&pool)
            .await
            .expect("the kept filing");

        // The next process finishes what was recorded; the customer's retry answers it.
        let mut restarted = start(&url, port, None);
        wait_ready(&client, port).await;
        eventually("the filing to be finished", || async { stored(&pool).await.0 == 0 }).await;
        let again = retry(&app, &filing, &key).await;
        if let Some(number) = kept {
            assert_eq!(again["data"]["number"], number.as_str(), "the number taken before the crash: {again}");
        }
        assert_eq!(stored(&pool).await, (0, filed_before + 1, filed_before + 1, filed_before + 1), "{failpoint}");
        let twice = retry(&app, &filing, &key).await;
        assert_eq!(twice["data"], again["data"], "{failpoint}");
        restarted.kill().await.expect("stopped");
        let _ = restarted.wait().await;
    }
}
