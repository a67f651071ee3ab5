//! Reading rows the store did not write itself: metadata in another JSON form decodes as
//! serde_json reads it, and metadata that does not decode fails that one event, in order.

use event_store::conformance::{event, take};
use event_store::postgres::PgEventStore;
use event_store::{Direction, EventStore, ExpectedVersion, ReadFrom, StoreError, StreamName, SubscriptionFilter};
use futures::StreamExt;
use sqlx::PgPool;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn metadata_written_elsewhere_decodes_or_fails_alone(pool: PgPool) {
    let store = PgEventStore::new(pool.clone());
    let s = StreamName::parse("elsewhere").unwrap();
    store.append(&s, ExpectedVersion::NoStream, vec![event(0)]).await.unwrap();
    let user = uuid::Uuid::new_v4();
    for (version, metadata) in [
        (
            1,
            format!(
                r#"{{ "occurred_at" : "2025-06-01T14:00:00+02:00", "user_id": "a\"b", "correlation_id": "{user}" }}"#
            ),
        ),
        (2, r#"{"occurred_at": 5}"#.to_string()),
        (3, r#"{"occurred_at":"2025-06-01T12:00:00.5Z"}"#.to_string()),
    ] {
        sqlx::query(
            "insert into es_events (stream_id, version, event_id, event_type, data, metadata) \
             values ($1, $2, gen_random_uuid(), 'Tested', '{\"n\": 1}', $3::json)",
        )
        .bind(s.as_str())
        .bind(version)
        .bind(metadata)
        .execute(&pool)
        .await
        .unwrap();
    }

    let read = store.read_stream(&s, ReadFrom::Start, Direction::Forwards, 10).await;
    match read {
        Err(StoreError::Decode { version: 2, reason, .. }) => assert!(reason.contains("metadata"), "{reason}"),
        other => panic!("expected a decode error for version 2, got {other:?}"),
    }

    let mut sub = store.subscribe_all(None, SubscriptionFilter::All).await.unwrap();
    let first = take(&mut sub, 2).await;
    assert_eq!(first[1].metadata.user_id.as_deref(), Some("a\"b"));
    assert_eq!(first[1].metadata.correlation_id, Some(user));
    assert_eq!(first[1].metadata.occurred_at.to_rfc3339(), "2025-06-01T12:00:00+00:00");
    match sub.next().await {
        Some(Err(StoreError::Decode { version: 2, .. })) => {}
        other => panic!("expected a decode error for version 2, got {other:?}"),
    }
    let last = take(&mut sub, 1).await;
    assert_eq!((last[0].version, last[0].metadata.occurred_at.timestamp_subsec_millis()), (3, 500));
}
