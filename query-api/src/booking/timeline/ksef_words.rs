//! The KSeF steps of an order's documents in words, Polish and English.

use domain::order::OrderEvent;

use chrono::{DateTime, Utc};

use super::words::both;

/// An instant as the Polish history shows it (Warsaw time, to the minute).
fn warsaw(t: &DateTime<Utc>) -> String {
    super::order_words::when(*t).0
}

/// An instant as the English history shows it.
fn warsaw_en(t: &DateTime<Utc>) -> String {
    super::order_words::when(*t).1
}

/// A KSeF event in words (the order's other events: empty).
pub(super) fn ksef_event(event: &OrderEvent) -> (String, String) {
    match event {
        OrderEvent::KsefSendStarted { document, session_ref, offline, .. } => {
            let (mode_pl, mode_en) = if *offline { (" w trybie offline", " in offline mode") } else { ("", "") };
            both(
                format!("Rozpoczęto wysyłkę dokumentu {document} do KSeF{mode_pl} (sesja {session_ref})"),
                format!("Sending {document} to KSeF began{mode_en} (session {session_ref})"),
            )
        }
        OrderEvent::KsefSent { document, invoice_ref, .. } => both(
            format!("KSeF przyjął dokument {document} do przetworzenia (numer referencyjny {invoice_ref})"),
            format!("KSeF took {document} in for processing (reference {invoice_ref})"),
        ),
        OrderEvent::KsefAccepted { document, ksef_number, duplicate_sent_in: None, .. } => both(
            format!("Dokument {document} ma numer KSeF {ksef_number}"),
            format!("{document} was accepted by KSeF: number {ksef_number}"),
        ),
        OrderEvent::KsefAccepted { document, ksef_number, duplicate_sent_in: Some(_), .. } => both(
            format!("KSeF ma już dokument {document} (duplikat ponownej wysyłki): jego numer KSeF to {ksef_number}"),
            format!("KSeF already holds {document} (a repeated send was a duplicate): its KSeF number is {ksef_number}"),
        ),
        OrderEvent::KsefSendFailed { document, code, reason, blocked: false, retry_at, .. } => both(
            format!("KSeF nie przetworzył dokumentu {document} (kod {code}: {reason}); zostanie wysłany ponownie po {}", warsaw(retry_at)),
            format!("KSeF did not process {document} (code {code}: {reason}); it will be sent again after {}", warsaw_en(retry_at)),
        ),
        OrderEvent::KsefSendFailed { document, code, reason, blocked: true, retry_at, .. } => both(
            format!("Wysyłka dokumentu {document} do KSeF wstrzymana (kod {code}: {reason}); wymaga uwagi administratora, kolejna próba po {}", warsaw(retry_at)),
            format!("Sending {document} to KSeF is held up (code {code}: {reason}); an admin must look into it, next try after {}", warsaw_en(retry_at)),
        ),
        OrderEvent::KsefRejected { document, code, reason, .. } => both(
            format!("KSeF odrzucił dokument {document} (kod {code}: {reason}); popraw dane nabywcy i wyślij ponownie"),
            format!("KSeF rejected {document} (code {code}: {reason}); correct the buyer's data to send it again"),
        ),
        OrderEvent::KsefWentOffline { document, deadline, .. } => both(
            format!("KSeF niedostępny: dokument {document} wystawiono w trybie offline, do wysłania do {deadline}"),
            format!("KSeF unavailable: {document} was issued offline, to be sent by {deadline}"),
        ),
        OrderEvent::KsefUpoReceived { document, .. } => both(
            format!("Pobrano UPO dokumentu {document} z KSeF"),
            format!("KSeF's UPO (official receipt) of {document} was received"),
        ),
        OrderEvent::RejectedInvoiceAmended { document, buyer, reason, .. } => both(
            format!(
                "Poprawiono dane nabywcy odrzuconego dokumentu {document}: {}, NIP {} ({reason}); zostanie wysłany ponownie",
                buyer.company_name, buyer.vat_number
            ),
            format!(
                "The buyer of rejected {document} was corrected to {}, tax id {} ({reason}); it will be sent again",
                buyer.company_name, buyer.vat_number
            ),
        ),
        _ => (String::new(), String::new()),
    }
}
