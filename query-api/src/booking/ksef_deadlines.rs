//! The admin panel's KSeF deadline alert (`GET /order/order-invoice/ksef-deadlines`):
//! the documents KSeF does not hold yet whose day to reach it (offline or not, extended by
//! KSeF's announced outages) falls within one working day of today (Warsaw), with why each
//! is stuck, as `projections::ksef_deadlines` reads them for the daily report and
//! `coach finance ksef status` too, with each document's id so the alert links to its
//! invoice page.

use api_core::auth::AdminUser;
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::NaiveDate;
use domain::order::alert_cutoff;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::ksef_status::KsefState;
use crate::QueryState;

/// How many documents the alert names at most (`more` says there are others).
const LISTED: i64 = 100;

/// The deadlines that need attention today.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefDeadlines {
    /// Today in Warsaw.
    pub today: NaiveDate,
    /// The next working day: a deadline on or before it is named.
    pub due_by: NaiveDate,
    /// The earliest deadline first (empty: no alert).
    pub documents: Vec<KsefDeadline>,
    /// More documents are due than are named.
    pub more: bool,
}

/// A document KSeF does not hold yet, due within one working day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefDeadline {
    /// The document's id (its invoice page), when the invoice read model has it.
    pub id: Option<Uuid>,
    pub number: String,
    pub order_id: Uuid,
    /// `waiting`, `offline`, `sent` (a send begun, not confirmed) or `rejected`.
    pub state: KsefState,
    /// The last day it may be sent on.
    pub deadline: NaiveDate,
    /// The deadline has passed.
    pub overdue: bool,
    /// Why it is not in KSeF: `rejected`, `waiting_for_invoice` (a correction whose
    /// invoice has no KSeF number), `sender_trouble` (the sender's last rounds could not
    /// use KSeF: an outage, a refused token or request), `offline`, `unconfirmed` (sent,
    /// not confirmed) or `not_sent` (the sender has not run).
    pub why: String,
    /// The rejection's code and reason, the invoice awaited, or the sender's trouble.
    pub detail: Option<String>,
}

/// The documents whose day to reach KSeF falls within one working day, and why each is stuck (admin).
#[utoipa::path(get, path = "/api/order/order-invoice/ksef-deadlines", tag = "order", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": KsefDeadlines}` (no documents: no alert)", body = Data<KsefDeadlines>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin")))]
#[tracing::instrument(skip(state))]
pub async fn ksef_deadlines(_: AdminUser, State(state): State<QueryState>) -> Result<Data<KsefDeadlines>, ApiError> {
    let today = api_core::time::warsaw_today();
    let mut near = projections::ksef_deadlines::near_deadlines(&state.pool, today, LISTED + 1).await?;
    let more = near.len() > usize::try_from(LISTED).unwrap_or(usize::MAX);
    near.truncate(usize::try_from(LISTED).unwrap_or(usize::MAX));
    let numbers: Vec<String> = near.iter().map(|n| n.document_number.clone()).collect();
    let ids: Vec<(String, Uuid)> = sqlx::query_as("select number, invoice_id from rm_invoices where number = any($1)")
        .bind(&numbers)
        .fetch_all(&state.pool)
        .await?;
    let documents = near
        .into_iter()
        .filter_map(|n| {
            let id = ids.iter().find(|(number, _)| *number == n.document_number).map(|(_, id)| *id);
            Some(KsefDeadline {
                id,
                state: KsefState::of_code(&n.state)?,
                overdue: n.deadline < today,
                why: n.why.code().to_owned(),
                detail: n.why.detail().map(str::to_owned),
                number: n.document_number,
                order_id: n.order_id,
                deadline: n.deadline,
            })
        })
        .collect();
    Ok(Data::new(KsefDeadlines { today, due_by: alert_cutoff(today), documents, more }))
}
