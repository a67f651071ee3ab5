//! The payment of a change of course's difference: a notification of a session
//! `{order}-c{n}`, checked as an order's payment is, then the ticket moved.

use api_core::ApiError;
use chrono::Utc;
use domain::order::{self, OrderState};
use event_store::Metadata;
use payment::Notification;
use uuid::Uuid;

use super::refund_payment;
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// The domain's code of a notification whose amount is not the change's, refused here
/// before the command is tried.
fn change_amount_mismatch() -> &'static str {
    domain::ErrorCode::code(&order::PayChangeError::WrongAmount(0))
}

/// The payment of a change's difference (session `{order}-c{n}`): checked as an order's
/// payment is (registered session, currency, the gateway's verification), then the order
/// moves the ticket; the old seat goes back at once (and again, harmlessly, by the
/// reactions). A payment that finds no change waiting (it expired first, or the ticket was
/// returned) is paid back.
pub(super) async fn pay_change(
    state: &CommandState,
    order: &OrderState,
    notification: &Notification,
) -> Result<(), ApiError> {
    let order_id = order.order_id;
    if !order.change_sessions.contains(&notification.session_id) {
        return Err(ApiError::BadRequest("the notification's session was not registered for the order".into()));
    }
    let transaction_id = notification.order_id.to_string();
    if order.change_payments.contains(&transaction_id) {
        return Ok(());
    }
    if notification.currency != "PLN" {
        return Err(ApiError::refusal_on(
            "amount",
            change_amount_mismatch(),
            "The amount paid does not match the change.",
        ));
    }
    if let Some(ticket) = order.ticket_of_change_session(&notification.session_id) {
        if ticket.pending_change.as_ref().is_some_and(|c| c.price_difference != notification.amount) {
            return Err(ApiError::refusal_on(
                "amount",
                change_amount_mismatch(),
                "The amount paid does not match the change.",
            ));
        }
    }
    state
        .gateway
        .verify(notification)
        .await
        .map_err(|e| ApiError::BadRequest(format!("the gateway did not confirm the payment: {e}")))?;
    let now = Utc::now();
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command = order::PayTicketChange {
        order_id,
        session_id: notification.session_id.clone(),
        amount: notification.amount,
        transaction_id: transaction_id.clone(),
        now,
    };
    let old_course =
        order.ticket_of_change_session(&notification.session_id).map(|t| (t.ticket.ticket_id, t.course.clone()));
    let command_id = Uuid::new_v5(&order_id, format!("pay-change/{transaction_id}").as_bytes());
    let stream = order_stream(order_id)?;
    let result = aggregate::execute::<OrderAgg, _, _>(state.store.as_ref(), &stream, command_id, &metadata, |o| {
        order::decide_pay_change(&command, o)
    })
    .await;
    match result {
        Ok((_, after)) => {
            if let (Some(placed), Some((ticket_id, course))) = (after.placed(), old_course) {
                crate::processes::effects::after_change(state, placed, ticket_id, &course, &metadata).await;
            }
            Ok(())
        }
        Err(ExecuteError::Refused(order::PayChangeError::NothingWaiting)) => {
            let session = notification.session_id.clone();
            refund_payment(state, order_id, notification.amount, &transaction_id, &session, &metadata).await.map(|_| ())
        }
        Err(ExecuteError::Refused(e)) => {
            Err(ApiError::refusal_on("amount", domain::ErrorCode::code(&e), &format!("{e}."))
                .with_params(domain::ErrorCode::params(&e)))
        }
        Err(ExecuteError::Store(e)) => Err(e.into()),
    }
}
