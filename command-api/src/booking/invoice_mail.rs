//! The invoice e-mails: every invoice and correction, once issued, goes to the customer
//! with its PDF attached, and a copy to the company's invoice office
//! (`companies.invoice_email`, when set).
//!
//! Sent by the reactions to `InvoiceIssued` and `InvoiceCorrected`
//! ([`crate::processes::reactions`]) rather than by the payment's: the invoice is
//! appended by that same reaction, after the state it was handed was loaded, and a
//! document may be issued long after the payment (an invoice asked for later, the
//! correction of a return, of a cancellation, of a change of course or of the buyer's
//! data). Each of them is mailed the same way.
//!
//! The document is the event's own ([`invoicing::IssuedDocument::of_event`]), printed by
//! the mapping the download uses (`invoicing::document`), so the PDF mailed is the PDF
//! downloaded. A correction names the buyer it replaced, which only the order's earlier
//! documents tell: they are read from the order's stream up to this one.
//!
//! Once per document and recipient: `sent_messages` kinds `invoice-mail/{number}` (the
//! customer) and `invoice-copy/{number}` (the office), claimed before the send
//! ([`super::send::send_once`]); a replayed event finds them and sends nothing. A send
//! that fails gives its claim back and is logged: the reactions go on (a bad address
//! must not stop the booking's processes), and a replay of the reactions tries it again.
//!
//! A document due for KSeF (`ksef: true` in its event, and a process that sends to
//! KSeF) is mailed once KSeF gave it its number or it went offline
//! ([`send_after_ksef`], the reactions to `KsefAccepted` and `KsefWentOffline`): its PDF
//! then carries the KSeF mark (the number and KOD I) and the message names the number.
//! KOD I (and KOD II) hash the document's stored XML, the bytes KSeF holds
//! ([`crate::processes::ksef::issued_xml`]); no XML is attached.
//!
//! Language: an order does not record its customer's language (the tickets' e-mail is
//! Polish only), so the message is Polish with one line in English for everyone; the
//! invoice itself is Polish, as the VAT act wants it.

use api_core::mail::{Attachment, Email};
use documents::KsefMark;
use domain::money::format_pln;
use domain::order::{Language, OrderEvent, OrderState};
use event_store::{Direction, ReadFrom, StoreError};
use invoicing::{IssuedDocument, OrderFacts};

use super::invoice_words::{customer_email, subject, what};
use super::send::send_once;
use crate::aggregate::{stream_of, OrderAgg};
use crate::CommandState;

/// The `sent_messages` kind of the customer's e-mail of document `number`.
pub fn customer_kind(number: &str) -> String {
    format!("invoice-mail/{number}")
}

/// The `sent_messages` kind of the invoice office's copy of document `number`.
pub fn office_kind(number: &str) -> String {
    format!("invoice-copy/{number}")
}

/// Mail the document `event` issued on `order` (nothing for another event), each
/// recipient once.
#[tracing::instrument(skip_all, fields(order_id = %order.order_id))]
pub async fn send_document(state: &CommandState, order: &OrderState, event: &OrderEvent) {
    let Some(issued) = IssuedDocument::of_event(event) else { return };
    send_issued(state, order, issued, None).await;
}

/// Mail a document due for KSeF once KSeF gave it its number (or it went offline): its
/// PDF carries the KSeF mark (the number, KOD I), and the message names the number.
#[tracing::instrument(skip_all, fields(order_id = %order.order_id))]
pub async fn send_after_ksef(state: &CommandState, order: &OrderState, number: &str) {
    let events = match crate::processes::ksef::render::order_events(state.store.as_ref(), order.order_id).await {
        Ok((events, _)) => events,
        Err(e) => {
            tracing::warn!(%number, error = %e, "could not read the order's events; not mailed");
            return;
        }
    };
    let Some(issued) = domain::order::document_to_send(&events, number) else { return };
    let Some(track) = order.ksef.iter().find(|t| t.document == number) else { return };
    // KOD I is the hash of the bytes KSeF holds: the document's stored XML.
    let rendered = match crate::processes::ksef::issued_xml::ensure(&state.pool, order.order_id, &events, number).await
    {
        Ok(Some(fixed)) => fixed,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(%number, error = %e, "the document's XML cannot be had; not mailed");
            return;
        }
    };
    let seller_nip = issued.seller.as_ref().map(|s| s.tax_id.clone()).unwrap_or_default();
    let issue_date = api_core::time::warsaw(issued.issued_at).date_naive();
    let kod_i = ksef::qr::kod_i(state.ksef.env.qr_host(), &seller_nip, issue_date, rendered.xml.as_bytes());
    // An offline document (no number yet) carries KOD II too, signed with the offline certificate.
    let kod_ii = match (track.ksef_number(), &state.ksef.offline_cert) {
        (None, Some(cert)) => Some(ksef::qr::kod_ii(
            state.ksef.env.qr_host(),
            &state.ksef.nip,
            &seller_nip,
            cert,
            rendered.xml.as_bytes(),
        )),
        _ => None,
    };
    let mark = documents::KsefMark { number: track.ksef_number().map(str::to_owned), kod_i, kod_ii };
    send_issued(state, order, issued, Some(mark)).await;
}

/// Mail `issued` (with its KSeF mark, if given), each recipient once.
async fn send_issued(state: &CommandState, order: &OrderState, issued: IssuedDocument, ksef: Option<KsefMark>) {
    let earlier = match documents_up_to(state, order, &issued.number).await {
        Ok(earlier) => earlier,
        Err(e) => {
            tracing::warn!(number = %issued.number, error = %e, "could not read the order's documents; not mailed");
            return;
        }
    };
    let corrects_ksef_number = issued
        .corrects_number
        .as_ref()
        .and_then(|invoice| order.ksef.iter().find(|t| &t.document == invoice))
        .and_then(|t| t.ksef_number());
    let mut document = invoicing::document(&issued, &OrderFacts::of_order(order), &earlier, corrects_ksef_number);
    document.ksef = ksef.clone();
    let pdf = match documents::invoice_pdf(&document) {
        Ok(pdf) => Attachment::pdf(invoicing::file_name(&issued.number, "pdf"), pdf),
        Err(e) => {
            // The data recorded at issue cannot make a valid document (the company's NIP
            // was not set, say): nothing a retry would change.
            tracing::error!(number = %issued.number, error = %e, "the invoice cannot be rendered; not mailed");
            return;
        }
    };
    let settings = match state.settings.get(&state.pool).await {
        Ok(settings) => settings,
        Err(e) => {
            tracing::warn!(number = %issued.number, error = %e, "could not read the settings; not mailed");
            return;
        }
    };
    let sender = if settings.seller.name.trim().is_empty() { "Nisko Bus" } else { settings.seller.name.trim() };
    let to_customer = customer_email(&state.public_url, order, &issued, sender, pdf.clone(), ksef.as_ref());
    send_once(state, order.order_id, &customer_kind(&issued.number), to_customer).await;
    if let Some(office) = settings.invoice_email {
        let copy = office_email(order, &issued, office, pdf);
        send_once(state, order.order_id, &office_kind(&issued.number), copy).await;
    }
}

/// The order's documents, oldest first, up to and including `number`.
async fn documents_up_to(
    state: &CommandState,
    order: &OrderState,
    number: &str,
) -> Result<Vec<IssuedDocument>, StoreError> {
    const PAGE: usize = 500;
    let stream = stream_of::<OrderAgg>(&order.order_id)?;
    let mut documents = Vec::new();
    let mut from = ReadFrom::Start;
    loop {
        let page = state.store.read_stream(&stream, from, Direction::Forwards, PAGE).await?;
        for recorded in &page {
            let event: OrderEvent = recorded.decode()?;
            if let Some(document) = IssuedDocument::of_event(&event) {
                let last = document.number == number;
                documents.push(document);
                if last {
                    return Ok(documents);
                }
            }
        }
        match page.last() {
            Some(last) if page.len() == PAGE => from = ReadFrom::Version(last.version + 1),
            _ => return Ok(documents),
        }
    }
}

/// The invoice office's copy: the same PDF, with what a bookkeeper files it by.
fn office_email(order: &OrderState, issued: &IssuedDocument, office: String, pdf: Attachment) -> Email {
    let buyer = issued.buyer.as_ref().map_or_else(String::new, |b| format!("{}, NIP {}", b.company_name, b.vat_number));
    let mut text = format!(
        "Kopia dokumentu wysłanego klientowi ({}).\n\nDokument: {}\nWystawiony: {}\nNabywca: {buyer}\n\
         Netto: {}\nVAT ({} %): {}\nBrutto: {}\nZamówienie: {} ({})\n",
        super::send::address(&order.customer.email),
        what(issued, Language::Pl),
        api_core::time::warsaw(issued.issued_at).format("%Y-%m-%d %H:%M"),
        format_pln(issued.net),
        issued.vat_rate,
        format_pln(issued.vat),
        format_pln(issued.gross),
        order.display_number(),
        order.order_id
    );
    if let Some(reason) = issued.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        text.push_str(&format!("Przyczyna korekty: {reason}\n"));
    }
    Email {
        to: office,
        subject: format!("Kopia: {}", subject(issued, order, Language::Pl)),
        text,
        attachments: vec![pdf],
    }
}
