//! The holds projection: the seats each hold still has.

use super::*;

/// course_id, hold_id, from_index, to_index, seats, seats_left, confirmed, version.
type HoldLine = (Uuid, Uuid, i32, i32, i32, i32, bool, i64);

async fn hold_history(store: &dyn EventStore) -> (Uuid, Uuid, Uuid) {
    let course = Uuid::new_v4();
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let held = |hold_id, from, to, seats| SeatInventoryEvent::SeatsHeld {
        course_id: course,
        hold_id,
        from,
        to,
        seats,
        expires_at: at(15),
    };
    let events = [
        SeatInventoryEvent::InventoryOpened {
            course_id: course,
            route_id: 7,
            departure_at: at(600),
            seats: 49,
            stops: (0..3).map(|i| Stop { waypoint_id: i, minutes_from_start: i as u32 * 60 }).collect(),
        },
        held(a, 0, 2, 3),
        held(b, 1, 2, 2),
        SeatInventoryEvent::HoldConfirmed { course_id: course, hold_id: a },
        SeatInventoryEvent::SeatsReleased {
            course_id: course,
            hold_id: a,
            release_id: Uuid::new_v4(),
            from: 0,
            to: 2,
            seats: 1,
            reason: ReleaseReason::Returned,
        },
        SeatInventoryEvent::SeatsReleased {
            course_id: course,
            hold_id: b,
            release_id: Uuid::new_v4(),
            from: 1,
            to: 2,
            seats: 2,
            reason: ReleaseReason::Expired,
        },
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::seat_inventory::stream_name(course), 0, &typed, None).await;
    (course, a, b)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn holds_keep_the_seats_still_held(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let (course, a, b) = hold_history(store.as_ref()).await;

    runner.catch_up(&HoldsProjection).await.unwrap();

    let rows: Vec<HoldLine> = sqlx::query_as(
        "select course_id, hold_id, from_index, to_index, seats, seats_left, confirmed, version from rm_course_holds \
         order by version",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(rows, vec![(course, a, 0, 2, 3, 2, true, 4), (course, b, 1, 2, 2, 0, false, 5)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_holds_table_survives_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    hold_history(store.as_ref()).await;
    hold_history(store.as_ref()).await;

    assert_replayable(&pool, &runner, &HoldsProjection, &[("rm_course_holds", "course_id, hold_id")]).await;
}
