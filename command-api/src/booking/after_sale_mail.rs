//! The passenger told after the purchase, in the order's language:
//! - a ticket moved to another course: an e-mail with the new departure and the order's
//!   tickets as a PDF (the moved one on its new course, with its new QR code), and an SMS
//!   when the customer asked for text messages;
//! - a ticket returned: an e-mail saying which ticket, what comes back and where (to the
//!   payment it was paid with, to the coupon by its code, at the office for a desk sale),
//!   the amounts adding up to the ticket's price less the fee.
//!
//! - a disruption's refund (the passenger's choice, or the automatic one): one e-mail for
//!   every ticket it returned, not one per ticket.
//!
//! Each once: a move per order, new course and instant (a move of several tickets is one
//! message), a return per event, a disruption's refund per course, queued with its claim
//! in `sent_messages`, so a replay of the reactions sends nothing twice.

use api_core::mail::Email;
use api_core::sms::Sms;
use chrono::{DateTime, Utc};
use domain::money::{format_pln, format_pln_en};
use domain::order::{Language, OrderState};
use uuid::Uuid;

use super::send::{send_once, send_sms_once, tickets_pdf};
use crate::CommandState;

/// The tickets of `order` (its state after the move) moved to `to_course_id` at `changed_at`
/// (one choice or change moves them together): one message for all of them.
pub async fn tickets_moved(state: &CommandState, order: &OrderState, to_course_id: Uuid, changed_at: DateTime<Utc>) {
    let moved: Vec<_> = order
        .tickets
        .iter()
        .filter(|t| t.status == domain::order::TicketStatus::Valid && t.course.course_id == to_course_id)
        .filter(|t| t.moved_at == Some(changed_at))
        .collect();
    let Some(first) = moved.first() else { return };
    let language = order.customer.language;
    let when = local(first.course.departure_at);
    let stops = format!("{} → {}", first.course.from_name, first.course.to_name);
    let site = format!("{}{}/order/success/{}", state.public_url, language.path_prefix(), order.hash_id);
    let numbers = moved.iter().map(|t| t.ticket.number.as_str()).collect::<Vec<_>>().join(", ");
    let route = &first.course.route_name;
    let (subject, text, sms) = match (language, moved.len()) {
        (Language::Pl, 1) => (
            format!("Bilet {numbers} na nowy kurs – zamówienie {}", order.display_number()),
            format!(
                "Dzień dobry {},\n\nbilet {numbers} jest teraz na kurs {stops}, odjazd {when} ({route}).\n\
                 Nowy bilet z kodem QR jest w załączniku i na stronie zamówienia: {site}\n\
                 Poprzedni kod QR tego biletu jest już nieważny.\n",
                order.customer.first_name
            ),
            format!("Nisko Bus: bilet {numbers} przeniesiony: {stops}, odjazd {when}."),
        ),
        (Language::Pl, _) => (
            format!("Bilety {numbers} na nowy kurs – zamówienie {}", order.display_number()),
            format!(
                "Dzień dobry {},\n\nbilety {numbers} są teraz na kurs {stops}, odjazd {when} ({route}).\n\
                 Nowe bilety z kodami QR są w załączniku i na stronie zamówienia: {site}\n\
                 Poprzednie kody QR tych biletów są już nieważne.\n",
                order.customer.first_name
            ),
            format!("Nisko Bus: bilety {numbers} przeniesione: {stops}, odjazd {when}."),
        ),
        (Language::En, 1) => (
            format!("Ticket {numbers} moved to a new departure – order {}", order.display_number()),
            format!(
                "Hello {},\n\nticket {numbers} is now on the departure {stops}, leaving {when} ({route}).\n\
                 The new ticket with its QR code is attached and on the order's page: {site}\n\
                 The ticket's previous QR code is no longer valid.\n",
                order.customer.first_name
            ),
            format!("Nisko Bus: ticket {numbers} moved: {stops}, departing {when}."),
        ),
        (Language::En, _) => (
            format!("Tickets {numbers} moved to a new departure – order {}", order.display_number()),
            format!(
                "Hello {},\n\ntickets {numbers} are now on the departure {stops}, leaving {when} ({route}).\n\
                 The new tickets with their QR codes are attached and on the order's page: {site}\n\
                 Their previous QR codes are no longer valid.\n",
                order.customer.first_name
            ),
            format!("Nisko Bus: tickets {numbers} moved: {stops}, departing {when}."),
        ),
    };
    let email = Email {
        to: super::send::address(&order.customer.email),
        subject,
        text,
        attachments: if order.customer.email.is_some() { tickets_pdf(state, order) } else { Vec::new() },
    };
    let kind = format!("ticket-moved/{to_course_id}/{}", changed_at.timestamp_micros());
    send_once(state, order.order_id, &kind, email).await;
    if let Some(phone) = order.customer.texts_to() {
        send_sms_once(state, order.order_id, &format!("{kind}/sms"), Sms { to: phone.to_string(), text: sms }).await;
    }
}

/// The ticket returned at `returned_at` belongs to a disruption's refund (its message,
/// [`disruption_refunded`], names every ticket at once).
pub fn part_of_disruption_refund(order: &OrderState, returned_at: DateTime<Utc>) -> bool {
    order.disruptions.iter().any(|r| {
        r.chosen.as_ref().is_some_and(|c| c.choice == domain::order::DisruptionChoice::Refund && c.at == returned_at)
    })
}

/// A disruption's refund of `refund_amount` on `course_id`: one message for every ticket
/// it returned (the return leg's too), once per course.
pub async fn disruption_refunded(state: &CommandState, order: &OrderState, course_id: Uuid, refund_amount: i64) {
    let returned: Vec<_> = order
        .tickets
        .iter()
        .filter(|t| t.status == domain::order::TicketStatus::Returned)
        .filter(|t| {
            t.course.course_id == course_id
                || order.leg(t.ticket.leg).is_some_and(|l| l.course_id == course_id)
                || (t.ticket.leg == domain::order::LegKind::Back && order.outbound.course_id == course_id)
        })
        .collect();
    let coupon_refund: i64 = returned.iter().map(|t| t.ticket.coupon_part.clamp(0, t.price.max(0))).sum();
    let numbers = returned.iter().map(|t| t.ticket.number.as_str()).collect::<Vec<_>>().join(", ");
    let r = Returned {
        number: &numbers,
        price: refund_amount,
        fee: 0,
        coupon_refund: coupon_refund.min(refund_amount),
        money_refund: refund_amount - coupon_refund.min(refund_amount),
    };
    let email = Email {
        to: super::send::address(&order.customer.email),
        subject: match order.customer.language {
            Language::Pl => format!("Zwrot za odwołany lub opóźniony kurs – zamówienie {}", order.display_number()),
            Language::En => format!("Refund for your disrupted trip – order {}", order.display_number()),
        },
        text: return_text(&Payer::of(order), r),
        attachments: Vec::new(),
    };
    send_once(state, order.order_id, &format!("disruption-refund/{course_id}"), email).await;
}

/// What a returned ticket gives back.
#[derive(Debug, Clone, Copy)]
pub struct Returned<'a> {
    pub number: &'a str,
    pub price: i64,
    pub fee: i64,
    pub coupon_refund: i64,
    pub money_refund: i64,
}

/// A ticket of `order` was returned.
pub async fn ticket_returned(state: &CommandState, order: &OrderState, returned: Returned<'_>, event_id: Uuid) {
    let email = Email {
        to: super::send::address(&order.customer.email),
        subject: match order.customer.language {
            Language::Pl => format!("Zwrot biletu {} – zamówienie {}", returned.number, order.display_number()),
            Language::En => format!("Ticket {} returned – order {}", returned.number, order.display_number()),
        },
        text: return_text(&Payer::of(order), returned),
        attachments: Vec::new(),
    };
    send_once(state, order.order_id, &format!("ticket-returned/{event_id}"), email).await;
}

/// Who paid an order, as a return's message names it.
struct Payer<'a> {
    language: Language,
    first_name: &'a str,
    coupon: &'a str,
    /// Paid at the ticket office (cash or card terminal): the money is given back there.
    at_office: bool,
}

impl<'a> Payer<'a> {
    fn of(order: &'a OrderState) -> Self {
        Payer {
            language: order.customer.language,
            first_name: order.customer.first_name.as_str(),
            coupon: order.coupon.as_ref().map(|c| c.code.as_str()).unwrap_or_default(),
            at_office: matches!(order.payment.provider.as_str(), "cash" | "card_terminal"),
        }
    }
}

/// The return's message: the sum first, then each part and where it goes.
fn return_text(payer: &Payer<'_>, r: Returned<'_>) -> String {
    let back = r.coupon_refund + r.money_refund;
    let (coupon, office, name) = (payer.coupon, payer.at_office, payer.first_name);
    let pln = |grosz| money(payer.language, grosz);
    let (price, fee, back_pln) = (pln(r.price), pln(r.fee), pln(back));
    let mut text = match payer.language {
        Language::Pl if r.number.contains(", ") => format!(
            "Dzień dobry {name},\n\nbilety {} zostały zwrócone, bez opłaty za zwrot.\n\nZwrot {back_pln}:\n",
            r.number
        ),
        Language::En if r.number.contains(", ") => format!(
            "Hello {name},\n\ntickets {} have been returned, with no return fee.\n\n{back_pln} back:\n",
            r.number
        ),
        Language::Pl => format!(
            "Dzień dobry {name},\n\nbilet {} został zwrócony.\n\nCena biletu {price} − opłata za zwrot {fee} = \
             zwrot {back_pln}:\n",
            r.number
        ),
        Language::En => format!(
            "Hello {name},\n\nticket {} has been returned.\n\nTicket price {price} − return fee {fee} = \
             {back_pln} back:\n",
            r.number
        ),
    };
    if r.money_refund > 0 {
        let money = pln(r.money_refund);
        text.push_str(&match (payer.language, office) {
            (Language::Pl, false) => format!("- {money} na kartę lub konto, z którego zapłacono (w ciągu kilku dni)\n"),
            (Language::Pl, true) => format!("- {money} do odebrania w kasie, w której kupiono bilet\n"),
            (Language::En, false) => format!("- {money} to the card or account you paid with (within a few days)\n"),
            (Language::En, true) => format!("- {money} to collect at the ticket office where you bought it\n"),
        });
    }
    if r.coupon_refund > 0 {
        let value = pln(r.coupon_refund);
        text.push_str(&match payer.language {
            Language::Pl => format!("- {value} wraca na kupon {coupon}: podaj jego kod przy następnym zakupie\n"),
            Language::En => format!("- {value} back to coupon {coupon}: enter its code with your next order\n"),
        });
    }
    text
}

/// An amount as the language writes it: `39,00 zł` or `PLN 39.00`.
pub(crate) fn money(language: Language, grosz: i64) -> String {
    match language {
        Language::Pl => format_pln(grosz),
        Language::En => format_pln_en(grosz),
    }
}

/// A time as people in Poland read it.
fn local(at: DateTime<Utc>) -> String {
    api_core::time::warsaw(at).format("%d.%m.%Y %H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returned(money: i64, coupon: i64) -> Returned<'static> {
        Returned { number: "T1", price: money + coupon + 390, fee: 390, coupon_refund: coupon, money_refund: money }
    }

    #[test]
    fn a_return_says_the_sum_and_where_each_part_goes() {
        let payer = Payer { language: Language::Pl, first_name: "Jan", coupon: "LATO25", at_office: false };
        let text = return_text(&payer, returned(3260, 250)).replace('\u{a0}', " ");
        assert!(text.contains("Cena biletu 39,00 zł − opłata za zwrot 3,90 zł = zwrot 35,10 zł"), "{text}");
        assert!(text.contains("- 32,60 zł na kartę lub konto"), "{text}");
        assert!(text.contains("- 2,50 zł wraca na kupon LATO25"), "{text}");
    }

    #[test]
    fn an_english_order_is_told_in_english_and_a_desk_sale_at_the_desk() {
        let payer = Payer { language: Language::En, first_name: "Jan", coupon: "", at_office: true };
        let text = return_text(&payer, returned(3510, 0)).replace('\u{a0}', " ");
        assert!(text.starts_with("Hello Jan,"), "{text}");
        assert!(text.contains("Ticket price PLN 39.00 − return fee PLN 3.90 = PLN 35.10 back"), "{text}");
        assert!(text.contains("- PLN 35.10 to collect at the ticket office"), "{text}");
        assert!(!text.contains("coupon"), "{text}");
    }
}
