//! The given/when/then harness ([`crate::testing`]) for orders, and the order the tests
//! start from: one-way or return, two lines (two adults at 39 zł, one student at 49%
//! off), optionally with a 10 zł coupon.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::*;
use crate::money::Reduction;
use crate::testing::{self, Given};

/// Fold `events` into the order a decision sees.
pub fn given(events: impl IntoIterator<Item = OrderEvent>) -> Given<Order> {
    testing::given(events)
}

pub const ORDER: Uuid = Uuid::from_u128(0x0de7);
pub const USER: Uuid = Uuid::from_u128(42);
pub const ADMIN: Uuid = Uuid::from_u128(1);

/// `minutes` after the epoch (the order is placed at 0, expires at 15, the outbound
/// course leaves at 600 and the back course at 1440).
pub fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::UNIX_EPOCH + Duration::minutes(minutes)
}

pub fn leg(kind: LegKind) -> Leg {
    let (course, from, to, departs) = match kind {
        LegKind::Outbound => (100, 10, 20, 600),
        LegKind::Back => (200, 20, 10, 1440),
    };
    Leg {
        kind,
        course_id: Uuid::from_u128(course),
        hold_id: Uuid::from_u128(course + 1),
        route_id: 3,
        route_name: "Kraków – Zakopane".into(),
        from_waypoint_id: from,
        from_name: format!("stop {from}"),
        to_waypoint_id: to,
        to_name: format!("stop {to}"),
        departure_at: at(departs),
        arrival_at: at(departs + 120),
        unit_price: 3900,
    }
}

/// `text` as a line of a name.
pub fn line(text: &str) -> values::Line<100> {
    values::Line::parse(text).expect("a line")
}

pub fn customer() -> Customer {
    Customer {
        first_name: line("Jan"),
        last_name: line("Kowalski"),
        email: Some(values::Email::parse("jan@example.pl").expect("an e-mail")),
        phone: Some(values::Phone::parse("+48600100200").expect("a phone")),
        notify_by_sms: false,
        language: Language::Pl,
    }
}

pub fn invoice_request() -> InvoiceRequest {
    InvoiceRequest {
        country: "PL".into(),
        vat_number: "5260250274".into(),
        company_name: "Firma sp. z o.o.".into(),
        address: "ul. Długa 1".into(),
        postal_code: "30-001".into(),
        city: "Kraków".into(),
    }
}

/// The student discount: 49% off, so 3900 becomes 1989.
pub fn student() -> AppliedDiscount {
    AppliedDiscount { discount_id: 5, name: "Student".into(), reduction: Reduction::Percent(49) }
}

/// Two adults (3900 a leg) and one student (1989 a leg).
pub fn lines(back: bool) -> Vec<TicketLine> {
    let per_leg = |price: i64| if back { 2 * price } else { price };
    vec![
        TicketLine {
            line: 1,
            quantity: 2,
            discount: None,
            outbound_price: 3900,
            back_price: back.then_some(3900),
            total: 2 * per_leg(3900),
            passengers: vec![],
        },
        TicketLine {
            line: 2,
            quantity: 1,
            discount: Some(student()),
            outbound_price: 1989,
            back_price: back.then_some(1989),
            total: per_leg(1989),
            passengers: vec![],
        },
    ]
}

/// What [`placed`] records, as a command.
pub fn place(back: bool, coupon: i64) -> PlaceOrder {
    let lines = lines(back);
    let total = lines.iter().map(|l| l.total).sum::<i64>();
    PlaceOrder {
        order_id: ORDER,
        hash_id: "h4sh".into(),
        number: "NB-1970-000001".into(),
        now: at(0),
        expires_at: at(15),
        user_id: Some(USER),
        customer: customer(),
        invoice: Some(invoice_request()),
        outbound: leg(LegKind::Outbound),
        back: back.then(|| leg(LegKind::Back)),
        lines,
        coupon: (coupon > 0).then(|| CouponUse { code: "LATO".into(), amount: coupon }),
        total,
        to_pay: total - coupon,
        payment: PaymentRef { provider: "sandbox".into(), session_id: "s-1".into(), token: "tok".into() },
    }
}

/// The order placed: return when `back`, with `coupon` grosz of coupon.
pub fn placed(back: bool, coupon: i64) -> OrderEvent {
    let cmd = place(back, coupon);
    OrderEvent::OrderPlaced {
        order_id: cmd.order_id,
        hash_id: cmd.hash_id,
        number: cmd.number,
        placed_at: cmd.now,
        expires_at: cmd.expires_at,
        user_id: cmd.user_id,
        customer: cmd.customer,
        invoice: cmd.invoice,
        outbound: cmd.outbound,
        back: cmd.back,
        lines: cmd.lines,
        coupon: cmd.coupon,
        total: cmd.total,
        to_pay: cmd.to_pay,
        payment: cmd.payment,
    }
}

/// The numbers and codes for `n` tickets: `NK-1`, `NK-2`, … with codes `CODE-1`, ….
pub fn numbers(n: usize) -> Vec<TicketNumber> {
    (1..=n).map(|i| TicketNumber { number: format!("NK-{i}"), code: format!("CODE-{i}") }).collect()
}

/// The payment of [`placed`] (`n` tickets), by transaction `T-1`.
pub fn pay(back: bool, coupon: i64) -> PayOrder {
    let cmd = place(back, coupon);
    PayOrder {
        order_id: ORDER,
        now: at(5),
        amount: cmd.to_pay,
        transaction_id: "T-1".into(),
        session_id: "s-1".into(),
        tickets: numbers(if back { 6 } else { 3 }),
        reheld: vec![],
    }
}

/// The `OrderPaid` that [`pay`] records on [`placed`].
pub fn paid(back: bool, coupon: i64) -> OrderEvent {
    match given([placed(back, coupon)]).when(|s| decide_pay(&pay(back, coupon), s)).outcome() {
        Ok(mut events) if events.len() == 1 => events.remove(0),
        other => panic!("paying the test order failed: {other:?}"),
    }
}

/// The tickets of [`paid`].
pub fn tickets_of(event: &OrderEvent) -> Vec<Ticket> {
    match event {
        OrderEvent::OrderPaid { tickets, .. } => tickets.clone(),
        other => panic!("not a payment: {other:?}"),
    }
}

/// A one-way order placed and paid, without a coupon: its events and its tickets.
pub fn paid_one_way() -> (Vec<OrderEvent>, Vec<Ticket>) {
    let paid = paid(false, 0);
    let tickets = tickets_of(&paid);
    (vec![placed(false, 0), paid], tickets)
}

/// `ticket` moved from the outbound course (100) to `to_course` at minute `minute`, for
/// `price_difference` grosz more (less when negative).
pub fn course_changed(ticket: &Ticket, to_course: Leg, price_difference: i64, minute: i64) -> OrderEvent {
    OrderEvent::TicketCourseChanged {
        order_id: ORDER,
        ticket_id: ticket.ticket_id,
        number: ticket.number.clone(),
        from_course_id: Uuid::from_u128(100),
        to_course,
        price_difference,
        changed_at: at(minute),
    }
}
