//! An order's money in words, Polish and English: its payments, refunds, compensation and
//! invoices (`order_words` sends these events here).

use domain::money::{format_pln, format_pln_en};
use domain::order::OrderEvent;

use super::words::both;

/// A payment's transaction in words, Polish and English: an office sale's (`cash-<order
/// id>`, `card_terminal-<order id>`) as what it was; a gateway's with its id, which the
/// office quotes to the gateway.
fn transaction_words(transaction_id: &str) -> (String, String) {
    if transaction_id.starts_with("card_terminal-") {
        ("kartą na terminalu w kasie".into(), "by card on the office's terminal".into())
    } else if transaction_id.starts_with("cash-") {
        ("gotówką w kasie".into(), "in cash at the office".into())
    } else {
        (format!("transakcja {transaction_id}"), format!("transaction {transaction_id}"))
    }
}

/// An event about the order's money in words (the order's other events: empty).
pub(super) fn money_event(event: &OrderEvent) -> (String, String) {
    match event {
        OrderEvent::OrderPaid { amount, transaction_id, tickets, .. } => {
            let (pl, en) = transaction_words(transaction_id);
            both(
                format!("Zapłacono {} ({pl}); wydano bilety: {}", format_pln(*amount), tickets.len()),
                format!("Paid {} ({en}); {} ticket(s) issued", format_pln_en(*amount), tickets.len()),
            )
        }
        OrderEvent::PaymentRegistered { payment, .. } => both(
            format!("Zarejestrowano nową płatność ({})", payment.provider),
            format!("A new payment was registered ({})", payment.provider),
        ),
        OrderEvent::CompensationOwed { amount, .. } => both(
            format!(
                "Wybór zaproponowano po planowym odjeździe: należy się odszkodowanie {} (50% ceny, art. 19 ust. 2 rozporządzenia 181/2011)",
                format_pln(*amount)
            ),
            format!(
                "The choice came after the scheduled departure: compensation of {} is owed (50% of the price, art. 19(2) of Regulation 181/2011)",
                format_pln_en(*amount)
            ),
        ),
        OrderEvent::CompensationPaid { amount, .. } => both(
            format!("Wypłacono odszkodowanie {}", format_pln(*amount)),
            format!("Compensation of {} paid", format_pln_en(*amount)),
        ),
        OrderEvent::RefundPaidOut { amount, method, .. } if method == "cash" => both(
            format!("Zwrot {} wypłacony gotówką w kasie", format_pln(*amount)),
            format!("Refund of {} paid out in cash at the office", format_pln_en(*amount)),
        ),
        OrderEvent::RefundPaidOut { amount, .. } => both(
            format!("Zwrot {} wykonany na kartę w terminalu kasy", format_pln(*amount)),
            format!("Refund of {} made to the card on the office's terminal", format_pln_en(*amount)),
        ),
        OrderEvent::LatePaymentRefunded { amount, transaction_id, .. } => both(
            format!("Spóźniona płatność {transaction_id} do zwrotu: {}", format_pln(*amount)),
            format!("Late payment {transaction_id} to be refunded: {}", format_pln_en(*amount)),
        ),
        OrderEvent::TicketChangePaid { number, amount, transaction_id, .. } => both(
            format!("Dopłacono {} za zmianę kursu biletu {number} (transakcja {transaction_id})", format_pln(*amount)),
            format!(
                "{} paid for ticket {number}'s change of course (transaction {transaction_id})",
                format_pln_en(*amount)
            ),
        ),
        OrderEvent::InvoiceIssued { number, total, .. } => both(
            format!("Wystawiono fakturę {number} na {}", format_pln(*total)),
            format!("Invoice {number} issued for {}", format_pln_en(*total)),
        ),
        OrderEvent::InvoiceCorrected { number, corrects, amount, reason, .. } => both(
            format!("Wystawiono korektę {number} faktury {corrects}: {} ({reason})", format_pln(*amount)),
            format!("Correction {number} of invoice {corrects}: {} ({reason})", format_pln_en(*amount)),
        ),
        _ => (String::new(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::transaction_words;

    #[test]
    fn an_office_payment_is_told_in_words_and_a_gateway_one_by_its_id() {
        let order = "01a21d5e-d4b8-7485-9267-b4463c613a02";
        assert_eq!(transaction_words(&format!("cash-{order}")).0, "gotówką w kasie");
        assert_eq!(transaction_words(&format!("card_terminal-{order}")).1, "by card on the office's terminal");
        assert_eq!(transaction_words("P24-998877").0, "transakcja P24-998877");
    }
}
