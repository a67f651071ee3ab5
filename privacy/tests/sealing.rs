//! The sealing store over PostgreSQL: the event store's own conformance suite through the
//! decorator, then the sealing cases (`privacy::conformance`).

use std::sync::Arc;

use event_store::conformance;
use event_store::postgres::PgEventStore;
use event_store::EventStore;
use privacy::{Keyring, SealingStore};
use sqlx::PgPool;

macro_rules! conformance_cases {
    ($($case:ident $(($($arg:expr),*))?),* $(,)?) => {$(
        #[sqlx::test(migrator = "schema::MIGRATOR")]
        async fn $case(pool: PgPool) {
            let store = SealingStore::over_postgres(pool);
            conformance::$case(&store $($(, $arg)*)?).await;
        }
    )*};
}

conformance_cases!(
    expected_version_rules,
    idempotent_appends,
    read_stream_both_ways_with_paging,
    read_all_in_global_order,
    subscription_catches_up_then_follows_live,
    subscription_resumes_from_checkpoint,
    subscription_filters_by_event_type,
    concurrent_writers_on_one_stream(16, 25),
    bad_input_gets_typed_errors,
    head_and_count,
);

fn inner(pool: &PgPool) -> Arc<dyn EventStore> {
    Arc::new(PgEventStore::new(pool.clone()))
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn personal_values_are_sealed_at_rest(pool: PgPool) {
    privacy::conformance::personal_values_are_sealed_at_rest(inner(&pool), Arc::new(Keyring::new(pool.clone()))).await;
    let stored: Vec<(String,)> = sqlx::query_as("select data::text from es_events").fetch_all(&pool).await.unwrap();
    for value in privacy::conformance::PERSONAL {
        assert!(stored.iter().all(|(data,)| !data.contains(value)), "{value} in es_events");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_erased_subject_reads_erased_everywhere(pool: PgPool) {
    privacy::conformance::an_erased_subject_reads_erased_everywhere(inner(&pool), pool.clone()).await;
    let (keys, register): (i64, i64) = sqlx::query_as(
        "select (select count(*) from privacy_keys where subject like '%:customer'),
                (select count(*) from privacy_erasures where subject like '%:customer' and reason = 'test')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((keys, register), (0, 1), "the key deleted, the erasure registered once");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_event_after_erasure_is_written_erased(pool: PgPool) {
    privacy::conformance::an_event_after_erasure_is_written_erased(inner(&pool), Arc::new(Keyring::new(pool))).await;
}

/// Many orders placed at once each get one key, made once, even when two appends of one
/// subject race.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn racing_appends_of_one_subject_share_its_key(pool: PgPool) {
    let order_id = uuid::Uuid::new_v4();
    let subject = privacy::Subject::order_customer(order_id);
    let rings: Vec<Keyring> = (0..8).map(|_| Keyring::new(pool.clone())).collect();
    let keys = futures::future::join_all(rings.iter().map(|r| r.to_seal(std::slice::from_ref(&subject)))).await;
    assert!(keys.iter().all(|k| k.as_ref().unwrap()[&subject].is_some()), "every one has the key");
    let (count,): (i64,) = sqlx::query_as("select count(*) from privacy_keys").fetch_one(&pool).await.unwrap();
    assert_eq!(count, 1);
}
