//! The paid orders placed without an account under one e-mail address: what a customer
//! who registered later is offered to attach (issue #30). A read of this projection's
//! `rm_orders`, shared by the query that counts them and the command that attaches them;
//! served by the partial index `rm_orders_guest_email`.

use sqlx::PgPool;
use uuid::Uuid;

/// The most orders one attach takes (the offer stays while more are left).
pub const GUEST_ORDERS_AT_ONCE: i64 = 100;

/// The condition, on `lower(email) = $1` as the `users_email` index compares addresses.
const GUEST_OF_EMAIL: &str = "from rm_orders where user_id is null and paid_at is not null and lower(email) = $1";

/// How many paid orders without an account `email_key` has (the address as
/// `api_core::values::Email::key` compares it).
pub async fn count_guest_orders(pool: &PgPool, email_key: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!("select count(*) {GUEST_OF_EMAIL}")).bind(email_key).fetch_one(pool).await
}

/// The first [`GUEST_ORDERS_AT_ONCE`] of them, oldest first.
pub async fn guest_orders(pool: &PgPool, email_key: &str) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(&format!("select order_id {GUEST_OF_EMAIL} order by placed_at limit $2"))
        .bind(email_key)
        .bind(GUEST_ORDERS_AT_ONCE)
        .fetch_all(pool)
        .await
}
