//! A guest's way to their data (RODO art. 15, 17, 20): they name an order and its e-mail
//! (`POST /privacy/guest/link`), and a link to the data of every order they placed as a
//! guest with that address goes to that address, valid for a day. The link shows the data
//! (`GET /privacy/guest/data`, query side) and erases them (`POST /privacy/guest/erase`),
//! which ends every link of the address. The answer to a request for a link never tells
//! whether the order exists (the e-mail does); an order kept in an account is answered by
//! an e-mail saying to log in, where "My account" has the same.

use api_core::auth::{hash_token, new_token};
use api_core::mail::Email as Mail;
use api_core::values::Email;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::account::AccountDeleted;
use super::person::{self, Whose};
use super::requests::{self, Channel, Kind};
use super::Request;
use crate::CommandState;

/// How long a link works.
pub const LINK_HOURS: i64 = 24;

/// A second link for the same order is not sent within this many seconds (a double click,
/// or someone filling the form for another's order again and again).
const RESEND_AFTER_SECS: f64 = 120.0;

/// Why the data go, as the register keeps it.
const REASON: &str = "usunięcie danych przez klienta (link)";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkLanguage {
    Pl,
    En,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GuestLinkInput {
    /// The order's number (`NB-2026-000123`).
    #[schema(max_length = 40, min_length = 1)]
    pub number: String,
    /// The e-mail address given with the order.
    pub email: Email,
    /// The e-mail's language (Polish when left out).
    #[serde(default)]
    pub language: Option<LinkLanguage>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GuestLinkAccepted {
    /// Always true: when the order and e-mail match, the link is on its way.
    pub accepted: bool,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GuestTokenInput {
    /// The token from the e-mailed link.
    #[schema(max_length = 200, min_length = 1)]
    pub token: String,
}

/// Asks for a link to one's data as a guest (public).
#[utoipa::path(post, path = "/api/privacy/guest/link", tag = "privacy", request_body = GuestLinkInput,
    responses((status = 202, description = "`{\"data\": {\"accepted\": true}}`: if the order has this e-mail, a link goes to it", body = Data<GuestLinkAccepted>),
        (status = 422, description = "no number, or not an e-mail address")))]
#[tracing::instrument(skip_all)]
pub async fn link(
    State(state): State<CommandState>,
    AppJson(input): AppJson<GuestLinkInput>,
) -> Result<(StatusCode, Data<GuestLinkAccepted>), ApiError> {
    let number = input.number.trim();
    if number.is_empty() || number.chars().count() > 40 {
        return Err(ApiError::invalid_field(
            "number",
            api_core::codes::FIELD_BLANK,
            "Order number: this field is required.",
        ));
    }
    let found: Option<(Uuid, String, Option<Uuid>, bool)> = sqlx::query_as(
        "select o.order_id, o.email, o.user_id,
                exists (select 1 from privacy_links l where l.order_id = o.order_id
                        and l.created_at > now() - make_interval(secs => $3)) as recent
         from rm_orders o where upper(o.number) = upper($1) and lower(o.email) = lower($2)",
    )
    .bind(number)
    .bind(input.email.as_str())
    .bind(RESEND_AFTER_SECS)
    .fetch_optional(&state.pool)
    .await?;
    let language = input.language.unwrap_or(LinkLanguage::Pl);
    match found {
        Some((order_id, email, None, false)) => {
            let token = new_token();
            sqlx::query("insert into privacy_links (token_hash, email, order_id, expires_at) values ($1, $2, $3, $4)")
                .bind(hash_token(&token))
                .bind(&email)
                .bind(order_id)
                .bind(Utc::now() + Duration::hours(LINK_HOURS))
                .execute(&state.pool)
                .await?;
            send(&state, link_mail(&state.public_url, &email, &token, language)).await;
        }
        Some((_, email, Some(_), false)) => send(&state, account_mail(&state.public_url, &email, language)).await,
        _ => tracing::info!("no guest link sent (no such order and e-mail, or one sent a moment ago)"),
    }
    Ok((StatusCode::ACCEPTED, Data::new(GuestLinkAccepted { accepted: true })))
}

async fn send(state: &CommandState, mail: Mail) {
    if let Err(e) = state.mailer.send(mail).await {
        tracing::warn!(error = %e, "the guest's data link was not sent");
    }
}

fn link_mail(public_url: &str, to: &str, token: &str, language: LinkLanguage) -> Mail {
    let (subject, text) = match language {
        LinkLanguage::Pl => (
            "Twoje dane osobowe w Nisko Bus".to_string(),
            format!(
                "Dzień dobry,\n\nktoś (prawdopodobnie Ty) poprosił o dostęp do danych osobowych z zamówień \
                 złożonych bez konta z tym adresem e-mail.\n\
                 Tutaj je zobaczysz, pobierzesz albo usuniesz: {public_url}/personal-data?token={token}\n\
                 Link działa przez {LINK_HOURS} godziny. Jeśli to nie Ty, zignoruj tę wiadomość.\n\n\
                 Pozdrawiamy,\nNisko Bus\n"
            ),
        ),
        LinkLanguage::En => (
            "Your personal data at Nisko Bus".to_string(),
            format!(
                "Hello,\n\nsomeone (probably you) asked to see the personal data of the orders placed \
                 without an account with this e-mail address.\n\
                 See, download or erase them here: {public_url}/en/personal-data?token={token}\n\
                 The link works for {LINK_HOURS} hours. If it was not you, ignore this message.\n\n\
                 Kind regards,\nNisko Bus\n"
            ),
        ),
    };
    Mail { to: to.to_owned(), subject, text, attachments: Vec::new() }
}

fn account_mail(public_url: &str, to: &str, language: LinkLanguage) -> Mail {
    let (subject, text) = match language {
        LinkLanguage::Pl => (
            "Twoje dane osobowe w Nisko Bus".to_string(),
            format!(
                "Dzień dobry,\n\nto zamówienie należy do konta. Zaloguj się ({public_url}/login) i w „Moje konto” \
                 otwórz „Twoje dane osobowe”: tam je zobaczysz, pobierzesz albo usuniesz konto.\n\n\
                 Pozdrawiamy,\nNisko Bus\n"
            ),
        ),
        LinkLanguage::En => (
            "Your personal data at Nisko Bus".to_string(),
            format!(
                "Hello,\n\nthis order belongs to an account. Log in ({public_url}/en/login) and open \
                 \"Your personal data\" in \"My account\": see and download them there, or delete the account.\n\n\
                 Kind regards,\nNisko Bus\n"
            ),
        ),
    };
    Mail { to: to.to_owned(), subject, text, attachments: Vec::new() }
}

/// The e-mail of a live link, the link used up (a second erasure by it finds none); 404
/// for a link unknown, used or expired.
async fn take_link(pool: &sqlx::PgPool, token: &str) -> Result<String, ApiError> {
    let email: Option<String> =
        sqlx::query_scalar("delete from privacy_links where token_hash = $1 and expires_at > now() returning email")
            .bind(hash_token(token))
            .fetch_optional(pool)
            .await?;
    email.ok_or_else(|| {
        ApiError::NotFound("This link is not valid: it has expired or was used.".into())
            .with_code(api_core::codes::PRIVACY_LINK_INVALID)
    })
}

/// Erases the data of a guest's orders by their link (public, the link's token).
#[utoipa::path(post, path = "/api/privacy/guest/erase", tag = "privacy", request_body = GuestTokenInput,
    responses((status = 200, description = "`{\"data\": AccountDeleted}`: erased; what stays, until when; the link is dead", body = Data<AccountDeleted>),
        (status = 404, description = "the link is unknown, used or expired (`privacy.link_invalid`)"),
        (status = 422, description = "no token")))]
#[tracing::instrument(skip_all)]
pub async fn erase(
    State(state): State<CommandState>,
    AppJson(input): AppJson<GuestTokenInput>,
) -> Result<Data<AccountDeleted>, ApiError> {
    let email = take_link(&state.pool, &input.token).await?;
    let request = Request { actor: privacy::Actor::Person, by: None, reason: REASON, now: Utc::now() };
    let erased = person::erase(&state, Whose::Guest(&email), &request).await?;
    requests::record_done(&state.pool, Kind::Erasure, Channel::Link, None, &erased).await?;
    tracing::info!(orders = erased.orders_erased, kept = erased.kept.len(), "a guest's data erased");
    Ok(Data::new(AccountDeleted { orders_erased: erased.orders_erased, kept: erased.kept }))
}
