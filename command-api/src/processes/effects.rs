//! What follows an order's events on the other streams: seats, coupon value, stamps,
//! invoices. Called at once by the command that produced the event (so seats go back
//! at once) and again by the reactions ([`super::reactions`]) that follow the event
//! store (so nothing is lost if the process dies in between). Every step has a derived
//! id (release id, refund id, stamp per ticket), so doing it twice does it once.

use domain::order::{OrderState, OrderStatus};
use domain::seat_inventory::{ConfirmHold, ReleaseReason, ReleaseSeats};
use domain::stamp_card::{self, AddStamp, RemoveStamp};
use event_store::{Metadata, StreamName};
use uuid::Uuid;

use crate::aggregate::{self, ExecuteError, StampCardAgg};
use crate::holds::Holds;
use crate::CommandState;

/// How an unpaid or cancelled order ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Expired,
    Cancelled,
}

/// The order ended (expired or cancelled): every seat it still holds goes back, the
/// coupon value it spent and has not got back goes back, and (cancelled after payment)
/// its stamps are taken back.
pub async fn after_end(state: &CommandState, order: &OrderState, end: End, metadata: &Metadata) {
    let (reason, key): (ReleaseReason, &[u8]) = match end {
        End::Expired => (ReleaseReason::Expired, b"expired"),
        End::Cancelled => (ReleaseReason::Cancelled, b"cancelled"),
    };
    let holds = Holds::new(state, metadata.clone());
    let release_id = Uuid::new_v5(&order.order_id, key);
    for leg in order.legs() {
        let release = ReleaseSeats { hold_id: leg.hold_id, release_id, seats: None, reason };
        if let Err(e) = holds.release(leg.course_id, release).await {
            tracing::debug!(order_id = %order.order_id, error = %e, "no seats to release");
        }
    }
    // Tickets moved to another course hold their seat there.
    for ticket in order.tickets.iter().filter(|t| t.course_changed) {
        let release = ReleaseSeats { hold_id: ticket.course.hold_id, release_id, seats: None, reason };
        if let Err(e) = holds.release(ticket.course.course_id, release).await {
            tracing::debug!(order_id = %order.order_id, error = %e, "no seats to release");
        }
    }
    if let Some(coupon) = &order.coupon {
        if let Err(e) = crate::coupons::refund_spend(state, &coupon.code, order.order_id, release_id).await {
            tracing::warn!(order_id = %order.order_id, error = %e, "could not give the coupon value back");
        }
    }
    if end == End::Cancelled {
        if let Some(user_id) = order.user_id {
            for ticket in &order.tickets {
                remove_stamp(state, user_id, ticket.ticket.ticket_id, metadata).await;
            }
        }
    }
}

/// The order was paid: its holds are confirmed and (for a logged-in customer) each ticket
/// earns a stamp.
pub async fn after_payment(state: &CommandState, order: &OrderState, metadata: &Metadata) {
    if order.status != OrderStatus::Paid && order.status != OrderStatus::Returned {
        return;
    }
    let holds = Holds::new(state, metadata.clone());
    for leg in order.legs() {
        if let Err(e) = holds.confirm(leg.course_id, ConfirmHold { hold_id: leg.hold_id }).await {
            tracing::warn!(order_id = %order.order_id, error = %e, "could not confirm a hold of a paid order");
        }
    }
    add_stamps(state, order, metadata).await;
}

/// Each ticket of a logged-in customer's paid order earns a stamp (once: the command's
/// id derives from the ticket). Also when a paid order is given to an account later.
pub async fn add_stamps(state: &CommandState, order: &OrderState, metadata: &Metadata) {
    let Some(user_id) = order.user_id else { return };
    for ticket in &order.tickets {
        let ticket_id = ticket.ticket.ticket_id;
        let command_id = Uuid::new_v5(&ticket_id, b"stamp");
        if let Err(e) = add_stamp(state, user_id, order.order_id, ticket_id, command_id, metadata).await {
            tracing::warn!(%user_id, error = %e, "could not add a stamp");
        }
    }
}

/// Stamp one ticket on the user's card under `command_id` (an admin's repeated gift of a
/// stamp taken back needs an id of its own).
pub async fn add_stamp(
    state: &CommandState,
    user_id: Uuid,
    order_id: Uuid,
    ticket_id: Uuid,
    command_id: Uuid,
    metadata: &Metadata,
) -> Result<(), String> {
    let settings = state.settings.get(&state.pool).await.map_err(|e| e.to_string())?;
    let stream = StreamName::parse(stamp_card::stream_name(user_id)).map_err(|e| e.to_string())?;
    let command = AddStamp {
        user_id,
        ticket_id,
        order_id,
        stamps_per_reward: settings.stamps_per_reward.get(),
        reward_code: reward_code(user_id, ticket_id),
        reward_value: settings.reward_value.get(),
    };
    aggregate::execute::<StampCardAgg, _, _>(state.store.as_ref(), &stream, command_id, metadata, |c| {
        stamp_card::decide_add_stamp(&command, c)
    })
    .await
    .map(|_| ())
    .map_err(err_text)
}

/// A ticket was returned: its seat and its coupon part go back, its stamp is taken back.
pub async fn after_return(
    state: &CommandState,
    order: &OrderState,
    ticket_id: Uuid,
    coupon_refund: i64,
    metadata: &Metadata,
) {
    let Some(ticket) = order.tickets.iter().find(|t| t.ticket.ticket_id == ticket_id) else { return };
    let holds = Holds::new(state, metadata.clone());
    let release = ReleaseSeats {
        hold_id: ticket.course.hold_id,
        release_id: ticket_id,
        seats: Some(1),
        reason: ReleaseReason::Returned,
    };
    if let Err(e) = holds.release(ticket.course.course_id, release).await {
        tracing::warn!(order_id = %order.order_id, error = %e, "could not release the seat of a returned ticket");
    }
    if coupon_refund > 0 {
        if let Some(coupon) = &order.coupon {
            if let Err(e) =
                crate::coupons::refund(state, &coupon.code, order.order_id, ticket_id, Some(coupon_refund)).await
            {
                tracing::warn!(order_id = %order.order_id, error = %e, "could not give the coupon part back");
            }
        }
    }
    if let Some(user_id) = order.user_id {
        remove_stamp(state, user_id, ticket_id, metadata).await;
    }
}

/// A ticket moved to another course: its old seat goes back, the new one is confirmed.
pub async fn after_change(
    state: &CommandState,
    order: &OrderState,
    ticket_id: Uuid,
    old: &domain::order::Leg,
    metadata: &Metadata,
) {
    let Some(ticket) = order.tickets.iter().find(|t| t.ticket.ticket_id == ticket_id) else { return };
    let holds = Holds::new(state, metadata.clone());
    let release = ReleaseSeats {
        hold_id: old.hold_id,
        release_id: domain::ids::course_changed_release_id(ticket_id),
        seats: Some(1),
        reason: ReleaseReason::CourseChanged,
    };
    if let Err(e) = holds.release(old.course_id, release).await {
        tracing::warn!(order_id = %order.order_id, error = %e, "could not release the old seat of a changed ticket");
    }
    if let Err(e) = holds.confirm(ticket.course.course_id, ConfirmHold { hold_id: ticket.course.hold_id }).await {
        tracing::warn!(order_id = %order.order_id, error = %e, "could not confirm the new seat of a changed ticket");
    }
}

/// A change to a dearer course was not paid in time: the seat held on the new course
/// goes back.
pub async fn after_change_expired(
    state: &CommandState,
    order_id: Uuid,
    course_id: Uuid,
    hold_id: Uuid,
    metadata: &Metadata,
) {
    let holds = Holds::new(state, metadata.clone());
    let release = ReleaseSeats {
        hold_id,
        release_id: Uuid::new_v5(&hold_id, b"change-expired"),
        seats: None,
        reason: ReleaseReason::CourseChanged,
    };
    if let Err(e) = holds.release(course_id, release).await {
        tracing::warn!(%order_id, error = %e, "could not release the seat of an unpaid course change");
    }
}

pub async fn remove_stamp(state: &CommandState, user_id: Uuid, ticket_id: Uuid, metadata: &Metadata) {
    let Ok(stream) = StreamName::parse(stamp_card::stream_name(user_id)) else { return };
    let command = RemoveStamp { user_id, ticket_id };
    let command_id = Uuid::new_v5(&ticket_id, b"unstamp");
    let result = aggregate::execute::<StampCardAgg, _, _>(state.store.as_ref(), &stream, command_id, metadata, |c| {
        stamp_card::decide_remove_stamp(&command, c)
    })
    .await;
    if let Err(e) = result {
        tracing::warn!(%user_id, error = ?err_text(e), "could not take a stamp back");
    }
}

/// The code of the reward coupon a stamp may earn: derived, so a replay earns the same.
fn reward_code(user_id: Uuid, ticket_id: Uuid) -> String {
    let id = Uuid::new_v5(&user_id, ticket_id.as_bytes());
    let alphabet = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let code: String =
        id.as_bytes().iter().take(10).map(|b| char::from(alphabet[usize::from(*b) % alphabet.len()])).collect();
    format!("STAMP-{code}")
}

fn err_text<E: std::fmt::Display>(e: ExecuteError<E>) -> String {
    match e {
        ExecuteError::Refused(e) => e.to_string(),
        ExecuteError::Store(e) => e.to_string(),
    }
}
