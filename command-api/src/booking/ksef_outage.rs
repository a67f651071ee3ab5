//! KSeF's outages as the Ministry announces them, entered by an admin
//! (`POST /order/ksef-outage/save`) or `coach finance ksef outage` ([`enter`]): an
//! unavailability or an emergency, its first and last day. The deadlines of the documents
//! not in KSeF follow from them ([`domain::order::legal_deadline`]), wherever they are
//! read (`projections::ksef_deadlines`), and the sender records the later deadline of a
//! document going offline during one.
//!
//! Plain rows (`ksef_outages`), as the catalogue keeps its settings, not events: an
//! announcement belongs to no aggregate and decides nothing alone; what it changes is a
//! reading of dates. The rows are only ever added, with who and when, so they are their
//! own audit trail; an announcement extended is entered again with its new end.

use api_core::auth::AdminUser;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use chrono::NaiveDate;
use domain::order::{Outage, OutageError, OutageKind};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::CommandState;

/// `POST /order/ksef-outage/save`: an announcement.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct KsefOutageInput {
    /// `unavailable` ("niedostępność KSeF") or `emergency` ("tryb awaryjny"). The field
    /// is an `Option` only so that a missing one is answered `field.blank`; the document
    /// has it required and never `null`.
    #[schema(value_type = OutageKindInput, required = true)]
    pub kind: Option<OutageKindInput>,
    /// The first day (YYYY-MM-DD, Warsaw).
    #[serde(default)]
    #[schema(required = true, format = Date)]
    pub from: String,
    /// The last day (YYYY-MM-DD, Warsaw), on or after `from`.
    #[serde(default)]
    #[schema(required = true, format = Date)]
    pub to: String,
    /// Where it was announced (at most 500 characters).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub note: String,
}

/// An announcement's kind as the request names it (the document lists the two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OutageKindInput {
    Unavailable,
    Emergency,
}

impl From<OutageKindInput> for OutageKind {
    fn from(kind: OutageKindInput) -> Self {
        match kind {
            OutageKindInput::Unavailable => OutageKind::Unavailable,
            OutageKindInput::Emergency => OutageKind::Emergency,
        }
    }
}

/// The announcement entered.
#[derive(Debug, Serialize, ToSchema)]
pub struct KsefOutageEntered {
    pub id: i64,
}

/// What is wrong with an announcement as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutageInputError {
    #[error("{field} must be a date YYYY-MM-DD (it is {text:?})")]
    NotADate { field: &'static str, text: String },
    #[error("the note is longer than 500 characters")]
    NoteTooLong,
    #[error(transparent)]
    Outage(#[from] OutageError),
}

impl OutageInputError {
    /// The input's field it is about.
    pub fn field(&self) -> &'static str {
        match self {
            OutageInputError::NotADate { field, .. } => field,
            OutageInputError::NoteTooLong => "note",
            OutageInputError::Outage(OutageError::UnknownKind(_)) => "kind",
            OutageInputError::Outage(OutageError::EndsBeforeStart { .. }) => "to",
        }
    }

    /// Its stable code.
    pub fn code(&self) -> &'static str {
        match self {
            OutageInputError::NotADate { .. } => api_core::codes::FIELD_NOT_DATE,
            OutageInputError::NoteTooLong => api_core::codes::FIELD_TOO_LONG,
            OutageInputError::Outage(OutageError::UnknownKind(_)) => api_core::codes::FIELD_INVALID_CHOICE,
            OutageInputError::Outage(OutageError::EndsBeforeStart { .. }) => api_core::codes::OUTAGE_ENDS_BEFORE_START,
        }
    }

    /// The numbers its message states.
    pub fn params(&self) -> Vec<(&'static str, i64)> {
        match self {
            OutageInputError::NoteTooLong => vec![("max", 500)],
            _ => Vec::new(),
        }
    }
}

/// The announcement `kind`, `from`, `to` describe (`coach finance ksef outage`).
pub fn parse(kind: &str, from: &str, to: &str) -> Result<Outage, OutageInputError> {
    dated(OutageKind::parse(kind)?, from, to)
}

/// An announcement of `kind` from its first and last day as given.
pub fn dated(kind: OutageKind, from: &str, to: &str) -> Result<Outage, OutageInputError> {
    let from = date("from", from)?;
    let to = date("to", to)?;
    Ok(Outage::new(kind, from, to)?)
}

fn date(field: &'static str, text: &str) -> Result<NaiveDate, OutageInputError> {
    let text = text.trim();
    let parsed = (text.len() == 10).then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()).flatten();
    parsed.ok_or_else(|| OutageInputError::NotADate { field, text: text.to_owned() })
}

/// Enter `outage` as `entered_by`; its id.
pub async fn enter(pool: &PgPool, outage: &Outage, note: &str, entered_by: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into ksef_outages (kind, starts_on, ends_on, note, entered_by) values ($1, $2, $3, $4, $5) returning id",
    )
    .bind(outage.kind.code())
    .bind(outage.from)
    .bind(outage.to)
    .bind(note.trim())
    .bind(entered_by)
    .fetch_one(pool)
    .await
}

/// Enter an outage KSeF's operator announced (admin).
#[utoipa::path(post, path = "/api/order/ksef-outage/save", tag = "order", security(("bearer" = [])),
    request_body = KsefOutageInput,
    responses((status = 200, description = "`{\"data\": KsefOutageEntered}`: entered; the deadlines follow it", body = Data<KsefOutageEntered>),
        (status = 400, description = "not JSON"), (status = 401, description = "no token"),
        (status = 403, description = "not an admin"),
        (status = 422, description = "no kind or an unknown one, a date that is not YYYY-MM-DD, an end before the start, or a note over 500 characters: nothing is entered")))]
#[tracing::instrument(skip_all)]
pub async fn save(
    AdminUser(admin): AdminUser,
    State(state): State<CommandState>,
    AppJson(input): AppJson<KsefOutageInput>,
) -> Result<Data<KsefOutageEntered>, ApiError> {
    let kind = input
        .kind
        .ok_or_else(|| ApiError::invalid_field("kind", api_core::codes::FIELD_BLANK, "This field is required."))?;
    let checked = dated(kind.into(), &input.from, &input.to).and_then(|outage| {
        if input.note.chars().count() > 500 {
            return Err(OutageInputError::NoteTooLong);
        }
        Ok(outage)
    });
    let outage =
        checked.map_err(|e| ApiError::invalid_field(e.field(), e.code(), &e.to_string()).with_params(e.params()))?;
    let id = enter(&state.pool, &outage, &input.note, &admin.email).await?;
    tracing::info!(id, kind = outage.kind.code(), from = %outage.from, to = %outage.to, "KSeF outage entered");
    Ok(Data::new(KsefOutageEntered { id }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_names_its_field() {
        let field = |k: &str, f: &str, t: &str| parse(k, f, t).map_err(|e| e.field());
        assert_eq!(field("total", "2026-11-23", "2026-11-24"), Err("kind"));
        assert_eq!(field("emergency", "23.11.2026", "2026-11-24"), Err("from"));
        assert_eq!(field("emergency", "2026-11-23", "2026-11-31"), Err("to"));
        assert_eq!(field("emergency", "2026-11-24", "2026-11-23"), Err("to"));
        let ok = parse("unavailable", " 2026-11-23", "2026-11-24").expect("an outage");
        assert_eq!(
            (ok.kind, ok.from.to_string(), ok.to.to_string()),
            (OutageKind::Unavailable, "2026-11-23".into(), "2026-11-24".into())
        );
    }
}
