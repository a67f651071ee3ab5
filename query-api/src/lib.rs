//! # query-api
//!
//! The axum routes that only read: the booking read models (orders, tickets, my tickets,
//! coupons, stamp cards, the change options of a ticket) and the search for connections,
//! from the tables the projections keep. Nothing here writes: there is no event store in
//! [`QueryState`] and no dependency on the command API. (The catalogue and content CRUD
//! is `catalogue-api`'s, accounts are `accounts-api`'s.)
//! Lists follow the conventions of docs/conventions.md (`api_core::list`), errors the body of
//! `api_core::ApiError`, successes `{"data": …}` (`api_core::Data`).
//!
//! Areas, one module each: [`booking`] (orders, tickets, coupons and stamps from the
//! booking read models), [`complaints`] (the complaints' lists, pages and attachments), [`dashboard`] (the admin panel's home page), [`search`] (connections between two stops on a date, from the
//! catalogue tables and the `availability` read model). [`openapi`] is this API's part
//! of the OpenAPI document, which the `app` crate merges and serves.

pub mod booking;
pub mod complaints;
pub mod dashboard;
pub mod messages;
pub mod openapi;
pub mod privacy;
pub mod search;

use axum::extract::FromRef;
use axum::Router;
use sqlx::PgPool;

/// What query handlers need.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
    /// The site's address, for payment links in order answers (e.g. `http://127.0.0.1:8080`).
    pub public_url: String,
    /// Signs the tickets' QR codes (`ticket_token`); its public half is the verification key.
    pub tickets: ticket_token::TicketSigner,
    /// The KSeF environment the invoices go to: its host is in the QR codes the
    /// invoice PDFs print (`ksef::Environment::qr_host`). [`QueryState::new`] starts
    /// with the sandbox; the app sets the configured one ([`QueryState::with_ksef_env`]).
    pub ksef_env: ksef::Environment,
    /// The carrier's offline certificate, when configured: it signs KOD II on the PDFs
    /// of invoices issued offline ([`QueryState::with_ksef_offline`]).
    pub ksef_offline: Option<KsefOffline>,
}

/// The carrier's KSeF offline certificate (`KSEF_OFFLINE_CERT`/`KEY`) and the NIP of the
/// KSeF context it was issued in (KOD II names both, `kody-qr.md`).
#[derive(Clone)]
pub struct KsefOffline {
    /// The context's NIP (`KSEF_NIP`, or the company's); empty: the seller's NIP.
    pub context_nip: String,
    pub certificate: std::sync::Arc<ksef::OfflineCertificate>,
}

impl QueryState {
    /// The state with KSeF's sandbox environment.
    pub fn new(pool: PgPool, public_url: String, tickets: ticket_token::TicketSigner) -> Self {
        QueryState { pool, public_url, tickets, ksef_env: ksef::Environment::Sandbox, ksef_offline: None }
    }

    /// The KSeF environment whose verification host the invoice PDFs' QR codes link to.
    pub fn with_ksef_env(mut self, env: ksef::Environment) -> Self {
        self.ksef_env = env;
        self
    }

    /// The offline certificate KOD II of offline invoices is signed with (none: KOD I only).
    pub fn with_ksef_offline(mut self, offline: Option<KsefOffline>) -> Self {
        self.ksef_offline = offline;
        self
    }
}

impl FromRef<QueryState> for PgPool {
    fn from_ref(state: &QueryState) -> PgPool {
        state.pool.clone()
    }
}

/// The query routes, to be nested under `/api`.
pub fn router(state: QueryState) -> Router {
    Router::new()
        .merge(booking::router())
        .merge(complaints::router())
        .merge(dashboard::router())
        .merge(privacy::router())
        .merge(messages::router())
        .merge(search::router())
        .with_state(state)
}
