//! Authentication with a KSeF token (`uwierzytelnianie.md`): the challenge, the token
//! sent as `token|timestampMs` under RSA-OAEP, polling the operation's status, redeeming
//! the access and refresh tokens, and refreshing the access token before it expires.
//! The token and the JWTs never reach a log line.

use super::http::Http;
use crate::crypto;
use crate::wire::{
    AuthInitResponse, AuthStatusResponse, ChallengeResponse, ContextIdentifier, PublicKeyCertificate, RefreshResponse,
    TokenAuthRequest, TokensResponse,
};
use crate::KsefError;
use chrono::{DateTime, Duration as TimeDelta, Utc};
use reqwest::{Method, StatusCode};
use rsa::RsaPublicKey;

/// The Ministry's two public keys, by `usage`, each with its `publicKeyId`.
#[derive(Clone)]
pub(crate) struct MinistryKeys {
    pub token: (RsaPublicKey, String),
    pub symmetric: (RsaPublicKey, String),
}

/// KSeF's answer to a key it no longer accepts: fetch the certificates again and retry
/// (`bezpieczenstwo/klucze-publiczne-do-szyfrowania.md`, 4.4).
pub(crate) fn is_withdrawn_key(e: &KsefError) -> bool {
    match e {
        KsefError::Refused { code, .. } => *code == WITHDRAWN_KEY,
        KsefError::AuthRefused(m) => m.starts_with("21470:"),
        _ => false,
    }
}

const WITHDRAWN_KEY: i64 = 21470;

/// The tokens of one authentication.
pub(crate) struct Tokens {
    pub access: String,
    pub access_until: DateTime<Utc>,
    pub refresh: String,
    pub refresh_until: DateTime<Utc>,
}

impl Tokens {
    /// Whether the access token is still good for a request (with a margin, so it does not
    /// expire on the way).
    pub fn access_fresh(&self, now: DateTime<Utc>) -> bool {
        now + TimeDelta::seconds(30) < self.access_until
    }

    pub fn refresh_fresh(&self, now: DateTime<Utc>) -> bool {
        now + TimeDelta::seconds(30) < self.refresh_until
    }
}

fn instant(s: &str) -> Result<DateTime<Utc>, KsefError> {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| KsefError::Protocol(format!("a date KSeF gave ({s}): {e}")))
}

/// `GET /security/public-key-certificates`: for each usage the certificate valid now,
/// the latest `validFrom` if several are (a rotation in progress).
pub(crate) async fn ministry_keys(http: &Http) -> Result<MinistryKeys, KsefError> {
    let answer = http.call(Method::GET, "/security/public-key-certificates", None, None).await?;
    if !answer.status.is_success() {
        return Err(answer.refusal());
    }
    let certs: Vec<PublicKeyCertificate> = answer.json()?;
    let now = Utc::now();
    let pick = |usage: &str| -> Result<(RsaPublicKey, String), KsefError> {
        let (_, cert) = certs
            .iter()
            .filter(|c| c.usage.iter().any(|u| u == usage))
            .filter_map(|c| Some((instant(&c.valid_from).ok()?, instant(&c.valid_to).ok()?, c)))
            .filter(|(from, to, _)| *from <= now && now < *to)
            .map(|(from, _, c)| (from, c))
            .max_by_key(|(from, _)| *from)
            .ok_or_else(|| KsefError::Protocol(format!("no valid public-key certificate for {usage}")))?;
        let key = crypto::public_key_from_certificate_base64(&cert.certificate)
            .map_err(|e| KsefError::Protocol(e.to_string()))?;
        Ok((key, cert.public_key_id.clone()))
    };
    Ok(MinistryKeys { token: pick("KsefTokenEncryption")?, symmetric: pick("SymmetricKeyEncryption")? })
}

/// The whole token authentication: challenge, `/auth/ksef-token`, status until done, redeem.
pub(crate) async fn authenticate(
    http: &Http,
    keys: &MinistryKeys,
    nip: &str,
    token: &str,
) -> Result<Tokens, KsefError> {
    let answer = http.call(Method::POST, "/auth/challenge", None, None).await?;
    if !answer.status.is_success() {
        return Err(answer.refusal());
    }
    let challenge: ChallengeResponse = answer.json()?;
    let encrypted_token = crypto::encrypt_ksef_token(&keys.token.0, token, challenge.timestamp_ms)
        .map_err(|e| KsefError::Protocol(e.to_string()))?;
    let request = TokenAuthRequest {
        challenge: challenge.challenge,
        context_identifier: ContextIdentifier { kind: "Nip".into(), value: nip.to_owned() },
        encrypted_token,
        public_key_id: Some(keys.token.1.clone()),
    };
    let body = serde_json::to_value(&request).map_err(|e| KsefError::Protocol(e.to_string()))?;
    let answer = http.call(Method::POST, "/auth/ksef-token", None, Some(&body)).await?;
    if !answer.status.is_success() {
        return Err(auth_refusal(answer.refusal()));
    }
    let init: AuthInitResponse = answer.json()?;
    let auth_token = init.authentication_token.token;
    let patience = instant(&init.authentication_token.valid_until).ok();
    wait_for_authentication(http, &init.reference_number, &auth_token, patience).await?;
    let answer = http.call(Method::POST, "/auth/token/redeem", Some(&auth_token), None).await?;
    if !answer.status.is_success() {
        return Err(auth_refusal(answer.refusal()));
    }
    let tokens: TokensResponse = answer.json()?;
    Ok(Tokens {
        access_until: instant(&tokens.access_token.valid_until)?,
        access: tokens.access_token.token,
        refresh_until: instant(&tokens.refresh_token.valid_until)?,
        refresh: tokens.refresh_token.token,
    })
}

fn auth_refusal(e: KsefError) -> KsefError {
    match e {
        KsefError::Refused { code, description } => KsefError::AuthRefused(format!("{code}: {description}")),
        other => other,
    }
}

/// Polls the authentication "until it is done" (`uwierzytelnianie.md`: KSeF may check a
/// certificate's status with its issuer first), the pause doubling from
/// `auth_poll_interval` up to eight times it (2 s by default), for as long as the authentication token is valid
/// and at most `auth_poll_for`. Still in progress then: [`KsefError::Busy`] (try later),
/// not an outage.
async fn wait_for_authentication(
    http: &Http,
    reference: &str,
    auth_token: &str,
    token_valid_until: Option<DateTime<Utc>>,
) -> Result<(), KsefError> {
    let path = format!("/auth/{reference}");
    let started = std::time::Instant::now();
    let patience = match token_valid_until.and_then(|until| (until - Utc::now()).to_std().ok()) {
        Some(left) => left.min(http.options.auth_poll_for),
        None => http.options.auth_poll_for,
    };
    let mut pause = http.options.auth_poll_interval;
    loop {
        let answer = http.call(Method::GET, &path, Some(auth_token), None).await?;
        if !answer.status.is_success() {
            return Err(auth_refusal(answer.refusal()));
        }
        let status: AuthStatusResponse = answer.json()?;
        match status.status.code {
            100 if started.elapsed() + pause < patience => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(http.options.auth_poll_interval * 8);
            }
            100 => {
                return Err(KsefError::Busy(format!("authentication still in progress after {:?}", started.elapsed())))
            }
            200 => return Ok(()),
            // 500 and 550 are KSeF failing, not refusing: try again later.
            500 | 550 => return Err(KsefError::Unavailable(format!("authentication: {}", status.status.description))),
            code => {
                let details = status.status.details.map(|d| format!(" ({})", d.join("; "))).unwrap_or_default();
                return Err(KsefError::AuthRefused(format!("{code}: {}{details}", status.status.description)));
            }
        }
    }
}

/// `POST /auth/token/refresh`: a new access token. `Ok(None)` when the refresh token is no
/// longer accepted (400, 401, or 403: revoked, or the token's permissions changed):
/// authenticate again.
pub(crate) async fn refresh(http: &Http, tokens: &Tokens) -> Result<Option<(String, DateTime<Utc>)>, KsefError> {
    let answer = http.call(Method::POST, "/auth/token/refresh", Some(&tokens.refresh), None).await?;
    if [StatusCode::UNAUTHORIZED, StatusCode::BAD_REQUEST, StatusCode::FORBIDDEN].contains(&answer.status) {
        return Ok(None);
    }
    if !answer.status.is_success() {
        return Err(answer.refusal());
    }
    let refreshed: RefreshResponse = answer.json()?;
    Ok(Some((refreshed.access_token.token.clone(), instant(&refreshed.access_token.valid_until)?)))
}
