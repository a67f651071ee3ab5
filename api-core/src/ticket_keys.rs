//! The carrier's ticket signing key ([`ticket_token`]): the one the `TICKET_SIGNING_KEY`
//! setting gives, or else one generated once and kept in `ticket_signing_keys`, so every
//! process of a deployment (and every restart) signs and checks with the same key. The
//! second is for development and tests; production sets the variable and keeps the
//! secret out of the database.

use rand::RngCore;
use sqlx::PgPool;
use ticket_token::TicketSigner;

/// Why no key could be had.
#[derive(Debug, thiserror::Error)]
pub enum TicketKeyError {
    #[error("TICKET_SIGNING_KEY: {0}")]
    Configured(#[from] ticket_token::KeyError),
    #[error("the kept ticket signing key is not valid: {0}")]
    Kept(ticket_token::KeyError),
    #[error("could not read or keep the ticket signing key: {0}")]
    Database(#[from] sqlx::Error),
}

/// The signing key: `configured` (base64 of a 32-byte seed) when given, else the kept one,
/// generated first if there is none yet (two processes racing keep one of theirs, and
/// both then read it).
pub async fn load(pool: &PgPool, configured: Option<&str>) -> Result<TicketSigner, TicketKeyError> {
    if let Some(text) = configured.map(str::trim).filter(|t| !t.is_empty()) {
        return Ok(TicketSigner::from_base64(text)?);
    }
    let mut seed = [0u8; 32];
    rand::rng().fill_bytes(&mut seed);
    let fresh = TicketSigner::from_seed(seed).seed_base64();
    sqlx::query("insert into ticket_signing_keys (id, seed) values (1, $1) on conflict (id) do nothing")
        .bind(&fresh)
        .execute(pool)
        .await?;
    let kept: String = sqlx::query_scalar("select seed from ticket_signing_keys where id = 1").fetch_one(pool).await?;
    TicketSigner::from_base64(&kept).map_err(TicketKeyError::Kept)
}
