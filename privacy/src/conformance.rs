//! The cases every store must pass behind [`SealingStore`]: personal values unreadable
//! at rest, readable through the decorator, erased everywhere once their subject is.
//! `tests/sealing.rs` runs them on PostgreSQL, `tests/kurrentdb_sealing.rs` on KurrentDB
//! whenever `KURRENTDB_URL` is set. (The keys are in PostgreSQL either way.)
//!
//! The cases panic on failure, as tests do.

use std::sync::Arc;

use event_store::conformance::{prefix, take};
use event_store::{
    Direction, EventStore, ExpectedVersion, Metadata, NewEvent, ReadFrom, StreamName, SubscriptionFilter,
};
use serde_json::{json, Value};
use uuid::Uuid;

use crate::{Actor, Keyring, SealingStore, Subject};

/// An `OrderPlaced` of `order_id` with a customer, a named passenger and a company buyer.
pub fn order_placed(order_id: Uuid) -> NewEvent {
    let data = json!({
        "type": "OrderPlaced", "order_id": order_id, "number": "NB-2026-000001",
        "customer": {"first_name": "Anna", "last_name": "Kowalska", "email": "anna.kowalska@example.pl",
                     "phone": "+48600100200", "notify_by_sms": true, "language": "pl"},
        "invoice": {"country": "PL", "vat_number": "5260250274", "company_name": "Kowalska Transport",
                    "address": "Długa 1", "postal_code": "00-001", "city": "Kraków"},
        "lines": [{"line": 1, "quantity": 2, "passengers": ["Ewa Nowak", ""]}],
        "total": 15600
    });
    NewEvent::json(Uuid::new_v4(), "OrderPlaced", &data, Metadata::default()).unwrap()
}

/// The personal values of [`order_placed`], none of which may be stored readable.
pub const PERSONAL: [&str; 9] =
    ["Anna", "Kowalska", "anna.kowalska", "600100200", "5260250274", "Długa", "00-001", "Kraków", "Ewa Nowak"];

fn stream(order_id: Uuid) -> StreamName {
    StreamName::parse(format!("{}order-{order_id}", prefix())).unwrap()
}

async fn read_one(store: &dyn EventStore, stream: &StreamName) -> Value {
    let events = store.read_stream(stream, ReadFrom::Start, Direction::Forwards, 10).await.unwrap();
    serde_json::from_str(&events[0].data).unwrap()
}

/// Stored through the decorator: unreadable in the store itself, as written through it.
pub async fn personal_values_are_sealed_at_rest(inner: Arc<dyn EventStore>, keys: Arc<Keyring>) {
    let sealing = SealingStore::new(inner.clone(), keys);
    let (order_id, placed) = (Uuid::new_v4(), order_placed(Uuid::nil()));
    let placed = with_order(placed, order_id);
    let written: Value = serde_json::from_str(placed.data.get()).unwrap();
    let stream = stream(order_id);
    sealing.append(&stream, ExpectedVersion::NoStream, vec![placed]).await.unwrap();

    let at_rest = inner.read_stream(&stream, ReadFrom::Start, Direction::Forwards, 10).await.unwrap();
    for value in PERSONAL {
        assert!(!at_rest[0].data.contains(value), "{value} is readable at rest: {}", at_rest[0].data);
    }
    assert_eq!(read_one(&sealing, &stream).await, written, "read through the decorator as written");
    let filter = SubscriptionFilter::StreamPrefix(vec![stream.as_str().to_string()]);
    let mut sub = sealing.subscribe_all(None, filter).await.unwrap();
    let delivered = take(&mut sub, 1).await.remove(0);
    assert_eq!(serde_json::from_str::<Value>(&delivered.data).unwrap(), written, "a subscription opens too");
    let all = sealing.read_all(None, 100_000).await.unwrap();
    let read = all.iter().find(|e| e.id == delivered.id).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&read.data).unwrap(), written, "read_all opens too");
}

fn with_order(event: NewEvent, order_id: Uuid) -> NewEvent {
    let mut data: Value = serde_json::from_str(event.data.get()).unwrap();
    data["order_id"] = json!(order_id);
    NewEvent::json(event.id, &event.event_type, &data, event.metadata).unwrap()
}

/// Erasing the customer: reads and subscriptions, in this process and in one started
/// after, read the customer erased, the buyer and the rest as they were.
pub async fn an_erased_subject_reads_erased_everywhere(inner: Arc<dyn EventStore>, pool: sqlx::PgPool) {
    let keys = Arc::new(Keyring::new(pool.clone()));
    let sealing = SealingStore::new(inner.clone(), keys.clone());
    let other_process = SealingStore::new(inner.clone(), Arc::new(Keyring::new(pool.clone())));
    let order_id = Uuid::new_v4();
    let stream = stream(order_id);
    sealing
        .append(&stream, ExpectedVersion::NoStream, vec![with_order(order_placed(order_id), order_id)])
        .await
        .unwrap();
    let filter = SubscriptionFilter::StreamPrefix(vec![stream.as_str().to_string()]);
    assert_eq!(read_one(&other_process, &stream).await["customer"]["first_name"], "Anna");

    assert!(keys.erase(&Subject::order_customer(order_id), Actor::Person, None, "test").await.unwrap());
    assert!(
        !keys.erase(&Subject::order_customer(order_id), Actor::Person, None, "again").await.unwrap(),
        "erased once"
    );

    // This process forgets at once; another one when its cached key expires
    // (keys::KEY_TTL), as one started now does.
    let started_now = SealingStore::new(inner.clone(), Arc::new(Keyring::new(pool)));
    for store in [&sealing, &started_now] {
        let read = read_one(store, &stream).await;
        assert_erased_customer(&read);
        let mut sub = store.subscribe_all(None, filter.clone()).await.unwrap();
        let delivered: Value = serde_json::from_str(&take(&mut sub, 1).await[0].data).unwrap();
        assert_erased_customer(&delivered);
    }
}

fn assert_erased_customer(read: &Value) {
    assert_eq!(read["customer"]["first_name"], "[usunięto]", "{read}");
    assert_eq!(read["customer"]["last_name"], "[usunięto]");
    assert_eq!(read["customer"]["email"], "");
    assert_eq!(read["customer"]["phone"], "");
    assert_eq!(read["lines"][0]["passengers"], json!(["[usunięto]", ""]));
    assert_eq!(read["invoice"]["company_name"], "Kowalska Transport", "the buyer is another subject");
    assert_eq!((read["number"].as_str(), read["total"].as_i64()), (Some("NB-2026-000001"), Some(15600)));
}

/// An event of an erased subject appended later is written erased, never sealed again.
pub async fn an_event_after_erasure_is_written_erased(inner: Arc<dyn EventStore>, keys: Arc<Keyring>) {
    let sealing = SealingStore::new(inner.clone(), keys.clone());
    let order_id = Uuid::new_v4();
    assert!(keys.erase(&Subject::order_customer(order_id), Actor::Person, None, "before").await.unwrap());
    let stream = stream(order_id);
    sealing
        .append(&stream, ExpectedVersion::NoStream, vec![with_order(order_placed(order_id), order_id)])
        .await
        .unwrap();
    let at_rest: Value = read_one(inner.as_ref(), &stream).await;
    assert_eq!(at_rest["customer"]["first_name"], "[usunięto]", "written erased: {at_rest}");
    assert!(at_rest["invoice"]["city"].as_str().unwrap().starts_with(crate::seal::MARK), "the buyer sealed");
}
