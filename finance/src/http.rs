//! `GET /api/order/order-invoice/register`: the register over HTTP, for SuperAdmins.
//!
//! It replays the event store, so it lives here and not in the query API (which has no
//! store by rule); the app merges [`router`] beside the query API's routes, in the
//! processes that serve queries (a proxy sends a GET there). The answer streams: the
//! replay writes into a buffer that goes to the body in chunks of 64 KiB, so a register of
//! any length costs the server a bounded buffer. A failure before the first chunk (a
//! register smaller than that is one chunk) is an error answer in the API's shape, `503`
//! when the store could not be read; one after it (the status is sent by then) cuts the
//! body short, and is logged.

use std::io;
use std::sync::Arc;

use api_core::auth::AdminUser;
use api_core::codes::{FIELD_BLANK, FIELD_INVALID_CHOICE, FIELD_NOT_DATE, FIELD_OUT_OF_RANGE};
use api_core::{ApiError, FieldError, Params};
use async_trait::async_trait;
use axum::body::{Body, Bytes};
use axum::extract::{FromRef, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::NaiveDate;
use event_store::EventStore;
use futures::StreamExt;
use serde::Serialize;
use sqlx::PgPool;
use tokio::sync::mpsc;
use utoipa::ToSchema;

use crate::format::{CsvSink, Drain, JsonSink, RegisterDocument, Sink};
use crate::register::{QueryError, RegisterQuery, RegisterRow, Summary, Totals};
use crate::replay::{replay, ReplayError};

/// What the finance routes need: the event store, and the database for the session.
#[derive(Clone)]
pub struct FinanceState {
    pub store: Arc<dyn EventStore>,
    pub pool: PgPool,
}

impl FromRef<FinanceState> for PgPool {
    fn from_ref(state: &FinanceState) -> PgPool {
        state.pool.clone()
    }
}

/// The finance routes (paths under `/api`).
pub fn router(state: FinanceState) -> Router {
    Router::new()
        .route("/order/order-invoice/register", get(register))
        .route("/finance/jpk", get(crate::jpk::http::jpk))
        .route("/finance/sales-register", get(crate::jpk::http::sales_register))
        .route("/till/day/one", get(crate::till::http::one))
        .route("/till/day/report", get(crate::till::http::report))
        .with_state(state)
}

/// The finance part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(register, crate::till::http::one, crate::till::http::report, crate::jpk::http::jpk,
        crate::jpk::http::sales_register),
    components(schemas(RegisterFormat, RegisterDocument, RegisterRow, Totals, crate::register::DocumentKind,
        crate::jpk::JpkSummary, crate::jpk::RateSums, crate::jpk::http::SalesRegister,
        crate::sales_register::SalesRecord, crate::sales_register::RateTotal, crate::till::TillDayView, crate::till::TillMovement, crate::till::TillClosing, crate::till::WaitingRefund)),
    tags((name = "finance", description = "The VAT sales register, replayed from the invoice events"),
        (name = "till", description = "The office's till: movements, refunds paid out at the desk, the day's close and cash report"))
)]
pub struct FinanceApi;

/// How the register is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RegisterFormat {
    Json,
    Csv,
}

/// A register request, read from the query parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterRequest {
    pub query: RegisterQuery,
    pub format: RegisterFormat,
}

impl RegisterRequest {
    /// `as_of`, `from` and `to` (each a date `YYYY-MM-DD`), `format` (`json` by
    /// default, or `csv`); every refusal a field error of one `422`.
    pub fn parse(params: &Params) -> Result<Self, ApiError> {
        let mut errors = Vec::new();
        let mut date = |name: &str| match params.optional(name) {
            None => {
                errors.push(FieldError::new(name, FIELD_BLANK, format!("{name} is required")));
                None
            }
            Some(text) => parse_date(text).or_else(|| {
                errors.push(FieldError::new(name, FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD")));
                None
            }),
        };
        let (as_of, from, to) = (date("as_of"), date("from"), date("to"));
        let format = match params.optional("format") {
            None | Some("json") => Some(RegisterFormat::Json),
            Some("csv") => Some(RegisterFormat::Csv),
            Some(_) => {
                errors.push(FieldError::new("format", FIELD_INVALID_CHOICE, "format must be json or csv"));
                None
            }
        };
        let query = match (as_of, from, to) {
            (Some(as_of), Some(from), Some(to)) => match RegisterQuery::new(as_of, from, to) {
                Ok(query) => Some(query),
                Err(QueryError::FromAfterTo) => {
                    errors.push(FieldError::new("to", FIELD_OUT_OF_RANGE, "to must not be before from"));
                    None
                }
                Err(QueryError::OutOfRange) => {
                    errors.push(FieldError::new("as_of", FIELD_OUT_OF_RANGE, "as_of is out of range"));
                    None
                }
            },
            _ => None,
        };
        match (query, format) {
            (Some(query), Some(format)) if errors.is_empty() => Ok(RegisterRequest { query, format }),
            _ => Err(ApiError::Validation { message: "the register's parameters are not valid".into(), errors }),
        }
    }

    /// The CSV's file name: `rejestr-vat_2026-11-01_2026-11-30_stan-na-2026-12-05.csv`.
    pub fn filename(&self) -> String {
        let q = &self.query;
        format!("rejestr-vat_{}_{}_stan-na-{}.csv", q.from, q.to, q.as_of)
    }
}

/// A date written exactly `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    shaped.then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()).flatten()
}

/// The VAT sales register as of the end of a day, replayed from the invoice events.
///
/// The invoices and corrections issued from `from` to `to` (issue dates in Warsaw, both
/// inclusive), as finance saw them at the end of `as_of` (Warsaw): rebuilt by replaying
/// the invoice events recorded by then, so corrections recorded later are not in it. One
/// row per document in the order recorded; a correction's amounts are its change
/// (negative for a return) and it names the invoice it corrects. JSON amounts are grosz; the CSV is the Polish register
/// (`Numer;Rodzaj;Data wystawienia;Data sprzedaży;Nabywca;NIP;Stawka VAT;Netto;VAT;Brutto;
/// Faktura korygowana;Numer KSeF`, amounts `123,45`). Net and VAT of events recorded before they were kept
/// are split off the gross at the event's rate; their buyer and sale date are empty.
#[utoipa::path(get, path = "/api/order/order-invoice/register", tag = "finance", security(("bearer" = [])),
    params(
        ("as_of" = NaiveDate, Query, description = "The register as finance saw it at the end of this day (Warsaw), `YYYY-MM-DD`"),
        ("from" = NaiveDate, Query, description = "The first issue date shown (Warsaw), `YYYY-MM-DD`"),
        ("to" = NaiveDate, Query, description = "The last issue date shown (Warsaw), `YYYY-MM-DD`; not before `from`"),
        ("format" = Option<RegisterFormat>, Query, description = "`json` (the default) or `csv`"),
    ),
    responses(
        (status = 200, description = "`{\"data\": RegisterDocument}`, or with `format=csv` the register as \
            `text/csv; charset=utf-8` (semicolon separated, header row first) to save as the file \
            `Content-Disposition` names",
            content((Data<RegisterDocument> = "application/json"), (String = "text/csv")),
            headers(("content-disposition" = String, description = "with `format=csv`: `attachment; filename=\"rejestr-vat_FROM_TO_stan-na-AS_OF.csv\"`"))),
        (status = 401, description = "no token"),
        (status = 403, description = "not an admin"),
        (status = 422, description = "as_of, from or to missing or not a date `YYYY-MM-DD`, from after to, or a format other than json or csv"),
        (status = 503, description = "the event store could not be read"),
    ))]
#[tracing::instrument(skip(state, params))]
pub async fn register(_: AdminUser, State(state): State<FinanceState>, params: Params) -> Result<Response, ApiError> {
    let request = RegisterRequest::parse(&params)?;
    let (chunks, mut body) = mpsc::channel::<Result<Bytes, ReplayError>>(4);
    let store = state.store.clone();
    let query = request.query;
    tokio::spawn(async move {
        let result = match request.format {
            RegisterFormat::Json => match JsonSink::new(Vec::new(), &query) {
                Ok(sink) => stream(store.as_ref(), &query, sink, &chunks).await,
                Err(e) => Err(e.into()),
            },
            RegisterFormat::Csv => match CsvSink::new(Vec::new()) {
                Ok(sink) => stream(store.as_ref(), &query, sink, &chunks).await,
                Err(e) => Err(e.into()),
            },
        };
        match result {
            Ok(_) => {}
            // The client went away: nothing to tell anyone.
            Err(ReplayError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {}
            Err(e) => {
                tracing::error!(error = %e, "the register replay failed");
                let _ = chunks.send(Err(e)).await;
            }
        }
    });
    // The first chunk (a small register is all in it) decides the status.
    let first = match body.recv().await {
        Some(Ok(bytes)) => bytes,
        Some(Err(e)) => return Err(e.into()),
        None => return Err(ApiError::Internal("the register replay ended without an answer".into())),
    };
    let rest = futures::stream::poll_fn(move |cx| body.poll_recv(cx));
    let body = Body::from_stream(futures::stream::once(async { Ok::<_, ReplayError>(first) }).chain(rest));
    let mut response = body.into_response();
    let headers = response.headers_mut();
    match request.format {
        RegisterFormat::Json => {
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        }
        RegisterFormat::Csv => {
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
            let disposition = format!("attachment; filename=\"{}\"", request.filename());
            let value = HeaderValue::from_str(&disposition).map_err(|e| ApiError::Internal(e.to_string()))?;
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    Ok(response)
}

/// A store that cannot be read is `503`; anything else `500` (both logged, the cause
/// not sent).
impl From<ReplayError> for ApiError {
    fn from(e: ReplayError) -> Self {
        match e {
            ReplayError::Store(_) | ReplayError::Ended => ApiError::Unavailable(e.to_string()),
            ReplayError::Decode { .. } | ReplayError::Write(_) => ApiError::Internal(e.to_string()),
        }
    }
}

/// `{"data": …}`, for the document's schema.
type Data<T> = api_core::Data<T>;

/// Replay into `sink`, handing its bytes to `chunks` as they come.
async fn stream<S: Sink + Drain>(
    store: &dyn EventStore,
    query: &RegisterQuery,
    sink: S,
    chunks: &mpsc::Sender<Result<Bytes, ReplayError>>,
) -> Result<Summary, ReplayError> {
    let mut sink = Chunked { sink, chunks, pending: Vec::new(), ended: false };
    replay(store, query, &mut sink).await
}

/// Bytes gathered before a chunk goes to the body. The first chunk carries the status,
/// so a register smaller than this is answered whole, and a failure while writing it is
/// still a clean error answer.
const CHUNK: usize = 64 * 1024;

/// A sink that sends what it has written to the body, a chunk at a time.
struct Chunked<'c, S> {
    sink: S,
    chunks: &'c mpsc::Sender<Result<Bytes, ReplayError>>,
    pending: Vec<u8>,
    ended: bool,
}

#[async_trait]
impl<S: Sink + Drain> Sink for Chunked<'_, S> {
    fn row(&mut self, row: &RegisterRow<'_>) -> io::Result<()> {
        self.sink.row(row)
    }

    fn end(&mut self, summary: &Summary) -> io::Result<()> {
        self.sink.end(summary)?;
        self.ended = true;
        Ok(())
    }

    async fn flush(&mut self) -> io::Result<()> {
        self.pending.extend(self.sink.drain()?);
        if self.pending.is_empty() || (self.pending.len() < CHUNK && !self.ended) {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::take(&mut self.pending));
        // A closed channel: the client went away (the body was dropped).
        self.chunks.send(Ok(chunk)).await.map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(pairs: &[(&str, &str)]) -> Result<RegisterRequest, ApiError> {
        RegisterRequest::parse(&pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
    }

    fn fields(error: ApiError) -> Vec<(String, &'static str)> {
        match error {
            ApiError::Validation { errors, .. } => errors.into_iter().map(|e| (e.field, e.code)).collect(),
            other => panic!("not a 422: {other:?}"),
        }
    }

    #[test]
    fn a_request_names_three_dates_and_defaults_to_json() {
        let request = parse(&[("as_of", "2026-12-05"), ("from", "2026-11-01"), ("to", "2026-11-30")]).unwrap();
        assert_eq!(request.format, RegisterFormat::Json);
        assert_eq!(request.query.as_of, "2026-12-05".parse::<NaiveDate>().unwrap());
        assert_eq!(request.filename(), "rejestr-vat_2026-11-01_2026-11-30_stan-na-2026-12-05.csv");
        let csv = parse(&[("as_of", "2026-12-05"), ("from", "2026-11-01"), ("to", "2026-11-01"), ("format", "csv")]);
        assert_eq!(csv.unwrap().format, RegisterFormat::Csv);
    }

    #[test]
    fn every_bad_parameter_is_a_field_error_of_one_422() {
        let missing = fields(parse(&[("from", "2026-11-01")]).unwrap_err());
        assert_eq!(missing, [("as_of".to_string(), FIELD_BLANK), ("to".to_string(), FIELD_BLANK)]);

        let bad = fields(
            parse(&[
                ("as_of", "2026-02-30"),
                ("from", "2026-1-05"),
                ("to", "x".repeat(2000).as_str()),
                ("format", "fa3"),
            ])
            .unwrap_err(),
        );
        assert_eq!(
            bad,
            [
                ("as_of".to_string(), FIELD_NOT_DATE),
                ("from".to_string(), FIELD_NOT_DATE),
                ("to".to_string(), FIELD_NOT_DATE),
                ("format".to_string(), FIELD_INVALID_CHOICE),
            ]
        );

        let backwards =
            fields(parse(&[("as_of", "2026-12-05"), ("from", "2026-11-30"), ("to", "2026-11-01")]).unwrap_err());
        assert_eq!(backwards, [("to".to_string(), FIELD_OUT_OF_RANGE)]);
    }

    #[test]
    fn dates_are_exactly_year_month_day() {
        assert_eq!(parse_date("2026-11-25"), "2026-11-25".parse().ok());
        for bad in
            ["2026-11-5", "+2026-11-25", "2026/11/25", "20261125", "2026-11-25T00:00:00Z", " 2026-11-25", "2026-13-01"]
        {
            assert_eq!(parse_date(bad), None, "{bad:?}");
        }
    }
}
