//! KSeF's announced outages as the admin panel lists them (`GET /order/ksef-outage/all`,
//! admin): every announcement entered (`ksef_outages`, who entered it and when; the
//! command side's `POST /order/ksef-outage/save` and `coach finance ksef outage` enter
//! them), the sender's last trouble, where the sending stands (the interactive session in
//! use, the calls left in KSeF's limits, the oldest document KSeF does not hold yet) and
//! whether offline invoicing is possible at all (the offline certificate, which signs
//! KOD II, and what happens without it).

use api_core::auth::AdminUser;
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use projections::ksef_outages::{rows, sender_trouble};
use projections::ksef_sender;
use serde::Serialize;
use utoipa::ToSchema;

use crate::QueryState;

/// The outages entered, and what offline invoicing can do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefOutages {
    /// The latest entered first.
    pub outages: Vec<KsefOutage>,
    /// The offline certificate (`KSEF_OFFLINE_CERT`) is configured: offline invoices
    /// carry KOD II.
    pub offline_certificate: bool,
    /// Without the certificate (and KSeF in use): that offline invoicing is not possible,
    /// and what happens instead (Polish, then English).
    pub certificate_note: Option<String>,
    /// Why the sender could not use KSeF in its last rounds (none: its last round had no
    /// trouble, or none ran).
    pub sender_trouble: Option<KsefTrouble>,
    /// Where the sending stood after the sender's last round (none before its first).
    pub sender: Option<KsefSender>,
    /// The document issued first among those KSeF does not hold yet (none: it holds all).
    pub oldest_not_in_ksef: Option<KsefOldest>,
}

/// The sender as of its last round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefSender {
    pub noted_at: DateTime<Utc>,
    /// The interactive session it keeps open (none between rounds without documents).
    pub session: Option<KsefSession>,
    /// KSeF's limited operations: the calls left in each window, by the sender's own
    /// count (80 % of KSeF's limits).
    pub operations: Vec<KsefOperationLeft>,
}

/// The interactive session in use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefSession {
    pub reference: String,
    pub opened_at: DateTime<Utc>,
    /// When KSeF closes it by itself.
    pub valid_until: Option<DateTime<Utc>>,
}

/// One operation's calls left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefOperationLeft {
    /// KSeF's name for it (`sendInvoice`, `openOnlineSession`, …).
    pub operation: String,
    pub windows: Vec<KsefWindowLeft>,
    /// Held after KSeF answered 429, until then.
    pub blocked_until: Option<DateTime<Utc>>,
    /// Calls made since the sending process started.
    #[schema(minimum = 0)]
    pub calls: u64,
}

/// One window's calls left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefWindowLeft {
    /// `second`, `minute` or `hour`.
    pub window: String,
    #[schema(minimum = 0)]
    pub budget: u32,
    #[schema(minimum = 0)]
    pub left: u32,
}

/// The oldest document not in KSeF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefOldest {
    pub document_number: String,
    /// `waiting`, `offline` or `sent` (no answer yet).
    pub state: String,
    pub issued_at: DateTime<Utc>,
}

/// An announcement as entered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefOutage {
    pub id: i64,
    /// `unavailable` (due the next working day after its end) or `emergency` (7 working
    /// days from its end).
    pub kind: String,
    /// First and last day (Warsaw, inclusive).
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub note: String,
    /// The admin's e-mail, or `cli:<user>`.
    pub entered_by: String,
    pub entered_at: DateTime<Utc>,
}

/// The sender's trouble.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KsefTrouble {
    /// The client's error: `KSeF is unavailable: …` (an outage), `KSeF refused the
    /// authentication: …`, `KSeF refused the request (…): …`, `KSeF answered something
    /// unexpected: …`.
    pub message: String,
    pub since: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

/// KSeF's announced outages, the sender's trouble and the offline certificate (admin).
#[utoipa::path(get, path = "/api/order/ksef-outage/all", tag = "order", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": KsefOutages}`", body = Data<KsefOutages>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin")))]
#[tracing::instrument(skip(state))]
pub async fn all(_: AdminUser, State(state): State<QueryState>) -> Result<Data<KsefOutages>, ApiError> {
    let outages = rows(&state.pool)
        .await?
        .into_iter()
        .map(|r| KsefOutage {
            id: r.id,
            kind: r.kind,
            from: r.starts_on,
            to: r.ends_on,
            note: r.note,
            entered_by: r.entered_by,
            entered_at: r.entered_at,
        })
        .collect();
    let sender_trouble = sender_trouble(&state.pool).await?.map(|t| KsefTrouble {
        message: t.message,
        since: t.since,
        last_at: t.last_at,
    });
    let sender = ksef_sender::status(&state.pool).await?.map(sender_view);
    let oldest_not_in_ksef = ksef_sender::oldest_waiting(&state.pool).await?.map(|o| KsefOldest {
        document_number: o.document_number,
        state: o.state,
        issued_at: o.issued_at,
    });
    let offline_certificate = state.ksef_offline.is_some();
    let used = state.ksef_env != ksef::Environment::Off;
    let certificate_note = (used && !offline_certificate).then(|| ksef::qr::OFFLINE_WITHOUT_CERTIFICATE.to_owned());
    Ok(Data::new(KsefOutages {
        outages,
        offline_certificate,
        certificate_note,
        sender_trouble,
        sender,
        oldest_not_in_ksef,
    }))
}

fn sender_view(status: ksef_sender::SenderStatus) -> KsefSender {
    KsefSender {
        noted_at: status.noted_at,
        session: status.session.map(|s| KsefSession {
            reference: s.reference,
            opened_at: s.opened_at,
            valid_until: s.valid_until,
        }),
        operations: status
            .operations
            .into_iter()
            .map(|o| KsefOperationLeft {
                operation: o.operation,
                windows: o
                    .windows
                    .into_iter()
                    .map(|w| KsefWindowLeft { window: w.window, budget: w.budget, left: w.left })
                    .collect(),
                blocked_until: o.blocked_until,
                calls: o.calls,
            })
            .collect(),
    }
}
