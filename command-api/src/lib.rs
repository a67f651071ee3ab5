//! # command-api
//!
//! The axum routes that change state, and the processes that keep the booking moving.
//!
//! Each command loads its aggregate from its stream, lets the pure `domain` decide, and
//! appends the resulting events with the expected version it read ([`aggregate`]); a
//! lost race is decided again on the new state. Hot streams (a popular course's seat
//! inventory) go through one writer per stream that shares appends between concurrent
//! commands ([`writer`]).
//!
//! - [`booking`]: the order form's calls (`validate`, `calculate-for-tickets`), placing an
//!   order (`booking/place/`: a process with compensation across the course, coupon and
//!   order streams, its steps listed in `steps.rs`), returning a ticket, changing its
//!   course, an admin's cancellation, sending tickets. Prices and the return-trip rule are
//!   the domain's (`domain::order::price_lines`, `check_return_trip`).
//! - [`holds`]: the seat commands (hold, confirm, release) through the course's writer.
//! - [`payments`]: the gateway's signed notification and recording a payment (also a
//!   late one); the gateway itself is the `payment` crate's port.
//! - [`complaints`]: filing a complaint, the admin's response and answer, and the
//!   e-mails that follow them.
//! - [`coupons`]: checking, spending and giving back coupon value; the admin's coupons.
//! - The catalogue's writes that open or change seat inventories (saving and generating
//!   courses) are `catalogue-api`'s; they go through [`aggregate`] and [`writer`] here.
//! - [`processes`]: what follows events, durable across restarts: the reactions to order
//!   and stamp events (confirm or release seats, refund coupons, stamps and reward
//!   coupons, invoices, ticket e-mails), the expiry of unpaid reservations, and the
//!   recovery of placements interrupted by a crash; the finishing of complaint filings
//!   and coupon batches interrupted by one.
//! - [`idempotency`]: the `Idempotency-Key` header, one layer on every creating command's
//!   route (placing an order, issuing a coupon or a batch, paying again, filing a
//!   complaint), replaying the first answer
//!   as it went out.
//! - [`aggregate`], [`writer`], [`streams`]: the concurrency core (load-decide-append, the
//!   single writer of hot streams, stream names); it answers the domain's refusals and
//!   its own errors, and [`errors`] is the one place they become HTTP answers.
//! - [`erasure`]: erasing an order's personal data (RODO) on request and on the
//!   retention schedule, through the keyring of the `privacy` crate.
//! - [`settings`]: the company settings, parsed once into typed values.
//! - [`visible`]: read your writes: a command whose caller reads a read model next waits
//!   for it. The disruption's commands answer with the query side's own bodies
//!   (`query_api::booking::course_disruption`), given the course and order they have just
//!   written: this crate may use the query side's reads, never the other way round.

pub mod aggregate;
pub mod booking;
pub mod complaints;
pub mod coupons;
pub mod erasure;
pub mod errors;
pub mod holds;
pub mod idempotency;
pub mod messages;
pub mod openapi;
pub mod payments;
pub mod processes;
pub mod settings;
pub mod streams;
pub mod till;
pub mod visible;
pub mod writer;

use std::sync::Arc;

use api_core::mail::Mailer;
use api_core::sms::SmsSender;
use axum::extract::FromRef;
use axum::routing::{get, post, put};
use axum::Router;
use event_store::EventStore;
use payment::PaymentGateway;
use sqlx::PgPool;

use crate::aggregate::InventoryAgg;
use crate::settings::SettingsCache;
use crate::writer::StreamWriters;

/// A crash-test hook: with the cargo feature `failpoints` and `COACH_FAILPOINT=name` in
/// the environment, the process kills itself with SIGKILL at the point named `name` (as
/// a power cut would: nothing runs after it), so a test can check that what was half done
/// is recovered on restart. Without the feature it compiles to nothing.
#[inline]
pub fn failpoint(name: &str) {
    #[cfg(feature = "failpoints")]
    if std::env::var("COACH_FAILPOINT").is_ok_and(|f| f == name) {
        tracing::error!(failpoint = name, "killed at a failpoint");
        let _ = std::process::Command::new("kill").arg("-KILL").arg(std::process::id().to_string()).status();
        std::process::abort();
    }
    #[cfg(not(feature = "failpoints"))]
    let _ = name;
}

/// What command handlers and processes need.
#[derive(Clone)]
pub struct CommandState {
    pub store: Arc<dyn EventStore>,
    pub pool: PgPool,
    pub gateway: Arc<dyn PaymentGateway>,
    /// The mail and SMS ports through the outbox ([`outbox`]): every message is queued,
    /// sent at once and retried.
    pub mailer: Arc<dyn Mailer>,
    pub sms: Arc<dyn SmsSender>,
    /// The outbox itself, for messages queued in the transaction that decides them
    /// ([`booking::send::send_once`]) and its worker.
    pub outbox: Arc<outbox::Outbox>,
    /// The site's public address, without a trailing slash (links in e-mails, the
    /// gateway's return and notification addresses).
    pub public_url: String,
    /// The payment page is this followed by the gateway's token.
    pub payment_page_base: String,
    pub settings: Arc<SettingsCache>,
    /// The single writers of the course streams.
    pub courses: Arc<StreamWriters<InventoryAgg>>,
    /// The placements' records (inserted and removed in batches).
    pub placements: Arc<processes::recovery::Placements>,
    /// The orders' readable numbers (taken in batches).
    pub order_numbers: Arc<booking::place::numbers::OrderNumbers>,
    /// The courses' legs an order travels (read in batches).
    pub course_legs: Arc<booking::catalogue::CourseLegs>,
    /// Signs the tickets' QR codes and checks the codes drivers scan.
    pub tickets: ticket_token::TicketSigner,
    /// Where invoices are sent in KSeF (off until [`CommandState::with_ksef`]).
    pub ksef: Arc<processes::ksef::KsefLink>,
    /// The secret of the SMS gateway's delivery reports' address (`None`: no reports).
    pub sms_callback_key: Option<String>,
    /// How long after placing an unpaid online order gets the link to pay; `None`: half
    /// its reservation ([`booking::payment_link_mail::remind_due`]).
    pub payment_reminder_after: Option<std::time::Duration>,
    /// The keyring `store` seals personal data with ([`CommandState::with_keys`]); an
    /// erasure goes through it so the store forgets at once.
    pub keys: Arc<privacy::Keyring>,
}

impl CommandState {
    /// Each port and setting the commands use, named (they are all different things).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        store: Arc<dyn EventStore>,
        pool: PgPool,
        gateway: Arc<dyn PaymentGateway>,
        mailer: Arc<dyn Mailer>,
        sms: Arc<dyn SmsSender>,
        public_url: String,
        payment_page_base: String,
        tickets: ticket_token::TicketSigner,
    ) -> Self {
        // `mailer` and `sms` are the transports; everything the commands send is queued first.
        let outbox = Arc::new(outbox::Outbox::new(pool.clone(), mailer, sms));
        // The events in this database: rows they only need before them commit ahead.
        let ahead = store.kind() == "postgres";
        CommandState {
            courses: StreamWriters::new(store.clone()),
            placements: Arc::new(processes::recovery::Placements::new(&pool, ahead)),
            order_numbers: Arc::new(booking::place::numbers::OrderNumbers::new(&pool, ahead)),
            course_legs: Arc::new(booking::catalogue::CourseLegs::new(&pool)),
            store,
            gateway,
            mailer: outbox.mailer(),
            sms: outbox.sms(),
            outbox,
            public_url,
            payment_page_base,
            settings: Arc::new(SettingsCache::default()),
            tickets,
            ksef: Arc::new(processes::ksef::KsefLink::off()),
            keys: Arc::new(privacy::Keyring::new(pool.clone())),
            payment_reminder_after: None,
            sms_callback_key: None,
            pool,
        }
    }

    /// The same state, taking the SMS gateway's delivery reports at `key`.
    pub fn with_sms_callback_key(mut self, key: Option<String>) -> Self {
        self.sms_callback_key = key.filter(|k| !k.is_empty());
        self
    }

    /// The same state, reminding of unpaid reservations `after` their placing.
    pub fn with_payment_reminder(mut self, after: Option<std::time::Duration>) -> Self {
        self.payment_reminder_after = after;
        self
    }

    /// The same state, sending invoices to KSeF through `link`.
    pub fn with_ksef(mut self, link: processes::ksef::KsefLink) -> Self {
        self.ksef = Arc::new(link);
        self
    }

    /// The same state, erasing through `keys`: the keyring its store seals with (without
    /// it, a keyring of its own, which the store hears of only through the erasure channel).
    pub fn with_keys(mut self, keys: Arc<privacy::Keyring>) -> Self {
        self.keys = keys;
        self
    }
}

impl FromRef<CommandState> for PgPool {
    fn from_ref(state: &CommandState) -> PgPool {
        state.pool.clone()
    }
}

/// `handler` for an admin only, once per Idempotency-Key. Only an admin reaches the
/// idempotency layer: a refused caller leaves no key behind.
fn admin_once(
    handler: axum::routing::MethodRouter<CommandState>,
    state: &CommandState,
    key: &'static str,
) -> axum::routing::MethodRouter<CommandState> {
    handler
        .route_layer(idempotency::layer(&state.pool, key))
        .route_layer(axum::middleware::from_fn_with_state(state.pool.clone(), api_core::auth::require_admin))
}

/// The command routes, to be nested under `/api`.
pub fn router(state: CommandState) -> Router {
    Router::new()
        .route(
            "/order/order/place",
            post(booking::place::place).route_layer(idempotency::layer(&state.pool, "order.place")),
        )
        .route("/order/order/validate", post(booking::form::validate))
        .route("/course/discount/calculate-for-tickets", post(booking::form::calculate_for_tickets))
        .route(
            "/order/order/pay-again",
            post(booking::pay_again::pay_again).route_layer(idempotency::layer(&state.pool, "order.pay-again")),
        )
        .route(
            "/order/order/save",
            admin_once(post(booking::office::sell), &state, "order.office-sale").put(booking::edit::save),
        )
        .route("/order/order-customer/save", put(booking::edit::save_customer))
        .route("/order/order-user/save", put(booking::order_parts::save_user))
        // Issue 30: the customer attaches the orders they paid for as a guest.
        .route("/user/user/attach-guest-orders", post(booking::attach_guest::attach_guest_orders))
        .route("/order/order-waypoint/save", put(booking::order_parts::save_waypoint))
        .route("/order/ticket/save", put(booking::order_parts::save_ticket))
        .route("/course/stamp/save", post(booking::order_parts::create_stamp).put(booking::order_parts::update_stamp))
        .route("/order/order-invoice/save", put(booking::edit::save_invoice))
        .route("/order/order/cancel", post(booking::cancel::cancel))
        .route("/order/order/cancel-reservation", post(booking::cancel_reservation::cancel_reservation))
        .route("/order/order/return-ticket", post(booking::returns::return_ticket))
        .route("/order/order/return-quote", post(booking::returns::return_quote))
        .route("/order/order/request-invoice", post(booking::invoice_request::request_invoice))
        .route("/order/ksef-outage/save", post(booking::ksef_outage::save))
        .route("/order/order/change-course", post(booking::change::change_course))
        .route("/order/ticket/check-in", post(booking::check_in::check_in))
        .route("/order/order/send-ticket", post(booking::send::send_ticket))
        .route("/order/order/send-ticket-sms", post(booking::send::send_ticket_sms))
        .route("/order/order/print", axum::routing::get(booking::desk_print::print))
        .route("/order/coupon/check", post(coupons::check))
        .route("/order/coupon/save", admin_once(post(coupons::create), &state, "coupon.create").put(coupons::update))
        .route("/order/coupon/batch", admin_once(post(coupons::batch::issue), &state, "coupon.batch"))
        // Issue 28: a course the carrier cancelled or delayed.
        .route("/course/course/cancel", post(booking::disruption::admin::cancel_course))
        .route("/course/course/delay", post(booking::disruption::admin::announce_delay))
        .route("/course/course/disruption-resend", post(booking::disruption::admin::resend))
        .route("/course/course/disruption-choose", post(booking::disruption::admin::choose_for))
        .route("/course/course/disruption-compensation", post(booking::disruption::admin::pay_compensation))
        .route("/course/course/departed", post(booking::disruption::admin::mark_departed))
        .route("/till/refund/pay-out", post(till::pay_out))
        .route("/till/cash/save", post(till::cash))
        .route("/till/day/close", post(till::close))
        .route("/sms/smsapi-report", get(messages::smsapi_report))
        .route("/order/disruption/choose", post(booking::disruption::passenger::choose_by_link))
        .route("/payment/notify/{provider}", post(payments::notify))
        .route(
            complaints::file::PATH,
            // Axum's own limit on a body read whole (2 MB) would refuse the attachments.
            // A retried filing (its Idempotency-Key) is filed once.
            post(complaints::file::file)
                .layer(axum::extract::DefaultBodyLimit::max(complaints::file::MAX_BODY_BYTES))
                .route_layer(idempotency::layer_up_to(&state.pool, "complaint.file", complaints::file::MAX_BODY_BYTES)),
        )
        .route("/complaint/complaint/acknowledge", post(complaints::respond::acknowledge))
        .route("/complaint/complaint/accept", post(complaints::respond::accept))
        .route("/complaint/complaint/reject", post(complaints::respond::reject))
        .route("/complaint/complaint/answer", post(complaints::respond::answer))
        .merge(erasure::router())
        .with_state(state)
}
