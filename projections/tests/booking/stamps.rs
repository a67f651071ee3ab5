//! The stamps projection: stamp cards.

use super::*;

async fn stamp_history(store: &dyn EventStore, user: Uuid) {
    let added = |n: u128| StampCardEvent::StampAdded {
        user_id: user,
        ticket_id: Uuid::from_u128(n),
        order_id: Uuid::from_u128(99),
    };
    let events = [
        added(1),
        added(2),
        added(3),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-1".into(), value: 2000 },
        StampCardEvent::StampRemoved { user_id: user, ticket_id: Uuid::from_u128(2) },
        added(4),
        // Repeats (which decisions never make) change nothing, as in the domain's evolve.
        added(4),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-1".into(), value: 2000 },
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::stamp_card::stream_name(user), 0, &typed, None).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn stamp_cards_count_stamps_held_and_rewards(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let user = Uuid::new_v4();
    stamp_history(store.as_ref(), user).await;

    runner.catch_up(&StampsProjection).await.unwrap();

    let card: (i32, i32, i64) =
        sqlx::query_as("select stamps, rewards, version from rm_stamp_cards where user_id = $1")
            .bind(user)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(card, (3, 1, 7));
    let rewards: Vec<(String, i64)> =
        sqlx::query_as("select coupon_code, value from rm_stamp_rewards").fetch_all(&pool).await.unwrap();
    assert_eq!(rewards, vec![("NAGRODA-1".to_string(), 2000)]);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_stamps_tables_survive_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    stamp_history(store.as_ref(), Uuid::new_v4()).await;
    stamp_history(store.as_ref(), Uuid::new_v4()).await;

    assert_replayable(
        &pool,
        &runner,
        &StampsProjection,
        &[("rm_stamp_cards", "user_id"), ("rm_stamp_rewards", "user_id")],
    )
    .await;
}
