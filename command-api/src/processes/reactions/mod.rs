//! The reactions to order and stamp-card events: a process manager that follows the
//! event store like a projection (checkpointed by the projection runner, one active
//! runner per cluster through its advisory lock, resumed after a restart), but whose
//! output is commands on other streams rather than rows.
//!
//! - `OrderPaid`: confirm the order's holds, a stamp per ticket for a logged-in
//!   customer, the invoice if one was asked for.
//! - `OrderAssignedToUser` (a paid guest order given to an account): its stamps.
//! - `InvoiceDataChanged` with an invoice, on a paid order (asked for after payment): the
//!   invoice, at once.
//! - `OrderExpired`, `OrderCancelled`: seats and coupon value back (stamps too when
//!   cancelled after payment).
//! - `TicketReturned`: the seat, the coupon part and the stamp back; the customer told
//!   what comes back and where ([`crate::booking::after_sale_mail`]), once for all the
//!   tickets of a disruption's refund (`DisruptionChosen`).
//! - `TicketCourseChanged`: the old seat back, the new one confirmed; the customer sent
//!   the new ticket.
//! - Whatever changes an invoiced order's value (a return, a cancellation after payment,
//!   a cheaper course): a correction invoice ([`ValueChange`]).
//! - `InvoiceIssued`, `InvoiceCorrected`, `RejectedInvoiceAmended` (and a corrected
//!   invoice's `KsefAccepted`): the document's XML fixed and stored
//!   ([`super::ksef::issued_xml`]).
//! - `InvoiceIssued`, `InvoiceCorrected`: the document's PDF by e-mail to the customer and
//!   a copy to the invoice office ([`crate::booking::invoice_mail`]), once each; for a
//!   document due for KSeF, on `KsefAccepted` or `KsefWentOffline` instead.
//! - `RewardEarned`: the reward coupon is issued to the user.
//! - Whatever owes money back (a return, a cancellation after payment, a cheaper course,
//!   `LatePaymentRefunded`, `CompensationPaid`): the refund is recorded for the gateway
//!   ([`super::refunds`]).
//!
//! At least once: a batch whose checkpoint did not commit is offered again, and every
//! step is idempotent by a derived id (see [`super::effects`]), so a replay changes
//! nothing. The invoice numbers live outside the event store: each is reserved for what
//! it numbers before the append ([`invoice_number`]), so a failed append is retried
//! under the same number, and the order's own state says whether it was issued.

use async_trait::async_trait;
use chrono::Utc;
use domain::coupon::{self, CouponOrigin, IssueCoupon};
use domain::order::{self, IssueInvoice, OrderEvent};
use domain::stamp_card::StampCardEvent;
use event_store::{Metadata, RecordedEvent, StreamName, SubscriptionFilter};
use futures::stream::{self, StreamExt};
use projections::{Projection, ProjectionError};
use sqlx::PgConnection;
use uuid::Uuid;

mod by_stream;
mod value_change;

use super::effects::{self, End};
use super::invoice_numbers::invoice_number;
use crate::aggregate::{self, CouponAgg, ExecuteError, OrderAgg};
use crate::booking::after_sale_mail::{self, Returned};
use crate::streams::order_stream;
use crate::CommandState;
use by_stream::{by_stream, STREAMS_AT_ONCE};
use value_change::ValueChange;

/// The name of its checkpoint.
pub const NAME: &str = "booking-process";

/// Every event type [`BookingReactions::react`] acts on: the subscription delivers only
/// these, so an event matched there but missing here is never reacted to (as
/// `OrderAssignedToUser` and `InvoiceDataChanged` once were: an order given to an account
/// after payment earned no stamps, an invoice asked for after payment was never issued).
const REACTS_TO: [&str; 17] = [
    "OrderPaid",
    "OrderAssignedToUser",
    "InvoiceDataChanged",
    "OrderExpired",
    "OrderCancelled",
    "TicketReturned",
    "TicketCourseChanged",
    "TicketChangeExpired",
    "LatePaymentRefunded",
    "CompensationPaid",
    "DisruptionChosen",
    "InvoiceIssued",
    "InvoiceCorrected",
    "RejectedInvoiceAmended",
    "KsefAccepted",
    "KsefWentOffline",
    "RewardEarned",
];

/// See the module documentation.
pub struct BookingReactions {
    pub state: CommandState,
}

#[async_trait]
impl Projection for BookingReactions {
    fn name(&self) -> &'static str {
        NAME
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::EventType(REACTS_TO.map(String::from).to_vec())
    }

    /// Each stream's events in their order, up to [`STREAMS_AT_ONCE`] streams side by side.
    /// Every reaction still in flight when one fails is let finish (none is cut off
    /// between its steps), then the batch fails and is offered again from its checkpoint.
    async fn apply(&self, _conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let reactions: Vec<_> = by_stream(events).into_iter().map(|group| self.react_in_order(group)).collect();
        let outcomes: Vec<Result<(), String>> =
            stream::iter(reactions).buffer_unordered(STREAMS_AT_ONCE).collect().await;
        outcomes
            .into_iter()
            .collect::<Result<(), String>>()
            .map_err(|reason| ProjectionError::Handler { projection: NAME, reason })
    }

    async fn reset(&self, _conn: &mut PgConnection) -> Result<(), ProjectionError> {
        // Nothing of its own to drop; replaying from the start is harmless.
        Ok(())
    }
}

impl BookingReactions {
    /// One stream's events of a batch, one after the other.
    async fn react_in_order(&self, events: Vec<&RecordedEvent>) -> Result<(), String> {
        for recorded in events {
            self.react(recorded).await?;
        }
        Ok(())
    }

    async fn react(&self, recorded: &RecordedEvent) -> Result<(), String> {
        let metadata = Metadata {
            correlation_id: recorded.metadata.correlation_id,
            causation_id: Some(recorded.id),
            user_id: None,
            occurred_at: Utc::now(),
        };
        if recorded.stream.starts_with(domain::stamp_card::STREAM_PREFIX) {
            let event: StampCardEvent = recorded.decode().map_err(|e| e.to_string())?;
            if let StampCardEvent::RewardEarned { user_id, coupon_code, value } = event {
                self.issue_reward(user_id, &coupon_code, value, &metadata).await?;
            }
            return Ok(());
        }
        // A reaction to an order's event acts on the order as it stands after it.
        if !recorded.stream.starts_with(order::STREAM_PREFIX) {
            return Ok(());
        }
        let event: OrderEvent = recorded.decode().map_err(|e| e.to_string())?;
        let state = &self.state;
        let stream = order_stream(event.order_id()).map_err(|e| e.to_string())?;
        let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &stream).await.map_err(|e| e.to_string())?;
        let Some(placed) = loaded.state.placed() else { return Ok(()) };
        super::ksef::issued_xml::fix_after(state, placed, &event).await?;
        self.effects_of(&event, placed, recorded.id, &metadata).await?;
        if let Some(change) = ValueChange::of(&event) {
            self.correct_invoice(placed, change, &metadata).await?;
        }
        for owed in super::refunds::owed_by(&event, recorded.id, placed) {
            super::refunds::owe(state, &owed).await?;
        }
        Ok(())
    }

    /// What an order's event sets off: the tickets, invoices, stamps and mails after a
    /// payment, the seats given back after an end, a return or a change, the mails of
    /// documents once KSeF has them. (Each effect is once-only by its own mark.)
    async fn effects_of(
        &self,
        event: &OrderEvent,
        placed: &order::OrderState,
        event_id: Uuid,
        metadata: &Metadata,
    ) -> Result<(), String> {
        let state = &self.state;
        match event {
            OrderEvent::OrderPaid { .. } => {
                effects::after_payment(state, placed, metadata).await;
                self.issue_invoice(placed, metadata).await?;
                crate::booking::send::send_after_payment(state, placed).await;
            }
            // An invoice asked for after the payment (an admin's change) is due now.
            OrderEvent::InvoiceDataChanged { invoice: Some(_), .. } if placed.status == order::OrderStatus::Paid => {
                self.issue_invoice(placed, metadata).await?;
            }
            OrderEvent::OrderAssignedToUser { .. } if placed.paid.is_some() => {
                effects::add_stamps(state, placed, metadata).await;
            }
            // A document due for KSeF is mailed once KSeF numbered it (or it went offline).
            OrderEvent::InvoiceIssued { ksef, .. } | OrderEvent::InvoiceCorrected { ksef, .. }
                if !(*ksef && state.ksef.client.is_some()) =>
            {
                crate::booking::invoice_mail::send_document(state, placed, event).await;
            }
            OrderEvent::KsefAccepted { document, .. } | OrderEvent::KsefWentOffline { document, .. } => {
                crate::booking::invoice_mail::send_after_ksef(state, placed, document).await;
            }
            OrderEvent::OrderExpired { .. } => effects::after_end(state, placed, End::Expired, metadata).await,
            OrderEvent::OrderCancelled { .. } => effects::after_end(state, placed, End::Cancelled, metadata).await,
            OrderEvent::TicketReturned {
                ticket_id,
                number,
                price,
                fee,
                coupon_refund,
                money_refund,
                returned_at,
                ..
            } => {
                effects::after_return(state, placed, *ticket_id, *coupon_refund, metadata).await;
                let returned = Returned {
                    number,
                    price: *price,
                    fee: *fee,
                    coupon_refund: *coupon_refund,
                    money_refund: *money_refund,
                };
                // A disruption's refund is told once for all its tickets (`DisruptionChosen`).
                if !after_sale_mail::part_of_disruption_refund(placed, *returned_at) {
                    after_sale_mail::ticket_returned(state, placed, returned, event_id).await;
                }
            }
            OrderEvent::DisruptionChosen {
                course_id, choice: order::DisruptionChoice::Refund, refund_amount, ..
            } => {
                after_sale_mail::disruption_refunded(state, placed, *course_id, *refund_amount).await;
            }
            OrderEvent::TicketChangeExpired { to_course_id, hold_id, .. } => {
                effects::after_change_expired(state, placed.order_id, *to_course_id, *hold_id, metadata).await;
            }
            OrderEvent::TicketCourseChanged { ticket_id, to_course, changed_at, .. } => {
                let kind = placed.tickets.iter().find(|t| t.ticket.ticket_id == *ticket_id).map(|t| t.ticket.leg);
                if let Some(old) = kind.and_then(|k| placed.leg(k)) {
                    effects::after_change(state, placed, *ticket_id, &old.clone(), metadata).await;
                }
                after_sale_mail::tickets_moved(state, placed, to_course.course_id, *changed_at).await;
            }
            _ => {}
        }
        Ok(())
    }

    async fn issue_reward(&self, user_id: Uuid, code: &str, value: i64, metadata: &Metadata) -> Result<(), String> {
        let stream = StreamName::parse(coupon::stream_name(code)).map_err(|e| e.to_string())?;
        let command = IssueCoupon {
            code: code.to_owned(),
            value,
            expires_at: None,
            user_id: Some(user_id),
            origin: CouponOrigin::StampReward,
        };
        let result = aggregate::execute::<CouponAgg, _, _>(
            self.state.store.as_ref(),
            &stream,
            Uuid::new_v5(&user_id, code.as_bytes()),
            metadata,
            |c| if matches!(c, coupon::Coupon::Issued(_)) { Ok(vec![]) } else { coupon::decide_issue(&command, c) },
        )
        .await;
        match result {
            Ok(_) => Ok(()),
            Err(ExecuteError::Refused(e)) => Err(format!("issuing reward coupon {code}: {e}")),
            Err(ExecuteError::Store(e)) => Err(e.to_string()),
        }
    }

    async fn issue_invoice(&self, order: &order::OrderState, metadata: &Metadata) -> Result<(), String> {
        if order.invoice_request.is_none() || order.invoice.is_some() {
            return Ok(());
        }
        let state = &self.state;
        let settings = state.settings.get(&state.pool).await.map_err(|e| e.to_string())?;
        let purpose = format!("invoice/{}", order.order_id);
        let number = invoice_number(state, &settings.invoice_prefix, &purpose).await?;
        let now = Utc::now();
        let paid_at = order.paid.as_ref().map_or(now, |p| p.paid_at);
        let command = IssueInvoice {
            order_id: order.order_id,
            number,
            now,
            vat_rate: settings.vat_rate.get(),
            sale_date: paid_at.with_timezone(&chrono_tz::Europe::Warsaw).date_naive(),
            seller: settings.seller.clone(),
            send_consumers: settings.ksef_send_consumers,
        };
        let stream = order_stream(order.order_id).map_err(|e| e.to_string())?;
        let result = aggregate::execute::<OrderAgg, _, _>(
            state.store.as_ref(),
            &stream,
            Uuid::new_v5(&order.order_id, b"invoice"),
            metadata,
            |o| match o.placed() {
                Some(p) if p.invoice.is_some() => Ok(vec![]),
                _ => order::decide_issue_invoice(&command, o),
            },
        )
        .await;
        result.map(|_| ()).map_err(|e| match e {
            ExecuteError::Refused(e) => format!("issuing the invoice: {e}"),
            ExecuteError::Store(e) => e.to_string(),
        })
    }

    /// The correction invoice for a change of an invoiced order's value, once: nothing
    /// when no invoice was issued or the value did not change.
    async fn correct_invoice(
        &self,
        order: &order::OrderState,
        change: ValueChange,
        metadata: &Metadata,
    ) -> Result<(), String> {
        if order.invoice.is_none() || change.amount == 0 {
            return Ok(());
        }
        // A correction, once appended, is marked (below), so a replay stops here; the
        // mark also covers the corrections issued before numbers were reserved.
        let done: Option<(Uuid,)> =
            sqlx::query_as("select order_id from sent_messages where order_id = $1 and kind = $2")
                .bind(order.order_id)
                .bind(&change.done_mark)
                .fetch_optional(&self.state.pool)
                .await
                .map_err(|e| e.to_string())?;
        if done.is_some() {
            return Ok(());
        }
        let settings = self.state.settings.get(&self.state.pool).await.map_err(|e| e.to_string())?;
        let series = format!("{}-KOR", settings.invoice_prefix);
        let number = invoice_number(&self.state, &series, &change.purpose).await?;
        let command = order::CorrectInvoice {
            order_id: order.order_id,
            number,
            amount: change.amount,
            now: Utc::now(),
            reason: change.reason,
            line: change.line,
            buyer: None,
            seller: settings.seller.clone(),
            send_consumers: settings.ksef_send_consumers,
        };
        let stream = order_stream(order.order_id).map_err(|e| e.to_string())?;
        aggregate::execute::<OrderAgg, _, _>(self.state.store.as_ref(), &stream, change.command_id, metadata, |o| {
            order::decide_correct_invoice(&command, o)
        })
        .await
        .map_err(|e| match e {
            ExecuteError::Refused(e) => format!("correcting the invoice: {e}"),
            ExecuteError::Store(e) => e.to_string(),
        })?;
        sqlx::query("insert into sent_messages (order_id, kind) values ($1, $2) on conflict do nothing")
            .bind(order.order_id)
            .bind(&change.done_mark)
            .execute(&self.state.pool)
            .await
            .map_err(|e| e.to_string())?;
        Ok(())
    }
}
