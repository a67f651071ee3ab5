//! A dry run against a KSeF environment (`coach finance ksef check`): what a carrier asks
//! before its first invoice. The public keys read, the token tried (authentication), the
//! limits read (`GET /limits/context`, `GET /rate-limits`: each may be missing where a
//! service does not offer it, which is said, not an error), and an interactive session
//! opened and closed without sending anything.
//!
//! A step that fails stops the steps after it that need it: no session without a token
//! KSeF accepts. The report says how far it got; [`Check::error`] is the first failure.

use reqwest::{Method, StatusCode};

use super::Client;
use crate::KsefError;

/// What the dry run found.
#[derive(Debug, Default)]
pub struct Check {
    /// The ids of the Ministry's public keys (the KSeF token's, the session key's).
    pub key_ids: Vec<String>,
    /// KSeF accepted the token: an access token was issued.
    pub authenticated: bool,
    /// `GET /limits/context` as KSeF answered it (`None`: not read; see `notes`).
    pub context_limits: Option<serde_json::Value>,
    /// `GET /rate-limits` as KSeF answered it.
    pub rate_limits: Option<serde_json::Value>,
    /// The interactive session opened (its reference) and whether it was closed.
    pub session: Option<String>,
    pub session_closed: bool,
    /// Lines worth printing that are not failures (a limit the service does not offer).
    pub notes: Vec<String>,
    /// The first failure; the steps after it that needed it were not tried.
    pub error: Option<KsefError>,
}

impl Client {
    /// Run the dry run (see the module guide). Never sends an invoice.
    pub async fn check(&self) -> Check {
        let mut check = Check::default();
        match self.ministry_keys().await {
            Ok(keys) => check.key_ids = vec![keys.token.1.clone(), keys.symmetric.1.clone()],
            Err(e) => {
                check.error = Some(e);
                return check;
            }
        }
        if let Err(e) = self.access_token(None).await {
            check.error = Some(e);
            return check;
        }
        check.authenticated = true;
        check.context_limits = self.read_limit("/limits/context", &mut check.notes).await;
        check.rate_limits = self.read_limit("/rate-limits", &mut check.notes).await;
        match self.open_session().await {
            Ok(session) => {
                check.session = Some(session.reference.clone());
                match self.close(&session.reference).await {
                    Ok(()) => check.session_closed = true,
                    Err(e) => check.error = Some(e),
                }
            }
            Err(e) => check.error = Some(e),
        }
        check
    }

    /// One of the limits' reads: its JSON, or `None` with a note saying why.
    async fn read_limit(&self, path: &str, notes: &mut Vec<String>) -> Option<serde_json::Value> {
        match self.authed(Method::GET, path, None).await {
            Ok(answer) if answer.status.is_success() => match answer.json() {
                Ok(value) => Some(value),
                Err(e) => {
                    notes.push(format!("{path}: {e}"));
                    None
                }
            },
            Ok(answer) if answer.status == StatusCode::NOT_FOUND => {
                notes.push(format!("{path}: not offered by this service (404)"));
                None
            }
            Ok(answer) => {
                notes.push(format!("{path}: {}", answer.refusal()));
                None
            }
            Err(e) => {
                notes.push(format!("{path}: {e}"));
                None
            }
        }
    }
}
