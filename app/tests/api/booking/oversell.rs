//! 500 clients race for the last 40 seats of a course on overlapping stretches.

use std::sync::Arc;

use futures::future::join_all;
use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn five_hundred_clients_never_oversell_forty_seats(pool: PgPool) {
    let app = Arc::new(spawn(pool).await);
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 40).await;
    // A → B, B → C and A → C: every segment is wanted by two of the three stretches.
    let stretches = [(0usize, 1usize), (1, 2), (0, 2)];
    let clients = (0..500).map(|i| {
        let app = app.clone();
        let (from, to) = stretches[i % 3];
        let order = booking(course, &line, from, to, json!([{ "qty": 1 + (i % 2) }]));
        async move {
            let response = app.place(&order).await;
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            (status, body, from, to, 1 + (i % 2) as u32)
        }
    });
    let outcomes = join_all(clients).await;

    let mut expected = [0u32; 2];
    let mut placed = 0;
    for (status, body, from, to, seats) in &outcomes {
        match status {
            201 => {
                placed += 1;
                for segment in &mut expected[*from..*to] {
                    *segment += seats;
                }
            }
            409 => assert!(body["message"].as_str().is_some_and(|m| m.contains("seats")), "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    let (seats, loads) = app.loads(course).await;
    assert_eq!(seats, 40);
    assert!(loads.iter().all(|l| *l <= 40), "oversold: {loads:?}");
    assert_eq!(loads, expected.to_vec(), "the inventory holds exactly what the winners were told");
    assert!(placed > 0 && placed < 500, "{placed} placed");
    // Full: at least one segment cannot take another 2-seat order.
    assert!(loads.iter().any(|l| *l >= 39), "{loads:?}");

    // The read model the search uses agrees once the projections catch up.
    eventually("the availability read model", || async {
        availability_loads(&app.pool, course).await.as_ref() == Some(&loads)
    })
    .await;
}

/// The course's writer keeps the stream's state in memory between orders. When another
/// process appends to the stream in between, the writer's append fails on the version,
/// and it must load the stream again and decide on what the other process did: the
/// seats it held count, the seats it released are free again.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_course_writer_decides_again_on_what_another_process_wrote(pool: PgPool) {
    use domain::seat_inventory::{
        decide_hold, decide_release, HoldSeats, ReleaseReason, ReleaseSeats, SeatInventoryEvent,
    };

    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 3).await;
    let stream = StreamName::parse(domain::seat_inventory::stream_name(course)).expect("stream");
    let one_seat = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    assert_eq!(app.place(&one_seat).await.status(), 201, "the writer now caches the course");

    // Another process holds the other two seats.
    let outside = Uuid::new_v4();
    let loaded = load::<InventoryAgg>(&app.store, &stream).await.expect("load");
    let hold = HoldSeats {
        course_id: course,
        hold_id: outside,
        from_waypoint: line.stops[0],
        to_waypoint: line.stops[2],
        seats: 2,
        expires_at: tomorrow(),
        now: Utc::now(),
        sale_cutoff_minutes: 0,
    };
    let append = |events: Vec<SeatInventoryEvent>, version: Option<u64>| {
        let new: Vec<NewEvent> = events
            .iter()
            .map(|e| NewEvent::json(Uuid::new_v4(), e.event_type(), e, Metadata::default()).expect("event"))
            .collect();
        let store = &app.store;
        let stream = stream.clone();
        async move { store.append(&stream, ExpectedVersion::from_current(version), new).await.expect("append") }
    };
    append(decide_hold(&hold, &loaded.state).expect("two seats are free"), loaded.version).await;

    let full = app.place(&one_seat).await;
    assert_eq!(full.status(), 409);
    let body: Value = full.json().await.expect("json");
    assert_eq!(body["message"], "There are no seats left on this course.", "decided on the stream, not the cache");
    assert_eq!(app.loads(course).await.1, vec![3, 3]);

    // The other process lets its seats go: the writer sees them free again.
    let loaded = load::<InventoryAgg>(&app.store, &stream).await.expect("load");
    let release =
        ReleaseSeats { hold_id: outside, release_id: Uuid::new_v4(), seats: None, reason: ReleaseReason::Abandoned };
    append(decide_release(&release, &loaded.state).expect("release"), loaded.version).await;
    assert_eq!(app.place(&one_seat).await.status(), 201);
    assert_eq!(app.loads(course).await.1, vec![2, 2]);
}
