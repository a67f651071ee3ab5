//! The UPO (official receipt) of an accepted invoice, in the shape of
//! `faktury/upo/schemy/upo-v4-3.xsd` (namespace `http://upo.schematy.mf.gov.pl/KSeF/v4-3`).

use super::auth::check_access;
use super::reply;
use super::state::Invoice;
use super::{Ctx, Shared};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The UPO of one accepted invoice of a session.
pub(crate) fn upo_xml(session_ref: &str, context_nip: &str, invoice: &Invoice) -> Option<String> {
    let ksef_number = invoice.ksef_number.as_deref()?;
    let seller = invoice.seller_nip.as_deref().unwrap_or(context_nip);
    let received = &invoice.invoicing_date;
    let acquired = invoice.acquisition_date.as_deref().unwrap_or(received);
    let issue_date = invoice.issue_date.as_deref().unwrap_or(&received[..10]);
    let mode = if invoice.offline { "Offline" } else { "Online" };
    Some(format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>{session_ref}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu><Nip>{context_nip}</Nip></IdKontekstu>
    <NumerReferencyjnyTokenaKSeF>{session_ref}</NumerReferencyjnyTokenaKSeF>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>{seller}</NipSprzedawcy>
    <NumerKSeFDokumentu>{ksef_number}</NumerKSeFDokumentu>
    <NumerFaktury>{number}</NumerFaktury>
    <DataWystawieniaFaktury>{issue_date}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>{received}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>{acquired}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>{hash}</SkrotDokumentu>
    <TrybWysylki>{mode}</TrybWysylki>
  </Dokument>
</Potwierdzenie>
"#,
        number = escape(invoice.invoice_number.as_deref().unwrap_or("-")),
        hash = invoice.hash,
    ))
}

fn not_found(session_ref: &str, key: &str) -> Response {
    reply::exception(
        21178,
        "Nie znaleziono UPO dla podanych kryteriów.",
        Some(format!("UPO o numerze KSeF {key} i numerze referencyjnym sesji {session_ref} nie zostało znalezione.")),
    )
}

fn answer(shared: &Shared, session_ref: &str, key: &str, pick: impl Fn(&Invoice) -> bool) -> Response {
    let state = shared.state();
    let upo = state
        .sessions
        .get(session_ref)
        .and_then(|s| s.invoices.iter().find(|i| i.accepted() && pick(i)))
        .and_then(|i| upo_xml(session_ref, &shared.nip, i));
    match upo {
        Some(xml) => ([(header::CONTENT_TYPE, "application/xml")], xml).into_response(),
        None => not_found(session_ref, key),
    }
}

pub(crate) async fn by_ksef_number(
    State(shared): Ctx,
    Path((session_ref, ksef_number)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    answer(&shared, &session_ref, &ksef_number, |i| i.ksef_number.as_deref() == Some(ksef_number.as_str()))
}

pub(crate) async fn by_reference(
    State(shared): Ctx,
    Path((session_ref, invoice_ref)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = check_access(&shared, &headers) {
        return refused;
    }
    answer(&shared, &session_ref, &invoice_ref, |i| i.reference == invoice_ref)
}
