//! A placed order as its events leave it, and what the decisions ask of it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Invoice, OrderStatus, TicketState};
use crate::order::{CouponUse, Customer, InvoiceRequest, Leg, LegKind, PaymentRef, TicketLine};

/// A placed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderState {
    pub order_id: Uuid,
    pub hash_id: String,
    /// The readable number (`NB-2026-000123`); empty for orders placed before numbers.
    pub number: String,
    pub placed_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub user_id: Option<Uuid>,
    pub customer: Customer,
    pub invoice_request: Option<InvoiceRequest>,
    /// The legs, with their current holds (new ones after a late payment).
    pub outbound: Leg,
    pub back: Option<Leg>,
    pub lines: Vec<TicketLine>,
    pub coupon: Option<CouponUse>,
    pub total: i64,
    pub to_pay: i64,
    /// The gateway transaction the order is paid through now (the latest registered).
    pub payment: PaymentRef,
    /// The session ids of every transaction registered for the order, first to last.
    pub payment_sessions: Vec<String>,
    pub status: OrderStatus,
    /// The payment that paid the order.
    pub paid: Option<Payment>,
    /// Empty until the order is paid.
    pub tickets: Vec<TicketState>,
    pub invoice: Option<Invoice>,
    /// Transactions paid back because the order could not take them.
    pub refunded_transactions: Vec<String>,
    /// The gateway sessions registered for the differences of changes of course.
    pub change_sessions: Vec<String>,
    /// The transactions that paid a change's difference.
    pub change_payments: Vec<String>,
    /// The documents due for KSeF and where each stands there.
    pub ksef: Vec<crate::order::KsefTrack>,
    /// The disruptions of its courses: told, and what was chosen.
    pub disruptions: Vec<DisruptionRecord>,
    /// The refunds owed at the desk that were handed over there (their ids).
    pub paid_out: Vec<Uuid>,
}

/// What the order was told of a disrupted course, and what was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisruptionRecord {
    pub course_id: Uuid,
    /// The announcements told (course event ids).
    pub notices: Vec<Uuid>,
    /// When it was last told.
    pub told_at: Option<DateTime<Utc>>,
    /// What the last notice left unserved (a cancellation from a stop onward); `None`:
    /// every ticket on the course is touched.
    pub unserved_stops: Option<Vec<i64>>,
    /// The last notice offers the choice (a cancellation, or a delay of 120 minutes or more).
    pub choice_offered: bool,
    /// Some notice offered it (a later, shorter delay takes it away: the message says so).
    pub ever_offered: bool,
    pub chosen: Option<DisruptionChosenRecord>,
    /// Owed because the choice came late (art. 19(2)), and when it was paid.
    pub compensation: Option<Compensation>,
}

/// Compensation owed on a disrupted course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compensation {
    pub amount: i64,
    pub owed_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// The choice made for a disrupted course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisruptionChosenRecord {
    pub choice: crate::order::DisruptionChoice,
    pub by: crate::order::ChosenBy,
    pub at: DateTime<Utc>,
    pub to_course_id: Option<Uuid>,
    pub refund_amount: i64,
    /// The tickets the choice was for: those on the course when it was made (a ticket
    /// returned before it is not among them).
    pub seats: u32,
    /// The course as those tickets had it (their stops and times; a ticket moved onto the
    /// course earlier has no leg of the order on it, and is moved away by the choice).
    pub leg: Option<Leg>,
}

/// The payment of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub paid_at: DateTime<Utc>,
    pub amount: i64,
    pub transaction_id: String,
    /// The gateway session it came through (empty in events before sessions were kept).
    pub session_id: String,
}

impl OrderState {
    /// The first 8 characters of the public `hash_id`: enough to name the order to people
    /// (an e-mail's subject, a file name, a transfer's title).
    pub fn short_hash(&self) -> &str {
        let end = self.hash_id.char_indices().nth(8).map_or(self.hash_id.len(), |(i, _)| i);
        &self.hash_id[..end]
    }

    /// The number people see: the readable one, or the short hash for an order placed
    /// before orders were numbered.
    pub fn display_number(&self) -> &str {
        if self.number.is_empty() {
            self.short_hash()
        } else {
            &self.number
        }
    }

    /// The leg going this way, if the order has one.
    pub fn leg(&self, kind: LegKind) -> Option<&Leg> {
        match kind {
            LegKind::Outbound => Some(&self.outbound),
            LegKind::Back => self.back.as_ref(),
        }
    }

    /// The legs in order: outbound, then back.
    pub fn legs(&self) -> impl Iterator<Item = &Leg> {
        std::iter::once(&self.outbound).chain(self.back.as_ref())
    }

    /// The passengers (seats per leg).
    pub fn passengers(&self) -> u32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }

    /// How many tickets payment issues: one per passenger per leg (the numbers and
    /// codes a [`super::PayOrder`] must bring).
    pub fn ticket_count(&self) -> usize {
        self.passengers() as usize * self.legs().count()
    }

    /// The ticket line with this number.
    pub fn line(&self, line: u32) -> Option<&TicketLine> {
        self.lines.iter().find(|l| l.line == line)
    }

    /// The ticket with this number.
    pub fn ticket_by_number(&self, number: &str) -> Option<&TicketState> {
        self.tickets.iter().find(|t| t.ticket.number == number)
    }

    /// The coupon amount spent on the order (0 without a coupon).
    pub fn coupon_amount(&self) -> i64 {
        self.coupon.as_ref().map_or(0, |c| c.amount)
    }

    /// What the order was told (and chose) of a disruption of `course_id`.
    pub fn disruption(&self, course_id: Uuid) -> Option<&DisruptionRecord> {
        self.disruptions.iter().find(|d| d.course_id == course_id)
    }

    /// The record of `course_id`'s disruption, made on first use.
    pub(super) fn disruption_mut(&mut self, course_id: Uuid) -> &mut DisruptionRecord {
        let at = match self.disruptions.iter().position(|d| d.course_id == course_id) {
            Some(at) => at,
            None => {
                self.disruptions.push(DisruptionRecord {
                    course_id,
                    notices: Vec::new(),
                    told_at: None,
                    unserved_stops: None,
                    choice_offered: false,
                    ever_offered: false,
                    chosen: None,
                    compensation: None,
                });
                self.disruptions.len() - 1
            }
        };
        &mut self.disruptions[at]
    }

    /// The ticket whose pending change is paid through the gateway session `session_id`.
    pub fn ticket_of_change_session(&self, session_id: &str) -> Option<&TicketState> {
        self.tickets.iter().find(|t| t.pending_change.as_ref().is_some_and(|c| c.payment.session_id == session_id))
    }
}

#[cfg(test)]
mod tests {
    use crate::order::testing::{given, placed};

    #[test]
    fn the_short_hash_is_the_first_eight_characters_or_all_of_a_shorter_one() {
        let mut order = given([placed(false, 0)]).state().placed().expect("placed").clone();
        assert_eq!(order.short_hash(), "h4sh");
        order.hash_id = "0f3c9a7e2b8d4c1a9e6f5d4c3b2a1908".into();
        assert_eq!(order.short_hash(), "0f3c9a7e");
        order.hash_id = "żółwiąkółeczko".into();
        assert_eq!(order.short_hash(), "żółwiąkó");
    }
}
