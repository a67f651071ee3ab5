//! Password hashing: argon2id with the crate's default parameters, stored as a PHC
//! string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the parameters travel with each
//! hash and can be raised later without breaking old ones.
//!
//! Hashing costs tens of milliseconds of CPU and ~19 MiB of memory by design, so it runs
//! on tokio's blocking pool ([`tokio::task::spawn_blocking`]) and never stalls the async
//! workers that serve other requests. Verification compares in constant time (the
//! `password-hash` crate's output comparison).

use std::sync::OnceLock;

use api_core::ApiError;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};

use super::fields::NewPassword;

/// A PHC string ready to store in `users.password_hash`.
#[derive(Debug, Clone)]
pub struct PasswordHash(pub String);

/// Hashes a new password with a fresh random salt.
#[tracing::instrument(skip_all)]
pub async fn hash(password: &NewPassword) -> Result<PasswordHash, ApiError> {
    let password = password.expose().to_string();
    tokio::task::spawn_blocking(move || hash_blocking(&password))
        .await
        .map_err(|e| ApiError::Internal(format!("password hashing task failed: {e}")))?
}

fn hash_blocking(password: &str) -> Result<PasswordHash, ApiError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| PasswordHash(hash.to_string()))
        .map_err(|e| ApiError::Internal(format!("could not hash a password: {e}")))
}

/// Whether `password` matches `stored`. A stored value that is not a PHC string (for
/// example `!` for accounts that log in by token only) matches nothing.
///
/// `stored = None` (no such account) still spends the time of one verification against a
/// dummy hash, so the answer time does not tell whether an e-mail is registered.
#[tracing::instrument(skip_all)]
pub async fn verify(password: &str, stored: Option<String>) -> Result<bool, ApiError> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || match stored {
        Some(stored) => verify_blocking(&password, &stored),
        None => {
            verify_blocking(&password, dummy_hash());
            false
        }
    })
    .await
    .map_err(|e| ApiError::Internal(format!("password verification task failed: {e}")))
}

fn verify_blocking(password: &str, stored: &str) -> bool {
    Argon2::default().verify_password(password.as_bytes(), stored).is_ok()
}

/// A real hash of a random password, made once, with the same parameters as real ones.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let random = api_core::auth::new_token();
        hash_blocking(&random).map(|h| h.0).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_and_nothing_else() {
        let password = NewPassword::parse("correct horse").unwrap();
        let stored = hash(&password).await.unwrap();
        assert!(stored.0.starts_with("$argon2id$v=19$"), "{}", stored.0);
        assert!(!stored.0.contains("correct horse"));
        assert!(verify("correct horse", Some(stored.0.clone())).await.unwrap());
        assert!(!verify("correct horsE", Some(stored.0.clone())).await.unwrap());
        assert_ne!(hash(&password).await.unwrap().0, stored.0, "salted");
    }

    #[tokio::test]
    async fn placeholders_and_missing_accounts_match_nothing() {
        assert!(!verify("anything", Some("!".into())).await.unwrap());
        assert!(!verify("anything", None).await.unwrap());
    }
}
