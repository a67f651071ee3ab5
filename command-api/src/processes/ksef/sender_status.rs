//! What the sender's client last saw of KSeF (`ksef_sender_status`, one row): the
//! interactive session in use and the calls left per operation and window
//! ([`ksef::client::Limits`]), written after each round. The counts live in the memory
//! of the process that sends; this row is how `coach finance ksef status` (another
//! process) shows them.

use sqlx::PgPool;

/// Note `limits` as of now.
pub(super) async fn note(pool: &PgPool, limits: &ksef::client::Limits) -> Result<(), sqlx::Error> {
    let json = serde_json::to_value(limits).unwrap_or(serde_json::Value::Null);
    sqlx::query(
        "insert into ksef_sender_status (id, at, limits) values (1, now(), $1) \
         on conflict (id) do update set at = excluded.at, limits = excluded.limits",
    )
    .bind(json)
    .execute(pool)
    .await
    .map(drop)
}
