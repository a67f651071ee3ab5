//! The sender's last trouble (`ksef_sender_trouble`, one row): each round that could not
//! use KSeF writes the client's error (never a secret: it does not carry the token), and a
//! round without trouble clears it. The alerts read it to say why a document waiting in
//! the queue is stuck (`projections::ksef_deadlines::Stuck::SenderTrouble`): a refused
//! token holds back every document, and otherwise nobody would see why.

use sqlx::PgPool;

/// Note the round's `trouble` (or that it had none).
pub(super) async fn note(pool: &PgPool, trouble: Option<&str>) -> Result<(), sqlx::Error> {
    match trouble {
        Some(message) => {
            sqlx::query(
                "insert into ksef_sender_trouble (id, message, since, last_at) values (1, $1, now(), now()) \
                 on conflict (id) do update set message = excluded.message, last_at = excluded.last_at",
            )
            .bind(message)
            .execute(pool)
            .await?;
        }
        None => {
            sqlx::query("delete from ksef_sender_trouble").execute(pool).await?;
        }
    }
    Ok(())
}
