//! The coupons projection.

use super::*;

/// code, initial_value, current_value, usages, used, expired_at, origin, version.
type CouponLine = (String, i64, i64, i32, bool, Option<DateTime<Utc>>, String, i64);

async fn coupon_events(store: &dyn EventStore, code: &str, after: u64, events: Vec<CouponEvent>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(store, &domain::coupon::stream_name(code), after, &typed, None).await;
}

async fn coupon_history(store: &dyn EventStore) -> (Uuid, Uuid) {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let issued = |code: &str, value, origin| CouponEvent::CouponIssued {
        code: code.into(),
        value,
        expires_at: Some(at(100_000)),
        user_id: None,
        origin,
    };
    coupon_events(
        store,
        "LATO",
        0,
        vec![
            issued("LATO", 2000, CouponOrigin::Admin),
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: a, amount: 1500 },
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: b, amount: 500 },
        ],
    )
    .await;
    coupon_events(
        store,
        "LATO",
        3,
        vec![CouponEvent::CouponRefunded { code: "LATO".into(), order_id: a, refund_id: Uuid::new_v4(), amount: 390 }],
    )
    .await;
    coupon_events(store, "ZIMA", 0, vec![issued("ZIMA", 1000, CouponOrigin::StampReward)]).await;
    coupon_events(
        store,
        "ZIMA",
        1,
        vec![
            CouponEvent::CouponExpired { code: "ZIMA".into(), at: at(200_000) },
            CouponEvent::CouponChanged { code: "ZIMA".into(), current_value: 0, expires_at: None },
        ],
    )
    .await;
    (a, b)
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn coupons_follow_their_events(pool: PgPool) {
    let (store, runner) = runner(&pool);
    let (a, _) = coupon_history(store.as_ref()).await;

    runner.catch_up(&CouponsProjection).await.unwrap();

    let coupons: Vec<CouponLine> = sqlx::query_as(
        "select code, initial_value, current_value, usages, used, expired_at, origin, version from rm_coupons order by code",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        coupons,
        vec![
            ("LATO".into(), 2000, 390, 2, false, None, "admin".into(), 3),
            ("ZIMA".into(), 1000, 0, 0, true, None, "stamp_reward".into(), 2),
        ]
    );
    let usage: (i64, i64) = sqlx::query_as("select amount, refunded from rm_coupon_usages where order_id = $1")
        .bind(a)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(usage, (1500, 390));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_coupons_tables_survive_a_replay_and_a_rebuild(pool: PgPool) {
    let (store, runner) = runner(&pool);
    coupon_history(store.as_ref()).await;

    assert_replayable(
        &pool,
        &runner,
        &CouponsProjection,
        &[("rm_coupons", "code"), ("rm_coupon_usages", "code, order_id")],
    )
    .await;
}
