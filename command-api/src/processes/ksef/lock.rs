//! The round's lock: a PostgreSQL advisory lock on a connection of its own (not the
//! pool's), so it is released when the round ends or, should the process die, when its
//! connection closes; never left behind on a pooled connection.

use sqlx::{Connection, PgConnection, PgPool};

/// The advisory lock's key (`hashtext('ksef-sender')` would do; a constant is plainer).
const KEY: i64 = 0x6b73_6566_5f73_6e64;

/// The lock, held while this lives.
pub(super) struct RoundLock {
    conn: PgConnection,
}

impl RoundLock {
    /// The lock, or `None` when another process holds it.
    pub(super) async fn try_take(pool: &PgPool) -> Result<Option<Self>, sqlx::Error> {
        let mut conn = PgConnection::connect_with(&pool.connect_options()).await?;
        let (taken,): (bool,) =
            sqlx::query_as("select pg_try_advisory_lock($1)").bind(KEY).fetch_one(&mut conn).await?;
        if taken {
            Ok(Some(RoundLock { conn }))
        } else {
            conn.close().await?;
            Ok(None)
        }
    }

    /// Give it back (closing the connection releases it as well).
    pub(super) async fn release(mut self) {
        let _ = sqlx::query("select pg_advisory_unlock($1)").bind(KEY).execute(&mut self.conn).await;
        let _ = self.conn.close().await;
    }
}
