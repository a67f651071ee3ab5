//! The documents at risk of missing their legal day to reach KSeF (`rm_ksef_documents`):
//! the one reading of "which deadlines need attention" the admin panel's alert, the admin
//! home's attention count, the daily report's KSeF section and `coach finance ksef status`
//! share.
//!
//! Every document due for KSeF that KSeF does not hold ([`NOT_IN_KSEF`]: waiting, offline,
//! rejected, or started without KSeF's reference yet) has a day it is due by
//! ([`domain::order::due_by`]): the deadline recorded when it went offline, or for one never
//! offline the legal deadline (offline24's: KSeF counts an invoice sent after its issue day
//! as offline), each extended by KSeF's announced outages ([`crate::ksef_outages`]). It is
//! at risk when that day is near ([`domain::order::alert_cutoff`]: on or before the next
//! working day). A document never offline and still waiting counts only once it has waited
//! [`STUCK_AFTER_MINUTES`] (the sender takes one in seconds when KSeF answers), so a fresh
//! invoice is no alert. Each names why it is stuck ([`Stuck`]): its rejection, the invoice
//! a correction waits for, its own last send without an outcome (`KsefSendFailed`: KSeF's
//! "try again" or a refused request, `rm_ksef_documents.trouble`), else the sender's last
//! trouble, so a refused token shows on every document it holds back.

use chrono::NaiveDate;
use domain::order::{alert_cutoff, due_by, Outage};
use sqlx::PgPool;
use uuid::Uuid;

use crate::ksef_outages::{outages, sender_trouble, SenderTrouble};

/// The condition on `rm_ksef_documents` (as `k`) of a document KSeF does not hold yet.
pub const NOT_IN_KSEF: &str =
    "(k.state in ('waiting', 'offline', 'rejected') or (k.state = 'sent' and k.invoice_ref is null))";

/// A document never offline is at risk only once it waited this long.
pub const STUCK_AFTER_MINUTES: i32 = 15;

/// Why a document is not in KSeF yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stuck {
    /// KSeF refused it: its code and reason (the buyer's data are to be corrected).
    Rejected { detail: String },
    /// A correction waits for its invoice's KSeF number.
    WaitingForInvoice { detail: String },
    /// The sender's last rounds could not use KSeF (an outage, a refused token or
    /// request, a protocol error): its message.
    SenderTrouble { detail: String },
    /// Issued offline (KSeF was unavailable); to be sent once it answers.
    Offline,
    /// Sent, KSeF has not confirmed it.
    Unconfirmed,
    /// Waiting with no trouble recorded: the sender has not run (`KSEF_ENV=off`, or no
    /// process sends).
    NotSent,
}

impl Stuck {
    /// The reason's code (`rejected`, `waiting_for_invoice`, `sender_trouble`, `offline`,
    /// `unconfirmed`, `not_sent`).
    pub fn code(&self) -> &'static str {
        match self {
            Stuck::Rejected { .. } => "rejected",
            Stuck::WaitingForInvoice { .. } => "waiting_for_invoice",
            Stuck::SenderTrouble { .. } => "sender_trouble",
            Stuck::Offline => "offline",
            Stuck::Unconfirmed => "unconfirmed",
            Stuck::NotSent => "not_sent",
        }
    }

    /// What it names: the rejection's code and reason, the invoice awaited, the sender's
    /// trouble.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Stuck::Rejected { detail } | Stuck::WaitingForInvoice { detail } | Stuck::SenderTrouble { detail } => {
                Some(detail)
            }
            Stuck::Offline | Stuck::Unconfirmed | Stuck::NotSent => None,
        }
    }
}

/// A document at risk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearDeadline {
    pub document_number: String,
    pub order_id: Uuid,
    /// `waiting`, `offline`, `sent` (started) or `rejected`.
    pub state: String,
    /// The day it is due by (see the module guide).
    pub deadline: NaiveDate,
    pub why: Stuck,
}

/// A row that may be at risk, as read.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Candidate {
    document_number: String,
    order_id: Uuid,
    state: String,
    deadline: Option<NaiveDate>,
    issued_on: NaiveDate,
    offline: bool,
    waiting_for: Option<String>,
    rejection_code: Option<i64>,
    rejection_reason: Option<String>,
    /// Its own last send without an outcome (`KsefSendFailed`: code and reason).
    trouble: Option<String>,
}

impl Candidate {
    fn due_by(&self, outages: &[Outage]) -> NaiveDate {
        due_by(self.issued_on, self.deadline, outages)
    }

    fn why(&self, trouble: Option<&SenderTrouble>) -> Stuck {
        if self.state == "rejected" {
            let code = self.rejection_code.map(|c| format!("{c}: ")).unwrap_or_default();
            return Stuck::Rejected { detail: format!("{code}{}", self.rejection_reason.as_deref().unwrap_or("")) };
        }
        if let Some(invoice) = &self.waiting_for {
            return Stuck::WaitingForInvoice { detail: invoice.clone() };
        }
        // Its own failed send says more than the round's trouble.
        if let Some(own) = &self.trouble {
            return Stuck::SenderTrouble { detail: own.clone() };
        }
        match trouble {
            Some(trouble) => Stuck::SenderTrouble { detail: trouble.message.clone() },
            None if self.state == "sent" => Stuck::Unconfirmed,
            None if self.offline => Stuck::Offline,
            None => Stuck::NotSent,
        }
    }
}

/// The candidates: documents KSeF does not hold whose day, before any announcement, is on
/// or before `cutoff` (announcements only move days later, so none is missed), or every
/// one when `cutoff` is `None`.
async fn candidates(pool: &PgPool, cutoff: Option<NaiveDate>) -> Result<Vec<Candidate>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select k.document_number, k.order_id, k.state, k.deadline, \
                (k.issued_at at time zone 'Europe/Warsaw')::date as issued_on, k.offline, \
                case when k.kind = 'correction' and k.state = 'waiting' and c.ksef_number is null \
                     then k.corrects end as waiting_for, \
                k.rejection_code, k.rejection_reason, k.trouble \
           from rm_ksef_documents k \
           left join rm_ksef_documents c on c.document_number = k.corrects \
          where {NOT_IN_KSEF} and {AT_RISK} \
          order by k.queue_position"
    ))
    .bind(cutoff)
    .bind(STUCK_AFTER_MINUTES)
    .fetch_all(pool)
    .await
}

/// The candidates' condition ($1: the cutoff or null, $2: [`STUCK_AFTER_MINUTES`]): with a
/// recorded deadline, that deadline; without, the issue day before the cutoff (its next
/// working day, the cutoff being a working day, is then on or before it) and waited long
/// enough.
const AT_RISK: &str = "((k.deadline is not null and ($1::date is null or k.deadline <= $1)) \
    or (k.deadline is null and k.issued_at < now() - make_interval(mins => $2) \
        and ($1::date is null or (k.issued_at at time zone 'Europe/Warsaw')::date < $1)))";

/// The documents KSeF does not hold that are at risk on `today` (Warsaw), the earliest
/// day first (at most `limit`).
pub async fn near_deadlines(pool: &PgPool, today: NaiveDate, limit: i64) -> Result<Vec<NearDeadline>, sqlx::Error> {
    let cutoff = alert_cutoff(today);
    let outages = outages(pool).await?;
    let trouble = sender_trouble(pool).await?;
    let mut near: Vec<NearDeadline> = candidates(pool, Some(cutoff))
        .await?
        .into_iter()
        .filter_map(|c| {
            let deadline = c.due_by(&outages);
            (deadline <= cutoff).then(|| NearDeadline {
                why: c.why(trouble.as_ref()),
                document_number: c.document_number,
                order_id: c.order_id,
                state: c.state,
                deadline,
            })
        })
        .collect();
    // Stable: the queue's order within a day.
    near.sort_by_key(|n| n.deadline);
    near.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(near)
}

/// How many documents are at risk on `today` (the admin home's count). Without any
/// announcement the candidates' own condition is the rule, so it is counted in the
/// database (the home page's hot path); with some, as [`near_deadlines`] reads them.
pub async fn near_count(pool: &PgPool, today: NaiveDate) -> Result<i64, sqlx::Error> {
    let cutoff = alert_cutoff(today);
    let outages = outages(pool).await?;
    if outages.is_empty() {
        return sqlx::query_scalar::<_, i64>(&format!(
            "select count(*) from rm_ksef_documents k where {NOT_IN_KSEF} and {AT_RISK}"
        ))
        .bind(Some(cutoff))
        .bind(STUCK_AFTER_MINUTES)
        .fetch_one(pool)
        .await;
    }
    let near = candidates(pool, Some(cutoff)).await?.iter().filter(|c| c.due_by(&outages) <= cutoff).count();
    Ok(i64::try_from(near).unwrap_or(i64::MAX))
}

/// The nearest day a document KSeF does not hold is due by, and its document (among those
/// [`near_deadlines`] would name on some day: a fresh waiting invoice is not one).
pub async fn nearest_deadline(pool: &PgPool) -> Result<Option<(String, NaiveDate)>, sqlx::Error> {
    let outages = outages(pool).await?;
    let all = candidates(pool, None).await?;
    Ok(all
        .into_iter()
        .map(|c| (c.due_by(&outages), c.document_number))
        .min_by_key(|(day, _)| *day)
        .map(|(d, n)| (n, d)))
}
