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
    lag_after_each_position,
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

/// Callers of one keyring whose new keys share a statement: a subject two of them ask for
/// at once gets one key (both can open what the other sealed), an erased one none, and
/// every other its own.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn keys_made_together_in_one_statement_keep_each_subjects_rules(pool: PgPool) {
    use privacy::policy::Erased;
    use privacy::seal::{seal, Sealed};
    use privacy::{Actor, Subject};

    let ring = Keyring::new(pool.clone());
    let shared = Subject::order_customer(uuid::Uuid::new_v4());
    let erased = Subject::order_buyer(uuid::Uuid::new_v4());
    assert!(Keyring::new(pool.clone()).erase(&erased, Actor::Admin, None, "test").await.unwrap());
    let own: Vec<Subject> = (0..30).map(|_| Subject::order_customer(uuid::Uuid::new_v4())).collect();
    let asks: Vec<Vec<Subject>> = own.iter().map(|s| vec![s.clone(), shared.clone(), erased.clone()]).collect();

    let answers = futures::future::join_all(asks.iter().map(|subjects| ring.to_seal(subjects))).await;

    let answers: Vec<_> = answers.into_iter().map(Result::unwrap).collect();
    let first = answers[0][&shared].clone().expect("the shared subject has a key");
    let sealed = seal(&first, &shared, Erased::Text, "Jan").unwrap();
    for (keys, subject) in answers.iter().zip(&own) {
        assert!(keys[subject].is_some(), "its own subject has a key");
        assert!(keys[&erased].is_none(), "an erased subject has none");
        let key = keys[&shared].as_ref().expect("the shared subject has a key");
        assert_eq!(Sealed::parse(&sealed).unwrap().open(key).unwrap(), "Jan", "one key for the shared subject");
    }
    let (count,): (i64,) = sqlx::query_as("select count(*) from privacy_keys").fetch_one(&pool).await.unwrap();
    assert_eq!(count, 31, "30 own keys and one shared");
}

/// Events stored in plain text before sealing are sealed in place, once; a subject erased
/// before the migration is written erased; the events read as they were through the store.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn events_stored_in_plain_text_are_sealed_in_place_once(pool: PgPool) {
    use event_store::{Direction, ExpectedVersion, ReadFrom, StreamName};
    use privacy::conformance::{order_placed, PERSONAL};
    use privacy::migrate::seal_stored;
    use privacy::Subject;

    let plain = PgEventStore::new(pool.clone());
    let (kept, erased) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
    for order_id in [kept, erased] {
        let stream = StreamName::parse(format!("order-{order_id}")).unwrap();
        let mut event = order_placed(order_id);
        let mut data: serde_json::Value = serde_json::from_str(event.data.get()).unwrap();
        data["order_id"] = serde_json::json!(order_id);
        event.data = serde_json::value::to_raw_value(&data).unwrap();
        let paid = event_store::NewEvent::json(
            uuid::Uuid::new_v4(),
            "OrderPaid",
            &serde_json::json!({"order_id": order_id}),
            Default::default(),
        )
        .unwrap();
        plain.append(&stream, ExpectedVersion::NoStream, vec![event, paid]).await.unwrap();
    }
    let keys = Keyring::new(pool.clone());
    assert!(keys
        .erase(&Subject::order_customer(erased), privacy::Actor::Person, None, "before the migration")
        .await
        .unwrap());

    // Both types are the policy's; the payments name no passenger here, so they stay as they are.
    let first = seal_stored(&pool, &keys, 0, 1).await.unwrap();
    assert_eq!((first.read, first.sealed), (4, 2), "{first:?}");
    let stored: Vec<(String,)> = sqlx::query_as("select data::text from es_events").fetch_all(&pool).await.unwrap();
    for value in PERSONAL {
        assert!(stored.iter().all(|(data,)| !data.contains(value)), "{value} still in es_events");
    }
    let again = seal_stored(&pool, &keys, 0, 100).await.unwrap();
    assert_eq!((again.read, again.sealed), (4, 0), "once: {again:?}");

    let sealing = SealingStore::new(std::sync::Arc::new(plain), std::sync::Arc::new(keys));
    let read = |order_id: uuid::Uuid| {
        let sealing = &sealing;
        async move {
            let stream = StreamName::parse(format!("order-{order_id}")).unwrap();
            let events = sealing.read_stream(&stream, ReadFrom::Start, Direction::Forwards, 10).await.unwrap();
            serde_json::from_str::<serde_json::Value>(&events[0].data).unwrap()
        }
    };
    assert_eq!(read(kept).await["customer"]["last_name"], "Kowalska");
    assert_eq!(read(erased).await["customer"]["last_name"], "[usunięto]");
    assert_eq!(read(erased).await["invoice"]["city"], "Kraków", "the buyer was not erased");
}
