//! The way back to an unpaid reservation (issue 29): a guest who closes the tab before
//! paying had no link to come back to. When an online order is placed and still waits for
//! its payment as the booking process reaches it, the customer gets an e-mail, in the
//! order's language, with the link to pay (the after-payment page, which registers a new
//! payment while the seats are held) and the time the reservation expires.
//!
//! Once per order: claimed as `payment-link` in `sent_messages`, so a replay of the
//! reactions sends nothing twice. An order paid before the process reached it (the usual
//! case of a customer who pays at once) gets none; an office sale, paid at the desk,
//! none either.

use api_core::mail::Email;
use chrono::{DateTime, Utc};
use domain::order::{Language, OrderState, OrderStatus};

use super::send::send_once;
use crate::CommandState;

/// The claim's kind in `sent_messages`.
pub const KIND: &str = "payment-link";

/// `order` was placed: the link to pay, if it still waits for its payment online.
pub async fn unpaid_placed(state: &CommandState, order: &OrderState) {
    let at_office = matches!(order.payment.provider.as_str(), "cash" | "card_terminal");
    if order.status != OrderStatus::PendingPayment || at_office || order.customer.email.is_none() {
        return;
    }
    send_once(state, order.order_id, KIND, email(&state.public_url, order)).await;
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
