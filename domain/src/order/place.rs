//! `PlaceOrder`: record an order whose seats are held, coupon spent and payment
//! registered.
//!
//! Placing is a process across streams (hold seats on each course, spend the coupon,
//! register the payment, then this); the order stream only records the outcome, after
//! checking that the figures the process computed hold together, so a bug there cannot
//! record an order that sells 51 seats or asks for the wrong amount.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{CouponUse, Customer, InvoiceRequest, Leg, LegKind, Order, OrderEvent, PaymentRef, TicketLine};
use crate::coupon::normalize_code;

/// The most seats one line, and one order, may have.
pub const MAX_SEATS: u32 = 50;

/// Record a placed order (the fields of [`OrderEvent::OrderPlaced`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceOrder {
    pub order_id: Uuid,
    pub hash_id: String,
    /// The readable number ([`super::order_number`]).
    pub number: String,
    pub now: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub user_id: Option<Uuid>,
    pub customer: Customer,
    pub invoice: Option<InvoiceRequest>,
    pub outbound: Leg,
    pub back: Option<Leg>,
    pub lines: Vec<TicketLine>,
    pub coupon: Option<CouponUse>,
    pub total: i64,
    pub to_pay: i64,
    pub payment: PaymentRef,
}

/// Why an order cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceOrderError {
    #[error("the order already exists")]
    AlreadyExists,
    #[error("an order needs at least one ticket line")]
    NoLines,
    #[error("line {line}: a quantity is from 1 to {MAX_SEATS}, not {quantity}")]
    BadQuantity { line: u32, quantity: u32 },
    #[error("an order holds at most {MAX_SEATS} seats, not {seats}")]
    TooManySeats { seats: u32 },
    #[error("line {0} appears twice")]
    DuplicateLine(u32),
    #[error("line {0}: more passengers' names than seats")]
    TooManyPassengerNames(u32),
    #[error("the legs are not an outbound and a back leg")]
    WrongLegKind,
    #[error("line {0}: a back price is given exactly when there is a back leg")]
    BackPriceMismatch(u32),
    #[error("line {0}: prices cannot be negative")]
    NegativePrice(u32),
    #[error("line {line}: the total should be {expected}")]
    LineTotalMismatch { line: u32, expected: i64 },
    #[error("the total should be {expected}")]
    TotalMismatch { expected: i64 },
    #[error("the coupon amount must be between 0 and the total")]
    BadCouponAmount,
    #[error("the amount to pay should be {expected}")]
    ToPayMismatch { expected: i64 },
}

/// Record the order: one [`OrderEvent::OrderPlaced`] (the coupon code normalised).
pub fn decide_place(cmd: &PlaceOrder, state: &Order) -> Result<Vec<OrderEvent>, PlaceOrderError> {
    if *state != Order::Unplaced {
        return Err(PlaceOrderError::AlreadyExists);
    }
    if cmd.lines.is_empty() {
        return Err(PlaceOrderError::NoLines);
    }
    if cmd.outbound.kind != LegKind::Outbound || cmd.back.as_ref().is_some_and(|b| b.kind != LegKind::Back) {
        return Err(PlaceOrderError::WrongLegKind);
    }
    let mut seats = 0u32;
    for (i, line) in cmd.lines.iter().enumerate() {
        if !(1..=MAX_SEATS).contains(&line.quantity) {
            return Err(PlaceOrderError::BadQuantity { line: line.line, quantity: line.quantity });
        }
        seats += line.quantity;
        if cmd.lines[..i].iter().any(|l| l.line == line.line) {
            return Err(PlaceOrderError::DuplicateLine(line.line));
        }
        if line.passengers.len() > usize::try_from(line.quantity).unwrap_or(usize::MAX) {
            return Err(PlaceOrderError::TooManyPassengerNames(line.line));
        }
        if line.back_price.is_some() != cmd.back.is_some() {
            return Err(PlaceOrderError::BackPriceMismatch(line.line));
        }
        let per_passenger = line.outbound_price.checked_add(line.back_price.unwrap_or(0));
        if line.outbound_price < 0 || line.back_price.is_some_and(|p| p < 0) {
            return Err(PlaceOrderError::NegativePrice(line.line));
        }
        let expected = per_passenger.and_then(|p| p.checked_mul(i64::from(line.quantity))).unwrap_or(i64::MAX);
        if line.total != expected {
            return Err(PlaceOrderError::LineTotalMismatch { line: line.line, expected });
        }
    }
    if seats > MAX_SEATS {
        return Err(PlaceOrderError::TooManySeats { seats });
    }
    let expected = cmd.lines.iter().try_fold(0i64, |sum, l| sum.checked_add(l.total)).unwrap_or(i64::MAX);
    if cmd.total != expected {
        return Err(PlaceOrderError::TotalMismatch { expected });
    }
    let coupon_amount = cmd.coupon.as_ref().map_or(0, |c| c.amount);
    if !(0..=cmd.total).contains(&coupon_amount) {
        return Err(PlaceOrderError::BadCouponAmount);
    }
    if cmd.to_pay != cmd.total - coupon_amount {
        return Err(PlaceOrderError::ToPayMismatch { expected: cmd.total - coupon_amount });
    }
    Ok(vec![OrderEvent::OrderPlaced {
        order_id: cmd.order_id,
        hash_id: cmd.hash_id.clone(),
        number: cmd.number.clone(),
        placed_at: cmd.now,
        expires_at: cmd.expires_at,
        user_id: cmd.user_id,
        customer: cmd.customer.clone(),
        invoice: cmd.invoice.clone(),
        outbound: cmd.outbound.clone(),
        back: cmd.back.clone(),
        lines: cmd.lines.clone(),
        coupon: cmd.coupon.as_ref().map(|c| CouponUse { code: normalize_code(&c.code), amount: c.amount }),
        total: cmd.total,
        to_pay: cmd.to_pay,
        payment: cmd.payment.clone(),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn refused(cmd: PlaceOrder, error: PlaceOrderError) {
        given([]).when(|s| decide_place(&cmd, s)).then_err(error);
    }

    #[test]
    fn an_order_is_placed_with_its_figures() {
        given([]).when(|s| decide_place(&place(false, 0), s)).then([placed(false, 0)]);
        given([]).when(|s| decide_place(&place(true, 1000), s)).then([placed(true, 1000)]);
    }

    #[test]
    fn the_coupon_code_is_recorded_normalised() {
        let mut cmd = place(false, 1000);
        cmd.coupon = Some(CouponUse { code: " lato ".into(), amount: 1000 });
        given([]).when(|s| decide_place(&cmd, s)).then([placed(false, 1000)]);
    }

    #[test]
    fn an_order_is_placed_once_and_an_abandoned_id_stays_burnt() {
        given([placed(false, 0)]).when(|s| decide_place(&place(false, 0), s)).then_err(PlaceOrderError::AlreadyExists);
        let abandoned = OrderEvent::OrderAbandoned { order_id: ORDER, reason: "no seats".into() };
        given([abandoned]).when(|s| decide_place(&place(false, 0), s)).then_err(PlaceOrderError::AlreadyExists);
    }

    #[test]
    fn an_order_needs_a_line() {
        let mut cmd = place(false, 0);
        cmd.lines.clear();
        cmd.total = 0;
        cmd.to_pay = 0;
        refused(cmd, PlaceOrderError::NoLines);
    }

    #[test]
    fn a_line_has_one_to_fifty_seats() {
        let with_quantity = |quantity: u32| {
            let mut cmd = place(false, 0);
            cmd.lines.truncate(1);
            cmd.lines[0].quantity = quantity;
            cmd.lines[0].total = 3900 * i64::from(quantity);
            cmd.total = cmd.lines[0].total;
            cmd.to_pay = cmd.total;
            cmd
        };
        refused(with_quantity(0), PlaceOrderError::BadQuantity { line: 1, quantity: 0 });
        refused(with_quantity(51), PlaceOrderError::BadQuantity { line: 1, quantity: 51 });
        let fifty = with_quantity(50);
        given([]).when(|s| decide_place(&fifty, s)).outcome().expect("50 seats are fine");
    }

    /// `cmd` with its totals recomputed from its lines (and `coupon` off).
    fn with_totals(mut cmd: PlaceOrder) -> PlaceOrder {
        for line in &mut cmd.lines {
            line.total = i64::from(line.quantity) * (line.outbound_price + line.back_price.unwrap_or(0));
        }
        cmd.total = cmd.lines.iter().map(|l| l.total).sum();
        cmd.to_pay = cmd.total - cmd.coupon.as_ref().map_or(0, |c| c.amount);
        cmd
    }

    #[test]
    fn an_order_has_at_most_fifty_seats() {
        let mut cmd = place(false, 0);
        cmd.lines[0].quantity = 50;
        refused(with_totals(cmd), PlaceOrderError::TooManySeats { seats: 51 });
        let mut cmd = place(true, 0);
        cmd.lines[0].quantity = 49;
        given([]).when(|s| decide_place(&with_totals(cmd), s)).outcome().expect("50 seats on each leg are fine");
    }

    #[test]
    fn line_numbers_are_unique() {
        let mut cmd = place(false, 0);
        cmd.lines[1].line = 1;
        refused(cmd, PlaceOrderError::DuplicateLine(1));
    }

    #[test]
    fn a_line_names_at_most_its_passengers() {
        let mut cmd = place(false, 0);
        cmd.lines[0].passengers = vec!["Anna Nowak".into(), String::new()];
        given([]).when(|s| decide_place(&cmd, s)).outcome().expect("a name per seat is fine");
        cmd.lines[1].passengers = vec!["Jan Kowalski".into(), "Ewa Kowalska".into()];
        refused(cmd, PlaceOrderError::TooManyPassengerNames(2));
    }

    #[test]
    fn legs_go_out_then_back() {
        let mut cmd = place(true, 0);
        cmd.outbound.kind = LegKind::Back;
        refused(cmd, PlaceOrderError::WrongLegKind);
        let mut cmd = place(true, 0);
        cmd.back = Some(leg(LegKind::Outbound));
        refused(cmd, PlaceOrderError::WrongLegKind);
    }

    #[test]
    fn a_back_price_comes_with_a_back_leg() {
        let mut cmd = place(true, 0);
        cmd.back = None;
        refused(cmd, PlaceOrderError::BackPriceMismatch(1));
        let mut cmd = place(false, 0);
        cmd.lines[1].back_price = Some(1989);
        refused(with_totals(cmd), PlaceOrderError::BackPriceMismatch(2));
    }

    #[test]
    fn prices_are_not_negative() {
        let mut cmd = place(false, 0);
        cmd.lines[1].outbound_price = -1;
        refused(with_totals(cmd), PlaceOrderError::NegativePrice(2));
    }

    #[test]
    fn totals_add_up() {
        let mut cmd = place(true, 0);
        cmd.lines[1].total += 1;
        refused(cmd, PlaceOrderError::LineTotalMismatch { line: 2, expected: 2 * 1989 });
        let mut cmd = place(false, 0);
        cmd.total += 1;
        cmd.to_pay += 1;
        refused(cmd, PlaceOrderError::TotalMismatch { expected: 2 * 3900 + 1989 });
    }

    #[test]
    fn the_coupon_covers_at_most_the_total() {
        let total = 2 * 3900 + 1989;
        let mut cmd = place(false, 0);
        cmd.coupon = Some(CouponUse { code: "LATO".into(), amount: total });
        cmd.to_pay = 0;
        given([]).when(|s| decide_place(&cmd, s)).outcome().expect("a coupon may pay for everything");
        cmd.coupon = Some(CouponUse { code: "LATO".into(), amount: total + 1 });
        cmd.to_pay = -1;
        refused(cmd.clone(), PlaceOrderError::BadCouponAmount);
        cmd.coupon = Some(CouponUse { code: "LATO".into(), amount: -1 });
        cmd.to_pay = total + 1;
        refused(cmd, PlaceOrderError::BadCouponAmount);
    }

    #[test]
    fn to_pay_is_the_total_less_the_coupon() {
        let mut cmd = place(false, 1000);
        cmd.to_pay += 1;
        refused(cmd, PlaceOrderError::ToPayMismatch { expected: 2 * 3900 + 1989 - 1000 });
    }
}
