//! The daily report's KSeF section: the documents KSeF does not hold yet whose day to
//! reach it falls within one working day (`projections::ksef_deadlines`, the same reading
//! as the admin panel's alert: offline or not, extended by KSeF's announced outages), named
//! with their deadline and why each is stuck, as of the day the report is sent. No such
//! document: no section. And, while KSeF is used without the offline certificate, the
//! note of what that means ([`certificate_note`]).

use api_core::mail::Email;
use chrono::NaiveDate;
use projections::ksef_deadlines::{near_deadlines, NearDeadline, Stuck};
use sqlx::PgPool;

use super::KsefLink;

/// How many documents the section names at most (the rest are counted).
const LISTED: i64 = 50;

/// `email` with the section of the deadlines near on `today` appended (unchanged when
/// there are none).
pub async fn with_deadlines(pool: &PgPool, mut email: Email, today: NaiveDate) -> Result<Email, sqlx::Error> {
    let near = near_deadlines(pool, today, LISTED + 1).await?;
    if let Some(section) = section(&near, today) {
        email.text.push_str(&section);
    }
    Ok(email)
}

/// The section's text (Polish, then a line in English), or `None` when nothing is near.
pub fn section(near: &[NearDeadline], today: NaiveDate) -> Option<String> {
    if near.is_empty() {
        return None;
    }
    let mut text = format!("\nKSeF: faktury do wysłania w ciągu jednego dnia roboczego (stan na {today})\n");
    let listed = usize::try_from(LISTED).unwrap_or(usize::MAX);
    for doc in near.iter().take(listed) {
        let when = if doc.deadline < today { "termin minął" } else { "termin" };
        let why = why_words(&doc.why);
        text.push_str(&format!("  {} — {when} {}{why}\n", doc.document_number, doc.deadline));
    }
    if near.len() > listed {
        text.push_str("  … oraz kolejne (coach finance ksef status)\n");
    }
    text.push_str(
        "KSeF: invoices whose legal deadline to reach KSeF falls within one working day are listed above, with why.\n",
    );
    Some(text)
}

/// Why a document is stuck, in the report's words.
fn why_words(why: &Stuck) -> String {
    match why {
        Stuck::Rejected { detail } => format!(" (odrzucona przez KSeF: wymaga korekty; {detail})"),
        Stuck::WaitingForInvoice { detail } => format!(" (korekta czeka na numer KSeF faktury {detail})"),
        Stuck::SenderTrouble { detail } => format!(" (KSeF nie przyjmuje wysyłki: {detail})"),
        Stuck::Offline => " (wystawiona offline: KSeF był niedostępny)".to_owned(),
        Stuck::Unconfirmed => " (wysyłanie rozpoczęte, KSeF nie potwierdził)".to_owned(),
        Stuck::NotSent => " (nie wysłana: wysyłka do KSeF nie działa)".to_owned(),
    }
}

/// What a carrier without the offline certificate must know (Polish, then English), or
/// `None` when the certificate is configured or KSeF is not used. The guide requires KOD
/// II (signed with that certificate) on an offline invoice; without it the sender still
/// records a document offline when KSeF does not answer, and the invoice e-mail
/// (`send_after_ksef`) and the PDF then carry KOD I only, marked OFFLINE.
pub fn certificate_note(link: &KsefLink) -> Option<&'static str> {
    (link.client.is_some() && link.offline_cert.is_none()).then_some(ksef::qr::OFFLINE_WITHOUT_CERTIFICATE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, day).expect("a day")
    }

    fn near(number: &str, state: &str, deadline: NaiveDate) -> NearDeadline {
        let why = match state {
            "rejected" => Stuck::Rejected { detail: "450: schema".into() },
            "sent" => Stuck::Unconfirmed,
            _ => Stuck::Offline,
        };
        NearDeadline { document_number: number.into(), order_id: Uuid::nil(), state: state.into(), deadline, why }
    }

    #[test]
    fn the_section_names_each_near_document_with_its_deadline() {
        assert_eq!(section(&[], d(27)), None);
        let text =
            section(&[near("FV/1", "rejected", d(26)), near("FV/2", "offline", d(30))], d(27)).expect("a section");
        assert!(text.contains("(stan na 2026-11-27)"), "{text}");
        assert!(
            text.contains("FV/1 — termin minął 2026-11-26 (odrzucona przez KSeF: wymaga korekty; 450: schema)"),
            "{text}"
        );
        assert!(text.contains("FV/2 — termin 2026-11-30 (wystawiona offline: KSeF był niedostępny)\n"), "{text}");
    }

    #[test]
    fn a_document_held_back_by_the_senders_trouble_says_so() {
        let mut held = near("FV/3", "waiting", d(27));
        held.why = Stuck::SenderTrouble { detail: "KSeF refused the token (401)".into() };
        let text = section(&[held], d(27)).expect("a section");
        assert!(
            text.contains("FV/3 — termin 2026-11-27 (KSeF nie przyjmuje wysyłki: KSeF refused the token (401))"),
            "{text}"
        );
    }

    #[test]
    fn a_long_list_is_cut_and_says_where_the_rest_is() {
        let many: Vec<_> = (0..=LISTED).map(|i| near(&format!("FV/{i}"), "offline", d(30))).collect();
        let text = section(&many, d(27)).expect("a section");
        assert_eq!(text.matches("— termin").count(), 50);
        assert!(text.contains("coach finance ksef status"), "{text}");
    }
}
