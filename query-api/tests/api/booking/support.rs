//! Arranging the booking reads: events written straight to the store (as the command
//! API would), the projections caught up; and reading the answers.

#![allow(dead_code)]

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::money::Reduction;
use domain::order::{AppliedDiscount, CouponUse, Customer, Leg, LegKind, OrderEvent, PaymentRef, Ticket, TicketLine};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::coupons::CouponsProjection;
use projections::orders::OrdersProjection;
use projections::stamps::StampsProjection;
use projections::{Runner, RunnerConfig};
use serde::Serialize;
use serde_json::Value;
use uuid::Uuid;

use crate::helpers::TestApp;
// Reading the answers: the `data` of a `200`, the fields named in a `422`.
pub use test_support::{data, invalid_fields};

// --- Arrange: events in the store, projections caught up --------------------------------

pub fn store(app: &TestApp) -> PgEventStore {
    PgEventStore::new(app.pool.clone())
}

/// Append `events` to `stream` after `after` events, as `user` (metadata).
pub async fn append<E: Serialize>(
    app: &TestApp,
    stream: String,
    after: u64,
    events: &[(&str, &E)],
    user: Option<Uuid>,
) {
    let expected = if after == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(after - 1) };
    let metadata = Metadata { user_id: user.map(|u| u.to_string()), occurred_at: at(-60), ..Metadata::default() };
    let new = events.iter().map(|(t, e)| NewEvent::json(Uuid::new_v4(), t, e, metadata.clone()).unwrap()).collect();
    store(app).append(&StreamName::parse(stream).unwrap(), expected, new).await.unwrap();
}

pub async fn order_events(app: &TestApp, order: Uuid, after: u64, events: &[OrderEvent], user: Option<Uuid>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(app, domain::order::stream_name(order), after, &typed, user).await;
}

/// Bring the booking read models up to date.
pub async fn project(app: &TestApp) {
    let store: Arc<dyn EventStore> = Arc::new(store(app));
    let runner = Runner::new(store, app.pool.clone(), RunnerConfig::default());
    runner.catch_up(&OrdersProjection).await.unwrap();
    runner.catch_up(&CouponsProjection).await.unwrap();
    runner.catch_up(&StampsProjection).await.unwrap();
}

/// A fixed instant in summer (Warsaw is UTC+2), `minutes` later.
pub fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap() + Duration::minutes(minutes)
}

pub fn leg(kind: LegKind, departs: i64) -> Leg {
    Leg {
        kind,
        course_id: Uuid::new_v4(),
        hold_id: Uuid::new_v4(),
        route_id: 7,
        route_name: "Nisko – Kraków".into(),
        from_waypoint_id: 1,
        from_name: "Nisko, Dworzec".into(),
        to_waypoint_id: 3,
        to_name: "Kraków MDA".into(),
        departure_at: at(departs),
        arrival_at: at(departs + 190),
        unit_price: 3900,
    }
}

/// An order being placed: one full-fare and one student passenger, one way.
pub struct Booking {
    pub order: Uuid,
    pub hash_id: String,
    pub user: Option<Uuid>,
    pub email: String,
    pub coupon: Option<(String, i64)>,
    pub placed_minutes: i64,
}

impl Booking {
    pub fn new(user: Option<Uuid>, email: &str) -> Self {
        let order = Uuid::new_v4();
        Booking {
            order,
            hash_id: format!("h{}", order.simple()),
            user,
            email: email.into(),
            coupon: None,
            placed_minutes: 0,
        }
    }

    pub fn placed(&self) -> OrderEvent {
        let student =
            AppliedDiscount { discount_id: 3, name: "Studencka 51%".into(), reduction: Reduction::Percent(51) };
        let lines = vec![
            TicketLine {
                line: 1,
                quantity: 1,
                discount: None,
                outbound_price: 3900,
                back_price: None,
                total: 3900,
                passengers: vec![],
            },
            TicketLine {
                line: 2,
                quantity: 1,
                discount: Some(student),
                outbound_price: 1911,
                back_price: None,
                total: 1911,
                passengers: vec![],
            },
        ];
        let coupon = self.coupon.as_ref().map(|(code, amount)| CouponUse { code: code.clone(), amount: *amount });
        OrderEvent::OrderPlaced {
            order_id: self.order,
            hash_id: self.hash_id.clone(),
            number: "NB-2026-000042".into(),
            placed_at: at(self.placed_minutes),
            expires_at: at(self.placed_minutes + 15),
            user_id: self.user,
            customer: Customer {
                first_name: api_core::values::Line::parse("Jan").unwrap(),
                last_name: api_core::values::Line::parse("Kowalski").unwrap(),
                email: Some(api_core::values::Email::parse(&self.email).unwrap()),
                phone: Some(api_core::values::Phone::parse("+48600100200").unwrap()),
                notify_by_sms: true,
                language: Default::default(),
            },
            invoice: None,
            outbound: leg(LegKind::Outbound, 24 * 60),
            back: None,
            lines,
            to_pay: 5811 - coupon.as_ref().map_or(0, |c| c.amount),
            coupon,
            total: 5811,
            payment: PaymentRef {
                provider: "sandbox".into(),
                session_id: self.order.to_string(),
                token: format!("tok-{}", self.order.simple()),
            },
        }
    }

    pub fn tickets(&self) -> Vec<Ticket> {
        let n = self.order.as_u128() % 1_000_000;
        [(1, 3900), (2, 1911)]
            .into_iter()
            .map(|(line, price)| Ticket {
                ticket_id: Uuid::new_v4(),
                number: format!("NK-2026-{n:06}-{line}"),
                code: format!("CODE{line}ABCDEFGH"),
                leg: LegKind::Outbound,
                line,
                price,
                coupon_part: 0,
                passenger: None,
            })
            .collect()
    }

    /// Placed and, if `paid`, paid: its tickets.
    pub async fn write(&self, app: &TestApp, paid: bool) -> Vec<Ticket> {
        order_events(app, self.order, 0, &[self.placed()], self.user).await;
        if !paid {
            return vec![];
        }
        let tickets = self.tickets();
        let paid = OrderEvent::OrderPaid {
            order_id: self.order,
            paid_at: at(self.placed_minutes + 3),
            amount: 5811,
            transaction_id: "300000001".into(),
            session_id: self.order.to_string(),
            tickets: tickets.clone(),
            reheld: vec![],
        };
        order_events(app, self.order, 1, &[paid], None).await;
        tickets
    }
}

pub fn numbers(list: &Value) -> Vec<String> {
    list["models"].as_array().unwrap().iter().map(|m| m["number"].as_str().unwrap().to_string()).collect()
}
