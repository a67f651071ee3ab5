//! Kill the projector process (SIGKILL) in the middle of a replay: the read table and
//! the checkpoint must agree at the moment of death, and a restarted projector must
//! finish the job with every event applied exactly as a clean run would.

use std::process::Stdio;
use std::time::Duration;

use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use futures::StreamExt;
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{database_url, eventually};

const STREAMS: usize = 60;
const PER_STREAM: usize = 1_000;

fn start_projector(url: &str) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"))
        .args(["serve", "--role", "projector", "--port", "0", "--database-url", url])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the coach binary starts")
}

async fn processed(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select events_processed from projection_checkpoints where name = 'streams'")
        .fetch_optional(pool)
        .await
        .unwrap()
        .unwrap_or(0)
}

/// The streams table must equal what the events up to the checkpoint say.
async fn assert_table_matches_checkpoint(pool: &PgPool) -> i64 {
    let (position, processed): (Option<String>, i64) =
        sqlx::query_as("select position, events_processed from projection_checkpoints where name = 'streams'")
            .fetch_one(pool)
            .await
            .unwrap();
    // This test knows the PostgreSQL store's encoding of a position: "tx_id/seq".
    let (tx, seq) = position.as_deref().and_then(|p| p.split_once('/')).expect("a checkpoint");
    let (tx, seq): (i64, i64) = (tx.parse().unwrap(), seq.parse().unwrap());
    let covered: i64 = sqlx::query_scalar("select count(*) from es_events where (tx_id, seq) <= ($1, $2)")
        .bind(tx)
        .bind(seq)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(covered, processed, "the checkpoint counts exactly the events it covers");
    let mismatches: i64 = sqlx::query_scalar(
        "with expected as (select stream_id, max(version) as v, count(*) as n from es_events \
                            where (tx_id, seq) <= ($1, $2) group by stream_id) \
         select count(*) from expected e full join rm_streams r using (stream_id) \
          where r.last_version is distinct from e.v or r.event_count is distinct from e.n",
    )
    .bind(tx)
    .bind(seq)
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(mismatches, 0, "the read table is exactly the events up to the checkpoint");
    processed
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_killed_projector_leaves_a_consistent_table_and_resumes(pool: PgPool) {
    let store = privacy::SealingStore::over_postgres(pool.clone());
    futures::stream::iter(0..STREAMS)
        .for_each_concurrent(8, |_| {
            let store = store.clone();
            async move {
                let stream = StreamName::parse(format!("course-{}", Uuid::new_v4())).unwrap();
                let events = (0..PER_STREAM)
                    .map(|n| {
                        NewEvent::json(Uuid::new_v4(), "Tested", &serde_json::json!({ "n": n }), Metadata::default())
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .unwrap();
                store.append(&stream, ExpectedVersion::NoStream, events).await.unwrap();
            }
        })
        .await;
    let total = (STREAMS * PER_STREAM) as i64;
    let url = database_url(&pool);

    let mut projector = start_projector(&url);
    eventually("the first batches", || async { processed(&pool).await > 0 }).await;
    projector.kill().await.expect("SIGKILL");
    let at_death = assert_table_matches_checkpoint(&pool).await;
    assert!(at_death < total, "killed in the middle of the replay ({at_death} of {total})");

    let _projector = start_projector(&url);
    eventually("the restarted projector to finish", || async { processed(&pool).await == total }).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(assert_table_matches_checkpoint(&pool).await, total);
    let rows: i64 = sqlx::query_scalar("select count(*) from rm_streams").fetch_one(&pool).await.unwrap();
    assert_eq!(rows, STREAMS as i64);
    let _ = store.head().await;
}
