//! The customer's invoice e-mail in the order's language: what the attached document is,
//! its amount, the reason of a correction, its KSeF number or offline codes, and where
//! the order's documents are. The document itself stays Polish, as the law wants; the
//! invoice office's copy is Polish too (it is the office's language).

use api_core::mail::{Attachment, Email};
use documents::KsefMark;
use domain::order::{DocumentKind, IssuedDocument, Language, OrderState};

/// The e-mail to the customer with the document's PDF.
pub(super) fn customer_email(
    public_url: &str,
    order: &OrderState,
    issued: &IssuedDocument,
    sender: &str,
    pdf: Attachment,
    ksef: Option<&KsefMark>,
) -> Email {
    let language = order.customer.language;
    let reason = issued.reason.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let site = format!("{public_url}{}/order/success/{}", language.path_prefix(), order.hash_id);
    let name = &order.customer.first_name;
    let number = order.display_number();
    let gross = super::after_sale_mail::money(language, issued.gross);
    let mut text = match language {
        Language::Pl => {
            let amount = match issued.kind {
                DocumentKind::Invoice => format!("kwota brutto {gross}"),
                DocumentKind::Correction => format!("zmiana kwoty brutto {gross}"),
            };
            format!(
                "Dzień dobry {name},\n\nw załączniku {} do zamówienia {number} ({amount}).\n",
                what(issued, language)
            )
        }
        Language::En => {
            let amount = match issued.kind {
                DocumentKind::Invoice => format!("gross amount {gross}"),
                DocumentKind::Correction => format!("change of the gross amount {gross}"),
            };
            format!(
                "Hello {name},\n\nattached is {} for your order {number} ({amount}). Invoices are issued in Polish, \
                 as Polish law requires.\n",
                what(issued, language)
            )
        }
    };
    if let Some(reason) = reason {
        text.push_str(&match language {
            Language::Pl => format!("Przyczyna korekty: {reason}.\n"),
            Language::En => format!("Reason for the correction: {}.\n", reason_in_english(reason)),
        });
    }
    text.push_str(&ksef_words(ksef, language));
    text.push_str(&match language {
        Language::Pl => format!("\nFaktury zamówienia są też na jego stronie: {site}\n\nPozdrawiamy\n{sender}\n"),
        Language::En => format!("\nThe order's invoices are also on its page: {site}\n\nKind regards\n{sender}\n"),
    });
    Email {
        to: super::send::address(&order.customer.email),
        subject: subject(issued, order, language),
        text,
        attachments: vec![pdf],
    }
}

/// The KSeF number (or the offline notice) and the verification link.
/// A correction's reason for an English message. The invoice is Polish (the law), and so
/// is the reason it prints; the one the product writes itself, a returned ticket's
/// ("Zwrot biletu NK-…"), is said in English; an admin's own words are quoted as written.
fn reason_in_english(reason: &str) -> String {
    match reason.strip_prefix("Zwrot biletu") {
        Some(rest) => format!("return of ticket{rest}"),
        None => reason.to_owned(),
    }
}

fn ksef_words(mark: Option<&KsefMark>, language: Language) -> String {
    match (mark, language) {
        (None, _) => String::new(),
        (Some(KsefMark { number: Some(number), kod_i, .. }), Language::Pl) => {
            format!("\nNumer KSeF: {number}\nWeryfikacja: {kod_i}\n")
        }
        (Some(KsefMark { number: Some(number), kod_i, .. }), Language::En) => {
            format!("\nKSeF number: {number}\nVerification: {kod_i}\n")
        }
        (Some(KsefMark { number: None, kod_i, .. }), Language::Pl) => format!(
            "\nFaktura wystawiona w trybie offline: zostanie przesłana do KSeF, gdy KSeF znów będzie dostępny.\n\
             Weryfikacja: {kod_i}\n"
        ),
        (Some(KsefMark { number: None, kod_i, .. }), Language::En) => format!(
            "\nThe invoice was issued offline: it is sent to KSeF, the national e-invoice system, when KSeF is \
             available again.\nVerification: {kod_i}\n"
        ),
    }
}

/// What the document is, in a sentence's words.
pub(super) fn what(issued: &IssuedDocument, language: Language) -> String {
    let corrected = issued.corrects_number.as_deref().unwrap_or_default();
    match (issued.kind, language) {
        (DocumentKind::Invoice, Language::Pl) => format!("faktura VAT {}", issued.number),
        (DocumentKind::Invoice, Language::En) => format!("VAT invoice {}", issued.number),
        (DocumentKind::Correction, Language::Pl) => {
            format!("faktura korygująca {} do faktury {corrected}", issued.number)
        }
        (DocumentKind::Correction, Language::En) => {
            format!("correction invoice {} to invoice {corrected}", issued.number)
        }
    }
}

/// The e-mail's subject.
pub(super) fn subject(issued: &IssuedDocument, order: &OrderState, language: Language) -> String {
    let kind = match (issued.kind, language) {
        (DocumentKind::Invoice, Language::Pl) => "Faktura",
        (DocumentKind::Correction, Language::Pl) => "Faktura korygująca",
        (DocumentKind::Invoice, Language::En) => "Invoice",
        (DocumentKind::Correction, Language::En) => "Correction invoice",
    };
    let order_word = match language {
        Language::Pl => "zamówienie",
        Language::En => "order",
    };
    format!("{kind} {} – {order_word} {}", issued.number, order.display_number())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_returned_tickets_reason_is_english_and_an_admins_words_stay_as_written() {
        assert_eq!(super::reason_in_english("Zwrot biletu NK-2026-000008"), "return of ticket NK-2026-000008");
        assert_eq!(super::reason_in_english("Błędny NIP nabywcy"), "Błędny NIP nabywcy");
    }
}
