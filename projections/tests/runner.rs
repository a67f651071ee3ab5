//! The runner against a real PostgreSQL store, each test in a fresh database.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, RecordedEvent, StreamName};
use projections::streams::StreamsProjection;
use projections::{status, Projection, ProjectionError, RebuildOutcome, Runner, RunnerConfig};
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Records every event it is given, without any idempotency guard, so a duplicate or a
/// lost event shows up in the counts. Can be told to stall inside a batch.
struct Recorder {
    stall_on_batch: Option<usize>,
    batches: AtomicUsize,
    stalled: AtomicBool,
}

impl Recorder {
    fn new(stall_on_batch: Option<usize>) -> Self {
        Recorder { stall_on_batch, batches: AtomicUsize::new(0), stalled: AtomicBool::new(false) }
    }
}

#[async_trait]
impl Projection for Recorder {
    fn name(&self) -> &'static str {
        "recorder"
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let ids: Vec<Uuid> = events.iter().map(|e| e.id).collect();
        sqlx::query("insert into recorded (event_id) select unnest($1::uuid[])").bind(&ids).execute(&mut *conn).await?;
        let batch = self.batches.fetch_add(1, Ordering::SeqCst);
        if Some(batch) == self.stall_on_batch {
            // Rows are written but not committed: the test kills the runner here.
            self.stalled.store(true, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_secs(3600)).await;
        }
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate recorded").execute(&mut *conn).await?;
        Ok(())
    }
}

async fn setup(pool: &PgPool) -> Arc<dyn EventStore> {
    sqlx::query("create table recorded (event_id uuid not null)").execute(pool).await.unwrap();
    Arc::new(PgEventStore::new(pool.clone()))
}

fn config() -> RunnerConfig {
    RunnerConfig {
        batch_size: 10,
        max_backoff: Duration::from_millis(200),
        verify_interval: Duration::from_millis(100),
        // As the projector runs them: batches commit without waiting for the flush.
        durable: false,
    }
}

async fn append(store: &dyn EventStore, streams: usize, per_stream: usize) {
    for s in 0..streams {
        let name = StreamName::parse(format!("order-{}", Uuid::new_v4())).unwrap();
        let events = (0..per_stream)
            .map(|n| NewEvent::json(Uuid::new_v4(), "Tested", &serde_json::json!({ "n": n }), Metadata::default()))
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        store.append(&name, ExpectedVersion::NoStream, events).await.unwrap_or_else(|e| panic!("stream {s}: {e}"));
    }
}

/// (rows, distinct ids, checkpoint's events_processed)
async fn counts(pool: &PgPool) -> (i64, i64, i64) {
    sqlx::query_as(
        "select (select count(*) from recorded), (select count(distinct event_id) from recorded), \
         coalesce((select events_processed from projection_checkpoints where name = 'recorder'), 0)",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn wait_for_rows(pool: &PgPool, want: i64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (rows, _, _) = counts(pool).await;
        if rows >= want {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "only {rows} of {want} rows projected");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_restart_resumes_where_it_stopped(pool: PgPool) {
    let store = setup(&pool).await;
    append(store.as_ref(), 10, 7).await;
    let runner = Runner::new(store.clone(), pool.clone(), config());

    let stop = CancellationToken::new();
    let task = tokio::spawn({
        let (runner, stop) = (runner.clone(), stop.clone());
        async move { runner.run(vec![Arc::new(Recorder::new(None))], stop).await }
    });
    wait_for_rows(&pool, 70).await;
    stop.cancel();
    task.await.unwrap();

    append(store.as_ref(), 5, 3).await;
    let stop = CancellationToken::new();
    let task = tokio::spawn({
        let (runner, stop) = (runner.clone(), stop.clone());
        async move { runner.run(vec![Arc::new(Recorder::new(None))], stop).await }
    });
    wait_for_rows(&pool, 85).await;
    tokio::time::sleep(Duration::from_millis(300)).await; // anything extra would show now
    stop.cancel();
    task.await.unwrap();
    assert_eq!(counts(&pool).await, (85, 85, 85), "every event once, checkpoint agrees");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_kill_inside_a_batch_leaves_rows_and_checkpoint_consistent(pool: PgPool) {
    let store = setup(&pool).await;
    append(store.as_ref(), 10, 5).await; // 50 events, batches of at most 10
    let runner = Runner::new(store.clone(), pool.clone(), config());

    let recorder = Arc::new(Recorder::new(Some(2)));
    let task = tokio::spawn({
        let (runner, recorder) = (runner.clone(), recorder.clone());
        async move { runner.run(vec![recorder], CancellationToken::new()).await }
    });
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !recorder.stalled.load(Ordering::SeqCst) {
        assert!(tokio::time::Instant::now() < deadline, "never reached the third batch");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    task.abort(); // the process dies in the middle of the third batch
    let _ = task.await;

    let (rows, distinct, processed) = counts(&pool).await;
    assert_eq!(rows, processed, "the table holds exactly the checkpointed events");
    assert_eq!(rows, distinct);
    assert!(rows > 0 && rows < 50, "two batches committed, the third did not: {rows}");

    runner.catch_up(&Recorder::new(None)).await.unwrap();
    assert_eq!(counts(&pool).await, (50, 50, 50), "after the restart every event exactly once");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn rebuild_replays_to_the_same_table(pool: PgPool) {
    let store: Arc<dyn EventStore> = Arc::new(PgEventStore::new(pool.clone()));
    append(store.as_ref(), 12, 4).await;
    let runner = Runner::new(store.clone(), pool.clone(), config());
    assert_eq!(runner.catch_up(&StreamsProjection).await.unwrap(), 48);

    let table = || async {
        sqlx::query_as::<_, (String, String, i64, i64, String)>(
            "select stream_id, category, last_version, event_count, last_event_type from rm_streams order by stream_id",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    let before = table().await;
    assert_eq!(before.len(), 12);
    assert!(before.iter().all(|r| r.1 == "order" && r.2 == 3 && r.3 == 4));

    assert_eq!(runner.rebuild(&StreamsProjection).await.unwrap(), RebuildOutcome::Rebuilt { events: 48 });
    assert_eq!(table().await, before, "a rebuilt read model comes back identical");

    // Replaying the same events on top (at-least-once) changes nothing either.
    let all = store.read_all(None, 1000).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    StreamsProjection.apply(&mut tx, &all).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(table().await, before);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn only_one_runner_leads_a_projection(pool: PgPool) {
    let store = setup(&pool).await;
    append(store.as_ref(), 20, 5).await;
    let stop = CancellationToken::new();
    let tasks: Vec<_> = (0..3)
        .map(|_| {
            let runner = Runner::new(store.clone(), pool.clone(), config());
            let stop = stop.clone();
            tokio::spawn(async move { runner.run(vec![Arc::new(Recorder::new(None))], stop).await })
        })
        .collect();
    wait_for_rows(&pool, 100).await;
    append(store.as_ref(), 5, 2).await;
    wait_for_rows(&pool, 110).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.cancel();
    for t in tasks {
        t.await.unwrap();
    }
    assert_eq!(counts(&pool).await, (110, 110, 110));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn status_reports_lag_until_caught_up(pool: PgPool) {
    let store = setup(&pool).await;
    let runner = Runner::new(store.clone(), pool.clone(), config());
    runner.catch_up(&Recorder::new(None)).await.unwrap(); // registers the projection
    append(store.as_ref(), 3, 4).await;

    let behind = status(&pool, store.as_ref()).await.unwrap();
    let recorder = behind.iter().find(|s| s.name == "recorder").unwrap();
    assert_eq!(recorder.events_behind, 12);
    assert!(recorder.seconds_behind > 0.0);

    runner.catch_up(&Recorder::new(None)).await.unwrap();
    let caught_up = status(&pool, store.as_ref()).await.unwrap();
    let recorder = caught_up.iter().find(|s| s.name == "recorder").unwrap();
    assert_eq!((recorder.events_behind, recorder.seconds_behind, recorder.events_processed), (0, 0.0, 12));
}

/// A handler that fails is retried from its checkpoint, and nothing of the failed
/// batch is kept.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_failing_batch_is_retried_from_the_checkpoint(pool: PgPool) {
    struct FailsOnce(AtomicBool);
    #[async_trait]
    impl Projection for FailsOnce {
        fn name(&self) -> &'static str {
            "recorder"
        }
        async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
            let ids: Vec<Uuid> = events.iter().map(|e| e.id).collect();
            sqlx::query("insert into recorded (event_id) select unnest($1::uuid[])")
                .bind(&ids)
                .execute(&mut *conn)
                .await?;
            if !self.0.swap(true, Ordering::SeqCst) {
                return Err(ProjectionError::Handler { projection: "recorder", reason: "boom".into() });
            }
            Ok(())
        }
        async fn reset(&self, _: &mut PgConnection) -> Result<(), ProjectionError> {
            Ok(())
        }
    }
    let store = setup(&pool).await;
    append(store.as_ref(), 4, 5).await;
    let runner = Runner::new(store.clone(), pool.clone(), config());
    let stop = CancellationToken::new();
    let task = tokio::spawn({
        let (runner, stop) = (runner.clone(), stop.clone());
        async move { runner.run(vec![Arc::new(FailsOnce(AtomicBool::new(false)))], stop).await }
    });
    wait_for_rows(&pool, 20).await;
    stop.cancel();
    task.await.unwrap();
    assert_eq!(counts(&pool).await, (20, 20, 20));
}

/// The recorder for `order-` streams only.
struct OrdersRecorder(Recorder);

#[async_trait]
impl Projection for OrdersRecorder {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn filter(&self) -> event_store::SubscriptionFilter {
        event_store::SubscriptionFilter::StreamPrefix(vec!["order-".into()])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        self.0.apply(conn, events).await
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        self.0.reset(conn).await
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_filtered_projection_checkpoints_past_the_events_it_skips(pool: PgPool) {
    let store = setup(&pool).await;
    append(store.as_ref(), 3, 2).await; // 6 wanted events
    let others = (0..40)
        .map(|n| NewEvent::json(Uuid::new_v4(), "Other", &serde_json::json!({ "n": n }), Metadata::default()))
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let course = StreamName::parse("course-1").unwrap();
    let last = store.append(&course, ExpectedVersion::NoStream, others).await.unwrap();
    let runner = Runner::new(store.clone(), pool.clone(), config());

    let stop = CancellationToken::new();
    let task = tokio::spawn({
        let (runner, stop) = (runner.clone(), stop.clone());
        async move { runner.run(vec![Arc::new(OrdersRecorder(Recorder::new(None)))], stop).await }
    });
    // The checkpoint follows the store, not only the projection's own last event.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let status = status(&pool, store.as_ref()).await.unwrap();
        let recorder = status.iter().find(|s| s.name == "recorder");
        if recorder.is_some_and(|s| s.position == Some(last.position.to_string())) {
            let recorder = recorder.unwrap();
            assert_eq!((recorder.events_behind, recorder.seconds_behind), (0, 0.0));
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the checkpoint stayed behind: {recorder:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.cancel();
    task.await.unwrap();
    // Only the wanted events were applied, each once; the checkpoint counts those.
    assert_eq!(counts(&pool).await, (6, 6, 6));

    // A restart from that checkpoint applies only what comes after it.
    append(store.as_ref(), 1, 2).await;
    let stop = CancellationToken::new();
    let task = tokio::spawn({
        let (runner, stop) = (runner.clone(), stop.clone());
        async move { runner.run(vec![Arc::new(OrdersRecorder(Recorder::new(None)))], stop).await }
    });
    wait_for_rows(&pool, 8).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.cancel();
    task.await.unwrap();
    assert_eq!(counts(&pool).await, (8, 8, 8));
}
