//! An order's own events in words, Polish and English: one total match (a new event does
//! not compile until it is told here), the longer sentences in their own functions, the
//! money's events in `money_words` and KSeF's in `ksef_words`.

use domain::money::{format_pln, format_pln_en};
use domain::order::{ChosenBy, Customer, DisruptionChoice, InvoiceRequest, Leg, LegKind, OrderEvent, TicketLine};

use super::words::both;

/// The event in words, Polish and English.
pub(super) fn order_event(event: &OrderEvent) -> (String, String) {
    match event {
        OrderEvent::OrderPlaced { number, lines, total, to_pay, outbound, back, .. } => {
            placed(number, lines, *total, *to_pay, outbound, back.is_some())
        }
        OrderEvent::OrderAbandoned { reason, .. } => {
            both(format!("Składanie zamówienia przerwane: {reason}"), format!("Placement abandoned: {reason}"))
        }
        OrderEvent::OrderExpired { .. } => {
            both("Zamówienie wygasło bez zapłaty".into(), "The order expired unpaid".into())
        }
        OrderEvent::OrderCancelled { reason, refund, coupon_refund, .. } => cancelled(reason, *refund, *coupon_refund),
        OrderEvent::DisruptionTold { delay_minutes, reason, unserved_stops, .. } => {
            told(*delay_minutes, reason, unserved_stops.is_some())
        }
        OrderEvent::DisruptionChosen { choice, by, refund_amount, .. } => chosen(*choice, *by, *refund_amount),
        OrderEvent::TicketReturned { number, fee, money_refund, coupon_refund, .. } => {
            returned(number, *fee, *money_refund, *coupon_refund)
        }
        OrderEvent::TicketCourseChanged { number, to_course, price_difference, .. } => {
            moved(number, to_course, *price_difference)
        }
        OrderEvent::TicketChangeRequested { number, to_course, price_difference, expires_at, .. } => {
            change_requested(number, to_course, *price_difference, *expires_at)
        }
        OrderEvent::LegMoved { numbers, reason, kind, .. } => leg_moved(numbers, reason, *kind),
        OrderEvent::TicketChangeExpired { number, .. } => both(
            format!("Zmiana kursu biletu {number} nie została opłacona w czasie; bilet bez zmian"),
            format!("Ticket {number}'s change of course was not paid in time; the ticket stays as it was"),
        ),
        OrderEvent::TicketUsed { number, used_at, .. } => boarded(number, *used_at),
        OrderEvent::CustomerDetailsChanged { customer, reason, .. } => customer_changed(customer, reason),
        OrderEvent::OrderAssignedToUser { user_id, by_user_id, reason, .. } => {
            assigned(*by_user_id == Some(*user_id), reason)
        }
        OrderEvent::InvoiceDataChanged { invoice, reason, .. } => invoice_data_changed(invoice.as_ref(), reason),
        OrderEvent::OrderPaid { .. }
        | OrderEvent::PaymentRegistered { .. }
        | OrderEvent::CompensationOwed { .. }
        | OrderEvent::CompensationPaid { .. }
        | OrderEvent::RefundPaidOut { .. }
        | OrderEvent::LatePaymentRefunded { .. }
        | OrderEvent::TicketChangePaid { .. }
        | OrderEvent::InvoiceIssued { .. }
        | OrderEvent::InvoiceCorrected { .. } => super::money_words::money_event(event),
        OrderEvent::KsefSendStarted { .. }
        | OrderEvent::KsefSent { .. }
        | OrderEvent::KsefAccepted { .. }
        | OrderEvent::KsefRejected { .. }
        | OrderEvent::KsefSendFailed { .. }
        | OrderEvent::KsefWentOffline { .. }
        | OrderEvent::KsefUpoReceived { .. }
        | OrderEvent::RejectedInvoiceAmended { .. } => super::ksef_words::ksef_event(event),
    }
}

/// A passenger's boarding with a ticket, at Warsaw's time.
fn boarded(number: &str, used_at: chrono::DateTime<chrono::Utc>) -> (String, String) {
    let (pl, en) = when(used_at);
    both(
        format!("Pasażer wsiadł z biletem {number} ({pl}); bilet wykorzystany"),
        format!("A passenger boarded with ticket {number} ({en}); the ticket is used"),
    )
}

/// An order given to an account: by the customer themselves, after confirming the
/// address (issue #30), or by an admin, for `reason`.
fn assigned(by_the_customer: bool, reason: &str) -> (String, String) {
    if by_the_customer {
        return both(
            "Klient dołączył zamówienie złożone bez konta do swojego konta (po potwierdzeniu adresu e-mail)".into(),
            "The customer attached the order placed without an account to their account (after confirming the e-mail address)"
                .into(),
        );
    }
    both(
        format!("Przypisano zamówienie do konta klienta ({reason})"),
        format!("The order was given to the customer's account ({reason})"),
    )
}

/// A cancellation or a delay told to the passengers.
fn told(delay_minutes: Option<u32>, reason: &str, from_a_stop: bool) -> (String, String) {
    match delay_minutes {
        None if from_a_stop => both(
            format!("Powiadomiono o odwołaniu kursu od jednego z przystanków: {reason}"),
            format!("Told the course was cancelled from one of its stops: {reason}"),
        ),
        Some(0) => {
            both("Powiadomiono, że kurs jedzie zgodnie z rozkładem".into(), "Told the course runs on time again".into())
        }
        None => both(
            format!("Powiadomiono o odwołaniu kursu: {reason}"),
            format!("Told the course was cancelled: {reason}"),
        ),
        Some(minutes) => both(
            format!("Powiadomiono o opóźnieniu kursu o {minutes} min: {reason}"),
            format!("Told the course runs {minutes} min late: {reason}"),
        ),
    }
}

/// A passenger's choice on a disrupted course (or the office's for them).
fn chosen(choice: DisruptionChoice, by: ChosenBy, refund_amount: i64) -> (String, String) {
    let (by_pl, by_en) = match by {
        ChosenBy::Passenger => ("wybór pasażera", "the passenger's choice"),
        ChosenBy::Office => ("wybór biura", "the office's choice"),
        ChosenBy::Automatic => ("automatycznie", "automatically"),
    };
    match choice {
        DisruptionChoice::Move => both(
            format!("Wybrano inny kurs bez dopłaty ({by_pl})"),
            format!("Another course chosen at no extra cost ({by_en})"),
        ),
        DisruptionChoice::Refund => both(
            format!("Wybrano pełny zwrot {} ({by_pl})", format_pln(refund_amount)),
            format!("Full refund chosen: {} ({by_en})", format_pln_en(refund_amount)),
        ),
    }
}

/// An instant in each language's way (Warsaw time, to the minute), as the panel writes its
/// own: `05.12.2026, 07:10`, `2026-12-05 07:10`.
pub(super) fn when(t: chrono::DateTime<chrono::Utc>) -> (String, String) {
    let local = api_core::time::warsaw(t);
    (local.format("%d.%m.%Y, %H:%M").to_string(), local.format("%Y-%m-%d %H:%M").to_string())
}

/// An admin's move of a whole leg to another course.
fn leg_moved(numbers: &[String], reason: &str, kind: LegKind) -> (String, String) {
    let numbers = numbers.join(", ");
    let (pl, en) = match kind {
        LegKind::Outbound => ("tam", "outbound"),
        LegKind::Back => ("powrót", "return"),
    };
    both(
        format!("Administrator przeniósł podróż ({pl}) na inny kurs, bilety {numbers}: {reason}"),
        format!("An admin moved the {en} journey to another course, tickets {numbers}: {reason}"),
    )
}

fn placed(number: &str, lines: &[TicketLine], total: i64, to_pay: i64, outbound: &Leg, back: bool) -> (String, String) {
    let passengers: u32 = lines.iter().map(|l| l.quantity).sum();
    let trip_pl = if back { "tam i z powrotem" } else { "w jedną stronę" };
    let trip_en = if back { "return" } else { "one way" };
    let (from, to) = (&outbound.from_name, &outbound.to_name);
    both(
        format!(
            "Złożono zamówienie {number}: {from} → {to}, {trip_pl}, pasażerów: {passengers}, razem {}, do zapłaty {}",
            format_pln(total),
            format_pln(to_pay)
        ),
        format!(
            "Order {number} placed: {from} → {to}, {trip_en}, {passengers} passenger(s), total {}, to pay {}",
            format_pln_en(total),
            format_pln_en(to_pay)
        ),
    )
}

fn cancelled(reason: &str, refund: i64, coupon_refund: i64) -> (String, String) {
    both(
        format!(
            "Anulowano zamówienie ({reason}); zwrot {}, na kupon {}",
            format_pln(refund),
            format_pln(coupon_refund)
        ),
        format!(
            "Order cancelled ({reason}); refund {}, to the coupon {}",
            format_pln_en(refund),
            format_pln_en(coupon_refund)
        ),
    )
}

fn returned(number: &str, fee: i64, money_refund: i64, coupon_refund: i64) -> (String, String) {
    both(
        format!(
            "Zwrócono bilet {number}: opłata {}, zwrot {}, na kupon {}",
            format_pln(fee),
            format_pln(money_refund),
            format_pln(coupon_refund)
        ),
        format!(
            "Ticket {number} returned: fee {}, refund {}, to the coupon {}",
            format_pln_en(fee),
            format_pln_en(money_refund),
            format_pln_en(coupon_refund)
        ),
    )
}

fn moved(number: &str, to_course: &Leg, price_difference: i64) -> (String, String) {
    let (pl, en) = when(to_course.departure_at);
    both(
        format!("Bilet {number} przeniesiono na kurs {pl}; różnica {}", format_pln(price_difference)),
        format!("Ticket {number} moved to the course at {en}; difference {}", format_pln_en(price_difference)),
    )
}

fn change_requested(
    number: &str,
    to_course: &Leg,
    price_difference: i64,
    expires_at: chrono::DateTime<chrono::Utc>,
) -> (String, String) {
    let (pl, en) = when(to_course.departure_at);
    let until = api_core::time::warsaw(expires_at).format("%H:%M");
    both(
        format!("Zmiana biletu {number} na kurs {pl} czeka na dopłatę {} (do {until})", format_pln(price_difference)),
        format!(
            "Ticket {number}'s move to the course at {en} waits for {} to be paid (until {until})",
            format_pln_en(price_difference)
        ),
    )
}

fn customer_changed(customer: &Customer, reason: &str) -> (String, String) {
    let Customer { first_name, last_name, email, .. } = customer;
    let email = email.as_ref().map_or("", |e| e.as_str());
    both(
        format!("Zmieniono dane klienta na {first_name} {last_name}, {email} ({reason})"),
        format!("Customer details changed to {first_name} {last_name}, {email} ({reason})"),
    )
}

fn invoice_data_changed(invoice: Option<&InvoiceRequest>, reason: &str) -> (String, String) {
    match invoice {
        Some(i) => both(
            format!("Zmieniono dane do faktury: {}, NIP {} ({reason})", i.company_name, i.vat_number),
            format!("Invoice data changed: {}, tax id {} ({reason})", i.company_name, i.vat_number),
        ),
        None => both(format!("Zrezygnowano z faktury ({reason})"), format!("No invoice any more ({reason})")),
    }
}
