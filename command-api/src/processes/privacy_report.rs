//! The daily report's section on personal data: every request not answered yet, nearest
//! deadline first (the carrier has a month from receipt, RODO art. 12(3)). Nothing is
//! written when none is open. Names requests by number and kind, never whose they are.

use chrono::NaiveDate;
use sqlx::PgPool;

/// An open request.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OpenRequest {
    pub number: String,
    /// `export` or `erasure`.
    pub kind: String,
    pub respond_by: NaiveDate,
}

/// The section for the report of `day` (sent the morning after it).
pub async fn section(pool: &PgPool, day: NaiveDate) -> Result<String, sqlx::Error> {
    let rows: Vec<OpenRequest> = sqlx::query_as(
        "select number, kind, respond_by from privacy_requests where done_at is null order by respond_by, number",
    )
    .fetch_all(pool)
    .await?;
    Ok(words(&rows, day.succ_opt().unwrap_or(day)))
}

/// The section's text: a line per request with its deadline and the days left.
pub fn words(rows: &[OpenRequest], today: NaiveDate) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut text = String::from("Wnioski o dane osobowe (RODO) / personal data requests\n");
    for row in rows {
        let what = if row.kind == "erasure" { "usunięcie danych" } else { "kopia danych" };
        let left = (row.respond_by - today).num_days();
        let when = if left < 0 { format!("po terminie o {} dni", -left) } else { format!("zostało dni: {left}") };
        text.push_str(&format!("  {}: {what}, odpowiedź do {}, {when}\n", row.number, row.respond_by));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_open_request_is_named_with_its_deadline_and_the_days_left() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).expect("a day");
        let row = |n: &str, kind: &str, respond_by| OpenRequest { number: n.into(), kind: kind.into(), respond_by };
        let text =
            words(&[row("RODO-2026-000001", "erasure", day(1)), row("RODO-2026-000002", "export", day(9))], day(3));
        assert!(
            text.contains("RODO-2026-000001: usunięcie danych, odpowiedź do 2026-12-01, po terminie o 2 dni"),
            "{text}"
        );
        assert!(text.contains("RODO-2026-000002: kopia danych, odpowiedź do 2026-12-09, zostało dni: 6"), "{text}");
        assert_eq!(words(&[], day(3)), "");
    }
}
