//! The daily report's KSeF section: the offline documents KSeF does not hold yet whose
//! legal deadline falls within one working day (`projections::ksef_deadlines`, the same
//! reading as the admin panel's alert), named with their deadline, as of the day the
//! report is sent. No such document: no section.

use api_core::mail::Email;
use chrono::NaiveDate;
use projections::ksef_deadlines::{near_deadlines, NearDeadline};
use sqlx::PgPool;

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
    let mut text = format!("\nKSeF: faktury offline do wysłania w ciągu jednego dnia roboczego (stan na {today})\n");
    let listed = usize::try_from(LISTED).unwrap_or(usize::MAX);
    for doc in near.iter().take(listed) {
        let when = if doc.deadline < today { "termin minął" } else { "termin" };
        text.push_str(&format!("  {} — {when} {}{}\n", doc.document_number, doc.deadline, state_words(&doc.state)));
    }
    if near.len() > listed {
        text.push_str("  … oraz kolejne (coach finance ksef status)\n");
    }
    text.push_str(
        "KSeF: offline invoices whose legal deadline to reach KSeF falls within one working day are listed above.\n",
    );
    Some(text)
}

fn state_words(state: &str) -> &'static str {
    match state {
        "rejected" => " (odrzucona przez KSeF: wymaga korekty)",
        "sent" => " (wysyłanie rozpoczęte, KSeF nie potwierdził)",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, day).expect("a day")
    }

    fn near(number: &str, state: &str, deadline: NaiveDate) -> NearDeadline {
        NearDeadline { document_number: number.into(), order_id: Uuid::nil(), state: state.into(), deadline }
    }

    #[test]
    fn the_section_names_each_near_document_with_its_deadline() {
        assert_eq!(section(&[], d(27)), None);
        let text =
            section(&[near("FV/1", "rejected", d(26)), near("FV/2", "offline", d(30))], d(27)).expect("a section");
        assert!(text.contains("(stan na 2026-11-27)"), "{text}");
        assert!(text.contains("FV/1 — termin minął 2026-11-26 (odrzucona przez KSeF: wymaga korekty)"), "{text}");
        assert!(text.contains("FV/2 — termin 2026-11-30\n"), "{text}");
    }

    #[test]
    fn a_long_list_is_cut_and_says_where_the_rest_is() {
        let many: Vec<_> = (0..=LISTED).map(|i| near(&format!("FV/{i}"), "offline", d(30))).collect();
        let text = section(&many, d(27)).expect("a section");
        assert_eq!(text.matches("— termin").count(), 50);
        assert!(text.contains("coach finance ksef status"), "{text}");
    }
}
