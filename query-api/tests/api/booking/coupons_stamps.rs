//! Coupons (the admin's list, who spent them) and a user's stamp card.

use domain::coupon::{CouponEvent, CouponOrigin};
use domain::stamp_card::StampCardEvent;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::support::*;
use crate::helpers::{assert_error, create_user, spawn_app, TestApp};

// --- Coupons ------------------------------------------------------------------------------

async fn coupon_events(app: &TestApp, code: &str, after: u64, events: &[CouponEvent]) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(app, domain::coupon::stream_name(code), after, &typed, None).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_coupons_and_see_who_spent_them(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut booking = Booking::new(None, "jan@example.test");
    booking.coupon = Some(("LATO".into(), 1500));
    booking.write(&app, false).await;
    let issued = |code: &str, value| CouponEvent::CouponIssued {
        code: code.into(),
        value,
        expires_at: None,
        user_id: None,
        origin: CouponOrigin::Admin,
    };
    coupon_events(
        &app,
        "LATO",
        0,
        &[
            issued("LATO", 2000),
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: booking.order, amount: 1500 },
        ],
    )
    .await;
    coupon_events(&app, "ZIMA", 0, &[issued("ZIMA", 1000)]).await;
    coupon_events(&app, "ZIMA", 1, &[CouponEvent::CouponExpired { code: "ZIMA".into(), at: at(10) }]).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let all = data(app.get("/order/coupon/all?sort=code", admin).await).await;
    let codes: Vec<&str> = all["models"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["LATO", "ZIMA"]);
    let lato = &all["models"][0];
    assert_eq!(
        (lato["initial_value"].clone(), lato["current_value"].clone(), lato["current_value_formatted"].clone()),
        (json!(2000), json!(500), json!("5,00\u{a0}zł"))
    );
    assert_eq!(
        (lato["usages"].clone(), lato["used"].clone(), lato["expired"].clone()),
        (json!(1), json!(false), json!(false))
    );
    assert_eq!(all["models"][1]["expired"], true);
    let spent = data(app.get("/order/coupon/all?filter[usages][gte]=1", admin).await).await;
    assert_eq!(spent["pagination"]["totalCount"], 1);

    let one = data(app.get("/order/coupon/one?id=%20lato%20", admin).await).await;
    assert_eq!(one["code"], "LATO");
    assert_eq!(
        one["orders"],
        json!([{"order_id": booking.order.to_string(), "hash_id": booking.hash_id, "amount": 1500, "refunded": 0,
                "spent_at": one["orders"][0]["spent_at"]}])
    );
    assert_error(app.get("/order/coupon/one?id=NOPE", admin).await, 404).await;
    assert_eq!(invalid_fields(app.get("/order/coupon/one", admin).await).await, vec!["id"]);
}

// --- Stamps -------------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_user_sees_their_stamps_and_what_the_next_reward_needs(pool: PgPool) {
    let app = spawn_app(pool).await;
    sqlx::query("insert into companies (name, stamps_per_reward, reward_value) values ('Nisko Bus', 3, 1500)")
        .execute(&app.pool)
        .await
        .unwrap();
    let user = app.user_id;
    let added =
        |n: u128| StampCardEvent::StampAdded { user_id: user, ticket_id: Uuid::from_u128(n), order_id: Uuid::nil() };
    let events = [
        added(1),
        added(2),
        added(3),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-7Q2K".into(), value: 1500 },
        added(4),
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(&app, domain::stamp_card::stream_name(user), 0, &typed, None).await;
    let reward = CouponEvent::CouponIssued {
        code: "NAGRODA-7Q2K".into(),
        value: 1500,
        expires_at: None,
        user_id: Some(user),
        origin: CouponOrigin::StampReward,
    };
    let spent = CouponEvent::CouponSpent { code: "NAGRODA-7Q2K".into(), order_id: Uuid::new_v4(), amount: 500 };
    coupon_events(&app, "NAGRODA-7Q2K", 0, &[reward, spent]).await;
    project(&app).await;

    let card = data(app.get("/course/stamp/user-stamps", Some(&app.user_token)).await).await;

    assert_eq!(
        (card["stamps"].clone(), card["stamps_per_reward"].clone(), card["needed"].clone()),
        (json!(4), json!(3), json!(2))
    );
    assert_eq!(
        (card["reward_value"].clone(), card["reward_value_formatted"].clone()),
        (json!(1500), json!("15,00\u{a0}zł"))
    );
    let rewards = card["rewards"].as_array().unwrap();
    assert_eq!(rewards.len(), 1);
    assert_eq!(
        (rewards[0]["code"].clone(), rewards[0]["value"].clone(), rewards[0]["current_value"].clone()),
        (json!("NAGRODA-7Q2K"), json!(1500), json!(1000))
    );

    // Another user's card is not shown to them: theirs is empty.
    let (_, other_token) = create_user(&app.pool, "other@example.test", "Ola", api_core::auth::Role::User).await;
    let empty = data(app.get("/course/stamp/user-stamps", Some(&other_token)).await).await;
    assert_eq!(
        (empty["stamps"].clone(), empty["needed"].clone(), empty["rewards"].clone()),
        (json!(0), json!(3), json!([]))
    );

    let all = data(app.get("/course/stamp/all", Some(&app.admin_token)).await).await;
    assert_eq!(all["pagination"]["totalCount"], 1);
    let row = &all["models"][0];
    assert_eq!(
        (row["email"].clone(), row["stamps"].clone(), row["rewards"].clone(), row["needed"].clone()),
        (json!("user@example.test"), json!(4), json!(1), json!(2))
    );
}
