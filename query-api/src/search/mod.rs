//! `POST /search/search/index`: the connections between two stops on a date, and for a
//! round trip also back on `dateBack`. Public.
//!
//! Body: `{tripMode: "one_way"|"round_trip", start: stop id, end: stop id, date:
//! "YYYY-MM-DD", dateBack?: "YYYY-MM-DD"}`. Answer: `{"data": {"outbound": [...],
//! "return": [...]}}` (`return` empty for one way), each list ordered by departure.
//! Refused with `422` naming the field: an unknown stop, the same stop twice, a malformed
//! date, a round trip without `dateBack` or with it before `date`, and a `date` before
//! today (Warsaw) — a past date is refused rather than answered empty so the form can say
//! why. The rules of what is offered are in [`query`].

mod input;
pub(crate) mod query;

use api_core::{ApiError, AppJson, Data, FieldError};
use axum::extract::State;
use axum::routing::post;
use axum::Router;
use chrono::{DateTime, Days, FixedOffset, NaiveDate, Utc};
use serde::Serialize;
use serde_json::Value;
use uuid::Uuid;

use crate::QueryState;
use api_core::time::{warsaw, warsaw_midnight, warsaw_today};
use domain::money::format_pln;

/// The search form.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchInput {
    /// `one_way` (default) or `round_trip`.
    pub trip_mode: Option<input::TripMode>,
    /// A stop id.
    #[schema(minimum = 1)]
    pub start: i64,
    /// A stop id, not `start`.
    #[schema(minimum = 1)]
    pub end: i64,
    /// `YYYY-MM-DD` (Warsaw), today or later.
    pub date: NaiveDate,
    /// Required for `round_trip`; not before `date`.
    pub date_back: Option<NaiveDate>,
}

/// A stop of a connection.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StopRef {
    pub id: i64,
    pub name: String,
}

/// One course from the boarding stop to the alighting stop.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Connection {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub from: StopRef,
    pub to: StopRef,
    /// Leaves the boarding stop (Warsaw offset).
    #[schema(value_type = String, format = DateTime)]
    pub departure_at: DateTime<FixedOffset>,
    /// Reaches the alighting stop (Warsaw offset).
    #[schema(value_type = String, format = DateTime)]
    pub arrival_at: DateTime<FixedOffset>,
    /// `HH:MM`, Warsaw.
    pub departure_time: String,
    /// `HH:MM`, Warsaw.
    pub arrival_time: String,
    pub duration_minutes: i32,
    /// Grosz.
    pub price: i64,
    /// `39,00 zł`.
    pub price_formatted: String,
    /// Seats free on this stretch; 0 when sold out (or cancelled).
    pub seats_available: i32,
    /// The carrier cancelled the course: shown marked, with the reason, never bookable.
    pub cancelled: bool,
    /// The announced delay in minutes, while it runs late.
    pub delay_minutes: Option<i64>,
    /// Why it was cancelled or delayed (shown to passengers).
    pub disruption_reason: Option<String>,
}

/// The answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SearchResult {
    pub outbound: Vec<Connection>,
    #[serde(rename = "return")]
    pub return_: Vec<Connection>,
    /// Whether a line runs from `start` to `end` at all (on any day): when `outbound` is
    /// empty, `true` means "no course that day", `false` "no line connects these stops".
    pub served: bool,
    /// The same for the way back (`end` to `start`); `false` for a one-way search.
    pub return_served: bool,
}

pub fn router() -> Router<QueryState> {
    Router::new().route("/search/search/index", post(index))
}

impl From<query::Found> for Connection {
    fn from(f: query::Found) -> Self {
        let (departure_at, arrival_at) = (warsaw(f.departs_at), warsaw(f.arrives_at));
        Connection {
            course_id: f.course_id,
            route_id: f.route_id,
            route_name: f.route_name,
            from: StopRef { id: f.from_id, name: f.from_name },
            to: StopRef { id: f.to_id, name: f.to_name },
            departure_time: departure_at.format("%H:%M").to_string(),
            arrival_time: arrival_at.format("%H:%M").to_string(),
            departure_at,
            arrival_at,
            duration_minutes: f.duration_minutes,
            price_formatted: format_pln(f.price),
            price: f.price,
            seats_available: f.seats_available,
            cancelled: f.cancelled,
            delay_minutes: f.delay_minutes,
            disruption_reason: f.disruption_reason,
        }
    }
}

/// The Warsaw day `date` as `[midnight, next midnight)`.
fn day(date: NaiveDate) -> Result<(DateTime<Utc>, DateTime<Utc>), ApiError> {
    let next = date.checked_add_days(Days::new(1));
    match (warsaw_midnight(date), next.and_then(warsaw_midnight)) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(ApiError::refusal_on("date", api_core::codes::FIELD_OUT_OF_RANGE, "date is out of range")),
    }
}

async fn direction(state: &QueryState, start: i64, end: i64, date: NaiveDate) -> Result<Vec<Connection>, ApiError> {
    let (from, to) = day(date)?;
    Ok(query::search(&state.pool, start, end, from, to).await?.into_iter().map(Into::into).collect())
}

/// Public.
#[utoipa::path(post, path = "/api/search/search/index", tag = "search", request_body = SearchInput,
    responses((status = 200, body = Data<SearchResult>), (status = 422)))]
#[tracing::instrument(skip_all)]
pub async fn index(
    State(state): State<QueryState>,
    AppJson(body): AppJson<Value>,
) -> Result<Data<SearchResult>, ApiError> {
    let search = input::parse(&body, warsaw_today())?;
    let outbound = direction(&state, search.start, search.end, search.date).await?;
    let return_ = match search.date_back {
        Some(back) => direction(&state, search.end, search.start, back).await?,
        None => vec![],
    };
    let served = !outbound.is_empty() || query::served(&state.pool, search.start, search.end).await?;
    let return_served = search.date_back.is_some()
        && (!return_.is_empty() || query::served(&state.pool, search.end, search.start).await?);
    if outbound.is_empty() && return_.is_empty() {
        let missing = query::missing_stops(&state.pool, [search.start, search.end]).await?;
        if !missing.is_empty() {
            let errors: Vec<FieldError> = [("start", search.start), ("end", search.end)]
                .into_iter()
                .filter(|(_, id)| missing.contains(id))
                .map(|(field, id)| {
                    FieldError::new(field, api_core::codes::STOP_NOT_FOUND, format!("no stop with id {id}"))
                })
                .collect();
            let message = errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ");
            return Err(ApiError::Validation { message, errors });
        }
    }
    Ok(Data::new(SearchResult { outbound, return_, served, return_served }))
}
