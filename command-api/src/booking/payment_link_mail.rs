//! The way back to an unpaid reservation (issue 29): a guest who closes the tab before
//! paying had no link to come back to. An online order still waiting for its payment
//! halfway through its reservation (issue 39: not the instant it is placed, while the
//! customer is on the gateway's page) gets an e-mail, in the order's language, with the
//! link to pay (the after-payment page, which registers a new payment while the seats
//! are held) and the time the reservation expires ([`remind_due`], from the expiry
//! timer; `PAYMENT_REMINDER_SECONDS` sets another delay).
//!
//! Once per order: claimed as `payment-link` in `sent_messages`. An order paid by then
//! (the usual case of a customer who pays at once) gets none; an office sale, paid at the
//! desk, none either.

use api_core::mail::Email;
use chrono::{DateTime, Utc};
use domain::order::{Language, OrderState, OrderStatus};

use super::send::send_once;
use crate::CommandState;

/// The claim's kind in `sent_messages`.
pub const KIND: &str = "payment-link";

/// The reminders due now: online orders waiting for payment, not expired, placed longer
/// ago than the delay (`state.payment_reminder_after`, by default half their
/// reservation), not reminded yet (at most 50 a round). Answers how many were sent.
pub async fn remind_due(state: &CommandState) -> Result<usize, sqlx::Error> {
    let after = state.payment_reminder_after.map(|d| d.as_secs_f64());
    let due: Vec<uuid::Uuid> = sqlx::query_scalar(
        "select o.order_id from rm_orders o \
         where o.status = 'pending_payment' and o.expires_at > now() \
           and o.payment_provider not in ('cash', 'card_terminal') \
           and now() >= case when $1::float8 is null then o.placed_at + (o.expires_at - o.placed_at) / 2 \
                             else o.placed_at + make_interval(secs => $1::float8) end \
           and not exists (select 1 from sent_messages m where m.order_id = o.order_id and m.kind = $2) \
         order by o.placed_at limit 50",
    )
    .bind(after)
    .bind(KIND)
    .fetch_all(&state.pool)
    .await?;
    let mut sent = 0;
    for order_id in due {
        let loaded = match crate::booking::disruption::load_order(state, order_id).await {
            Ok(Some(order)) => order,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(%order_id, error = %e, "could not load an unpaid order to remind");
                continue;
            }
        };
        if unpaid_placed(state, &loaded).await {
            sent += 1;
        } else {
            // Nothing to send (no e-mail, or paid meanwhile): claimed so it is not asked again.
            sqlx::query("insert into sent_messages (order_id, kind) values ($1, $2) on conflict do nothing")
                .bind(order_id)
                .bind(KIND)
                .execute(&state.pool)
                .await?;
        }
    }
    Ok(sent)
}

/// `order` waits for its payment: the link to pay, if it still waits online.
pub async fn unpaid_placed(state: &CommandState, order: &OrderState) -> bool {
    let at_office = matches!(order.payment.provider.as_str(), "cash" | "card_terminal");
    if order.status != OrderStatus::PendingPayment || at_office || order.customer.email.is_none() {
        return false;
    }
    send_once(state, order.order_id, KIND, email(&state.public_url, order)).await
}

/// The e-mail: where to pay and until when.
fn email(public_url: &str, order: &OrderState) -> Email {
    let language = order.customer.language;
    let link = format!("{public_url}{}/order/after-payment?hash_id={}", language.path_prefix(), order.hash_id);
    let until = local(order.expires_at);
    let number = order.display_number();
    let (subject, text) = match language {
        Language::Pl => (
            format!("Dokończ płatność – rezerwacja {number}"),
            format!(
                "Dzień dobry {},\n\nzarezerwowaliśmy dla Ciebie miejsca (zamówienie {number}, {}), \
                 ale płatność jeszcze do nas nie dotarła.\n\
                 Zapłać tutaj: {link}\n\
                 Rezerwacja jest ważna do {until}; potem miejsca wracają do sprzedaży.\n\n\
                 Pozdrawiamy,\nNisko Bus\n",
                order.customer.first_name, order.outbound.route_name
            ),
        ),
        Language::En => (
            format!("Complete your payment – reservation {number}"),
            format!(
                "Hello {},\n\nwe are holding your seats (order {number}, {}), \
                 but your payment has not reached us yet.\n\
                 Pay here: {link}\n\
                 The reservation is held until {until}; after that the seats go back on sale.\n\n\
                 Kind regards,\nNisko Bus\n",
                order.customer.first_name, order.outbound.route_name
            ),
        ),
    };
    Email { to: super::send::address(&order.customer.email), subject, text, attachments: Vec::new() }
}

/// A time as the customer reads it: Warsaw, `27.11.2026 14:15`.
fn local(at: DateTime<Utc>) -> String {
    api_core::time::warsaw(at).format("%d.%m.%Y %H:%M").to_string()
}
