//! Erasure of personal data (RODO): one order's on the person's request (art. 17), and the
//! retention schedule's sweep (art. 5(1)(e)). The domain decides what may go when
//! (`domain::order::erasure`); the keyring deletes the subjects' keys (crate `privacy`,
//! crypto-shredding: every event holding their values reads them erased from then on);
//! then the read tables are written again as erased (`projections::scrub`).
//!
//! An order's complaints go with its customer: each as soon as it is answered (an open one
//! waits for its answer, `domain::complaint::erasure`), with its text, answer and files.

use chrono::{DateTime, Months, Utc};
use domain::order::erasure::{self, Erasable, KeptFor};
use domain::order::{Order, OrderState};
use event_store::{Direction, EventStore, ReadFrom, StoreError};
use privacy::{Actor, KeyError, Keyring, Subject};
use projections::scrub::{self, OrderScrub};
use sqlx::PgPool;
use uuid::Uuid;

use crate::aggregate::{load, stream_of, OrderAgg};
use crate::complaints::ComplaintAgg;

pub mod account;
pub mod guest;
pub mod pending;
pub mod person;
pub mod requests;

/// The personal data's commands: a customer deleting their account, the office's requests,
/// a guest's link and erasure by it.
pub fn router() -> axum::Router<crate::CommandState> {
    use axum::routing::post;
    axum::Router::new()
        .route("/user/user/delete-my-account", post(account::delete_my_account))
        .route("/privacy/request/save", post(requests::save))
        .route("/privacy/request/erase", post(requests::erase))
        .route("/privacy/request/close", post(requests::close))
        .route("/privacy/guest/link", post(guest::link))
        .route("/privacy/guest/erase", post(guest::erase))
}

#[derive(Debug, thiserror::Error)]
pub enum ErasureError {
    #[error("no order {0}")]
    NoOrder(Uuid),
    #[error("a complaint's stream: {0}")]
    Complaint(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Keys(#[from] KeyError),
    #[error("the read tables: {0}")]
    Db(#[from] sqlx::Error),
}

/// A subject kept for now: until when, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub subject: Subject,
    pub until: DateTime<Utc>,
    pub why: KeptFor,
}

/// What an erasure of one order did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderErasure {
    /// The subjects erased now (not those erased before).
    pub erased: Vec<Subject>,
    pub kept: Vec<Kept>,
}

/// Who asks, and why (the register keeps both, never the values).
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub actor: Actor,
    /// The account of who asked (none for a guest or the schedule).
    pub by: Option<Uuid>,
    pub reason: &'a str,
    pub now: DateTime<Utc>,
}

/// Erases what may go of `order_id`'s personal data now; says what stays until when.
/// `keys` must be the keyring `store` seals with, so the store reads the erased values
/// erased at once (the read tables are written again from what it reads).
pub async fn erase_order(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    order_id: Uuid,
    request: &Request<'_>,
) -> Result<OrderErasure, ErasureError> {
    let order = placed(store, order_id).await?;
    let plan = erasure::on_request(&order, request.now);
    let mut outcome = OrderErasure::default();
    let subjects = [(Subject::order_customer(order_id), plan.customer), (Subject::order_buyer(order_id), plan.buyer)];
    // An order that never named a buyer has no buyer's data: nothing to erase or record.
    let subjects = subjects.into_iter().take(if erasure::names_a_buyer(&order) { 2 } else { 1 });
    let mut due = [false; 2];
    for (i, (subject, erasable)) in subjects.enumerate() {
        match erasable {
            Erasable::Now => {
                due[i] = true;
                if keys.erase(&subject, request.actor, request.by, request.reason).await? {
                    outcome.erased.push(subject);
                }
            }
            Erasable::Kept { until, why } => outcome.kept.push(Kept { subject, until, why }),
        }
    }
    scrub_order(store, pool, &order, due[0], due[1]).await?;
    for complaint in complaints_of(store, pool, order_id).await? {
        match erase_filed(keys, pool, &complaint, request).await? {
            Ok(true) => outcome.erased.push(Subject::complaint(complaint.complaint_id)),
            Ok(false) => {}
            Err(kept) => outcome.kept.push(kept),
        }
    }
    Ok(outcome)
}

/// Erases complaint `complaint_id` if it is answered; otherwise says until when it stays.
/// `Ok(None)` for one erased (now or before) or never filed.
pub async fn erase_complaint(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    complaint_id: Uuid,
    request: &Request<'_>,
) -> Result<Option<Kept>, ErasureError> {
    let stream = crate::complaints::stream(complaint_id).map_err(|e| ErasureError::Complaint(e.to_string()))?;
    match load::<ComplaintAgg>(store, &stream).await?.state.filed() {
        Some(complaint) => Ok(erase_filed(keys, pool, complaint, request).await?.err()),
        None => Ok(None),
    }
}

/// `Ok(erased now)`, or `Err(kept)` for an open complaint.
async fn erase_filed(
    keys: &Keyring,
    pool: &PgPool,
    complaint: &domain::complaint::Filed,
    request: &Request<'_>,
) -> Result<Result<bool, Kept>, ErasureError> {
    let subject = Subject::complaint(complaint.complaint_id);
    match domain::complaint::erasure::on_request(complaint, request.now) {
        Erasable::Now => {
            let erased = keys.erase(&subject, request.actor, request.by, request.reason).await?;
            scrub::complaint(pool, complaint.complaint_id).await?;
            Ok(Ok(erased))
        }
        Erasable::Kept { until, why } => Ok(Err(Kept { subject, until, why })),
    }
}

/// The complaints filed about `order_id`, as their streams hold them.
async fn complaints_of(
    store: &dyn EventStore,
    pool: &PgPool,
    order_id: Uuid,
) -> Result<Vec<domain::complaint::Filed>, ErasureError> {
    let ids: Vec<Uuid> = sqlx::query_scalar("select complaint_id from rm_complaints where order_id = $1")
        .bind(order_id)
        .fetch_all(pool)
        .await?;
    let mut filed = Vec::with_capacity(ids.len());
    for id in ids {
        let stream = crate::complaints::stream(id).map_err(|e| ErasureError::Complaint(e.to_string()))?;
        filed.extend(load::<ComplaintAgg>(store, &stream).await?.state.filed().cloned());
    }
    Ok(filed)
}

async fn placed(store: &dyn EventStore, order_id: Uuid) -> Result<OrderState, ErasureError> {
    match load::<OrderAgg>(store, &stream_of::<OrderAgg>(&order_id)?).await?.state {
        Order::Placed(state) => Ok(*state),
        _ => Err(ErasureError::NoOrder(order_id)),
    }
}

/// More events than any order has (an order's stream is read in one page).
const MAX_ORDER_EVENTS: usize = 100_000;

/// The read tables of `order` written again from its events as they now read.
async fn scrub_order(
    store: &dyn EventStore,
    pool: &PgPool,
    order: &OrderState,
    customer: bool,
    buyer: bool,
) -> Result<(), ErasureError> {
    if !customer && !buyer {
        return Ok(());
    }
    let stream = stream_of::<OrderAgg>(&order.order_id)?;
    let events = store.read_stream(&stream, ReadFrom::Start, Direction::Forwards, MAX_ORDER_EVENTS).await?;
    let what = OrderScrub { customer, buyer, payment_sessions: order.payment_sessions.clone() };
    scrub::order(pool, order.order_id, &what, &events).await?;
    Ok(())
}

/// What a sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    /// Orders looked at (those whose journeys could be over long enough).
    pub orders: usize,
    pub customers_erased: usize,
    pub buyers_erased: usize,
    /// Answered complaints erased with their order's customer.
    pub complaints_erased: usize,
    /// Subjects erased because their erasure was asked for earlier and is now due.
    pub requested_erased: usize,
}

/// How many orders one round of the sweep reads.
const SWEEP_PAGE: i64 = 500;

/// The retention schedule as of `as_of`: every order whose journey ended more than
/// `keep` before loses its customer's data, and its buyer's once the invoice's retention
/// has ended too. Erasures already made are skipped; a run may stop and start again.
/// `keys` as for [`erase_order`].
pub async fn sweep(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    as_of: DateTime<Utc>,
    keep: Months,
) -> Result<SweepReport, ErasureError> {
    let mut report =
        SweepReport { requested_erased: requested(store, keys, pool, as_of).await?, ..SweepReport::default() };
    let mut after = Uuid::nil();
    let reason = format!("retencja: {} mies. po podróży", keep.as_u32());
    loop {
        let page: Vec<(Uuid,)> = sqlx::query_as(
            "select o.order_id from rm_orders o
             where o.order_id > $1
               and greatest(o.departure_at, o.return_departure_at) < $2 - make_interval(months => $3)
               and (not exists (select 1 from privacy_erasures e where e.subject = 'order:' || o.order_id || ':customer')
                    or exists (select 1 from rm_complaints c where c.order_id = o.order_id
                               and not exists (select 1 from privacy_erasures e where e.subject = 'complaint:' || c.complaint_id))
                    or (o.invoice_number is not null
                        and not exists (select 1 from privacy_erasures e where e.subject = 'order:' || o.order_id || ':buyer')))
             order by o.order_id limit $4",
        )
        .bind(after)
        .bind(as_of)
        .bind(i32::try_from(keep.as_u32()).unwrap_or(i32::MAX))
        .bind(SWEEP_PAGE)
        .fetch_all(pool)
        .await?;
        let Some((last,)) = page.last() else { break };
        after = *last;
        for (order_id,) in page {
            report.orders += 1;
            let order = placed(store, order_id).await?;
            let (customer, buyer) = erasure::due_by_retention(&order, as_of, keep);
            let buyer = buyer && erasure::names_a_buyer(&order);
            if customer && keys.erase(&Subject::order_customer(order_id), Actor::Schedule, None, &reason).await? {
                report.customers_erased += 1;
            }
            if buyer && keys.erase(&Subject::order_buyer(order_id), Actor::Schedule, None, &reason).await? {
                report.buyers_erased += 1;
            }
            scrub_order(store, pool, &order, customer, buyer).await?;
            if customer {
                report.complaints_erased += sweep_complaints(store, keys, pool, order_id, as_of, &reason).await?;
            }
        }
    }
    Ok(report)
}

/// The answered complaints of `order_id` (whose customer the schedule erased) erased too.
async fn sweep_complaints(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    order_id: Uuid,
    as_of: DateTime<Utc>,
    reason: &str,
) -> Result<usize, ErasureError> {
    let mut erased = 0;
    for complaint in complaints_of(store, pool, order_id).await? {
        let request = Request { actor: Actor::Schedule, by: None, reason, now: as_of };
        erased += usize::from(erase_filed(keys, pool, &complaint, &request).await? == Ok(true));
    }
    Ok(erased)
}

/// Erases again what the journal of erasures names and the database does not hold (a
/// backup restored after those erasures): the keys deleted, the read tables written again
/// as erased. Answers how many subjects were erased again. Run at start, before serving.
pub async fn reapply(store: &dyn EventStore, keys: &Keyring, pool: &PgPool) -> Result<usize, ErasureError> {
    let Some(journal) = keys.journal() else { return Ok(0) };
    let written = journal.read().await.map_err(privacy::KeyError::from)?;
    let subjects: Vec<Subject> = written.iter().map(|(s, _)| s.clone()).collect();
    let missing = keys.not_erased(&subjects).await?;
    let mut again = 0;
    for (subject, reason) in written.iter().filter(|(s, _)| missing.contains(s)) {
        if !keys.erase_again(subject, &format!("ponownie po odtworzeniu kopii: {reason}")).await? {
            continue;
        }
        again += 1;
        let name = subject.as_str();
        let id = name.split(':').nth(1).and_then(|id| id.parse::<Uuid>().ok());
        match (name.split(':').next(), id) {
            (Some("order"), Some(order_id)) => match placed(store, order_id).await {
                Ok(order) => {
                    let buyer = name.ends_with(":buyer");
                    scrub_order(store, pool, &order, !buyer, buyer).await?;
                }
                // The backup is older than the order: nothing of it to write again.
                Err(ErasureError::NoOrder(_)) => {}
                Err(e) => return Err(e),
            },
            (Some("complaint"), Some(complaint_id)) => scrub::complaint(pool, complaint_id).await?,
            (Some("account"), Some(user_id)) => person::empty_account(&mut *pool.acquire().await?, user_id).await?,
            _ => {}
        }
    }
    Ok(again)
}

/// The erasures asked for earlier and due by `as_of`, made; what must still stay waits on.
async fn requested(
    store: &dyn EventStore,
    keys: &Keyring,
    pool: &PgPool,
    as_of: DateTime<Utc>,
) -> Result<usize, ErasureError> {
    let mut erased = 0;
    for (order_id, actor, by, reason) in pending::due(pool, as_of).await? {
        let request = Request { actor: Actor::from_code(&actor), by, reason: &reason, now: as_of };
        let outcome = erase_order(store, keys, pool, order_id, &request).await?;
        erased += outcome.erased.len();
        let kept: Vec<String> = outcome.kept.iter().map(|k| k.subject.to_string()).collect();
        pending::settle(pool, order_id, &kept).await?;
        for kept in &outcome.kept {
            pending::wait(pool, order_id, kept, &request).await?;
        }
    }
    Ok(erased)
}
