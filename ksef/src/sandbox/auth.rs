//! Authentication with a KSeF token, as `uwierzytelnianie.md` describes it: the public
//! key certificates, the challenge, `/auth/ksef-token` (the token decrypted and checked
//! against the challenge's timestamp, the NIP and the token the stand-in knows), the
//! operation's status, redeeming and refreshing tokens. Also the access check every
//! other operation makes.

use super::reply::{self, now_string, ApiJson};
use super::state::{reference, token, AuthOp};
use super::{Ctx, Shared};
use crate::crypto;
use crate::hash::sha256_base64;
use crate::wire::{
    AuthInitResponse, AuthMethodInfo, AuthStatusResponse, ChallengeResponse, PublicKeyCertificate, RefreshResponse,
    StatusInfo, TokenAuthRequest, TokenInfo, TokensResponse,
};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use chrono::{Duration, SecondsFormat, Utc};

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ")
}

/// The access check of every protected operation: a 401 unless the bearer is a live access token.
pub(crate) fn check_access(shared: &Shared, headers: &HeaderMap) -> Option<Response> {
    let expire = std::mem::take(&mut shared.faults.lock().expire_tokens);
    let mut state = shared.state();
    if expire {
        let past = Utc::now() - Duration::seconds(1);
        state.access.values_mut().for_each(|until| *until = past);
    }
    let live = bearer(headers).and_then(|t| state.access.get(t)).is_some_and(|until| Utc::now() < *until);
    (!live).then(|| reply::unauthorized("Wymagane jest uwierzytelnienie (brak lub wygasły token dostępu)."))
}

/// 21470 for a `publicKeyId` the stand-in does not have (or withdrew, by fault).
pub(crate) fn check_key_id(shared: &Shared, id: Option<&str>) -> Option<Response> {
    let id = id?;
    let withdrawn = std::mem::take(&mut shared.faults.lock().withdraw_key);
    (withdrawn || id != shared.public_key_id).then(|| {
        reply::exception(
            21470,
            "Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.",
            Some(format!("Klucz o identyfikatorze {id} nie jest wspierany.")),
        )
    })
}

fn instant(t: chrono::DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

pub(crate) async fn public_keys(State(shared): Ctx) -> Response {
    let der = STANDARD.encode(&shared.cert_der);
    let certificate_id = sha256_base64(&shared.cert_der);
    let cert = |usage: &str| PublicKeyCertificate {
        certificate: der.clone(),
        certificate_id: certificate_id.clone(),
        public_key_id: shared.public_key_id.clone(),
        valid_from: "2025-01-01T00:00:00.000Z".into(),
        valid_to: "2036-11-24T00:00:00.000Z".into(),
        usage: vec![usage.to_owned()],
    };
    Json(vec![cert("KsefTokenEncryption"), cert("SymmetricKeyEncryption")]).into_response()
}

pub(crate) async fn challenge(State(shared): Ctx) -> Response {
    let now = Utc::now();
    let challenge = reference("CR");
    shared.state().challenges.insert(challenge.clone(), now.timestamp_millis());
    Json(ChallengeResponse {
        challenge,
        timestamp: instant(now),
        timestamp_ms: now.timestamp_millis(),
        client_ip: "127.0.0.1".into(),
    })
    .into_response()
}

pub(crate) async fn ksef_token(State(shared): Ctx, ApiJson(request): ApiJson<TokenAuthRequest>) -> Response {
    if let Some(refused) = check_key_id(&shared, request.public_key_id.as_deref()) {
        return refused;
    }
    let Some(timestamp_ms) = shared.state().challenges.remove(&request.challenge) else {
        return reply::exception(21111, "Nieprawidłowe wyzwanie autoryzacyjne.", None);
    };
    let plain = STANDARD
        .decode(&request.encrypted_token)
        .ok()
        .and_then(|c| crypto::rsa_oaep_decrypt(&shared.key, &c).ok())
        .and_then(|p| String::from_utf8(p).ok());
    let Some(plain) = plain else {
        return reply::exception(21405, "Błąd walidacji danych wejściowych.", Some("encryptedToken".into()));
    };
    let (given_token, given_ms) = plain.rsplit_once('|').unwrap_or((plain.as_str(), ""));
    let bad = |detail: &str| {
        (450, "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu".to_owned(), Some(detail.to_owned()))
    };
    let outcome = if given_ms != timestamp_ms.to_string() {
        bad("Nieprawidłowy czas tokena")
    } else if given_token != shared.token {
        bad("Nieprawidłowy token")
    } else if request.context_identifier.kind != "Nip" || request.context_identifier.value != shared.nip {
        (415, "Uwierzytelnianie zakończone niepowodzeniem".to_owned(), Some("Brak przypisanych uprawnień".to_owned()))
    } else {
        (200, "Uwierzytelnianie zakończone sukcesem".to_owned(), None)
    };
    let reference_number = reference("AU");
    let auth_token = token("authentication");
    let in_progress_for = shared.faults.take_slow_authentication().unwrap_or(1);
    let op = AuthOp {
        auth_token: auth_token.clone(),
        start_date: now_string(),
        outcome,
        polls: 0,
        in_progress_for,
        redeemed: false,
    };
    shared.state().auth_ops.insert(reference_number.clone(), op);
    let valid_until = instant(Utc::now() + Duration::minutes(10));
    let body =
        AuthInitResponse { reference_number, authentication_token: TokenInfo { token: auth_token, valid_until } };
    (StatusCode::ACCEPTED, Json(body)).into_response()
}

pub(crate) async fn status(State(shared): Ctx, Path(reference): Path<String>, headers: HeaderMap) -> Response {
    let mut state = shared.state();
    let Some(op) = state.auth_ops.get_mut(&reference) else {
        return reply::exception(
            21405,
            "Błąd walidacji danych wejściowych.",
            Some(format!("{reference}: nieznane uwierzytelnienie")),
        );
    };
    if bearer(&headers) != Some(op.auth_token.as_str()) {
        return reply::unauthorized("Nieprawidłowy token operacji uwierzytelnienia.");
    }
    op.polls += 1;
    let (code, description, details) = if op.polls <= op.in_progress_for {
        (100, "Uwierzytelnianie w toku".to_owned(), None)
    } else {
        op.outcome.clone()
    };
    Json(AuthStatusResponse {
        start_date: op.start_date.clone(),
        authentication_method: Some("Token".into()),
        authentication_method_info: AuthMethodInfo {
            category: "Token".into(),
            code: "token".into(),
            display_name: "Token KSeF".into(),
        },
        status: StatusInfo { code, description, details: details.map(|d| vec![d]), extensions: None },
    })
    .into_response()
}

pub(crate) async fn redeem(State(shared): Ctx, headers: HeaderMap) -> Response {
    let Some(auth_token) = bearer(&headers) else {
        return reply::unauthorized("Brak tokenu operacji uwierzytelnienia.");
    };
    let mut state = shared.state();
    let Some(op) = state.auth_ops.values_mut().find(|op| op.auth_token == auth_token) else {
        return reply::unauthorized("Nieprawidłowy token operacji uwierzytelnienia.");
    };
    if op.outcome.0 != 200 || op.polls <= op.in_progress_for {
        return reply::exception(
            21301,
            "Brak autoryzacji.",
            Some("Uwierzytelnienie nie zakończyło się sukcesem.".into()),
        );
    }
    if op.redeemed {
        return reply::exception(21301, "Brak autoryzacji.", Some("Tokeny zostały już pobrane.".into()));
    }
    op.redeemed = true;
    let (access, refresh) = (token("access"), token("refresh"));
    let access_until = Utc::now() + shared.options.access_token_ttl;
    let refresh_until = Utc::now() + Duration::days(7);
    state.access.insert(access.clone(), access_until);
    state.refresh.insert(refresh.clone(), refresh_until);
    Json(TokensResponse {
        access_token: TokenInfo { token: access, valid_until: instant(access_until) },
        refresh_token: TokenInfo { token: refresh, valid_until: instant(refresh_until) },
    })
    .into_response()
}

pub(crate) async fn refresh(State(shared): Ctx, headers: HeaderMap) -> Response {
    if shared.faults.take_forbid_refresh() {
        // As when the token behind the refresh token was revoked or lost its permissions.
        return reply::forbidden("Odświeżenie tokenu niedozwolone.", "token-revoked");
    }
    let mut state = shared.state();
    let live = bearer(&headers).and_then(|t| state.refresh.get(t)).is_some_and(|until| Utc::now() < *until);
    if !live {
        return reply::unauthorized("Nieprawidłowy lub wygasły refresh token.");
    }
    let access = token("access");
    let until = Utc::now() + shared.options.access_token_ttl;
    state.access.insert(access.clone(), until);
    Json(RefreshResponse { access_token: TokenInfo { token: access, valid_until: instant(until) } }).into_response()
}
