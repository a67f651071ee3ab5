//! The daily report's complaints section: the complaints whose open deadline (the
//! 1-month response until the carrier responded, then the 3-month answer) is at most
//! [`NEAR_DAYS`] days away, or passed, on the day the report goes out, nearest first.
//! Read from `rm_complaints` like the rest of the report reads its read models; nothing
//! is written when no complaint is near its deadline.

use chrono::NaiveDate;
use sqlx::PgPool;

/// How near a deadline must be to be named.
pub const NEAR_DAYS: i32 = 7;

/// A complaint near its deadline.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct NearDeadline {
    pub number: String,
    pub order_number: String,
    /// True: the 1-month response is due; false: the final answer.
    pub response_due: bool,
    pub deadline: NaiveDate,
}

/// The section for the report of `day` (sent the morning after it).
pub async fn section(pool: &PgPool, day: NaiveDate) -> Result<String, sqlx::Error> {
    let today = day.succ_opt().unwrap_or(day);
    let rows: Vec<NearDeadline> = sqlx::query_as(
        "select number, order_number, responded_at is null as response_due, \
                case when responded_at is null then respond_by else answer_by end as deadline \
           from rm_complaints \
          where answered_at is null \
            and (case when responded_at is null then respond_by else answer_by end) - $1 <= $2 \
          order by deadline, number",
    )
    .bind(today)
    .bind(NEAR_DAYS)
    .fetch_all(pool)
    .await?;
    Ok(words(&rows, today))
}

/// The section's text: a line per complaint with its deadline and the days left.
pub fn words(rows: &[NearDeadline], today: NaiveDate) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut text = format!("Reklamacje bliskie terminu (do {NEAR_DAYS} dni) / complaints near their deadline\n");
    for row in rows {
        let what = if row.response_due { "odpowiedź wstępna" } else { "odpowiedź ostateczna" };
        let left = (row.deadline - today).num_days();
        let when = if left < 0 { format!("po terminie o {} dni", -left) } else { format!("zostało dni: {left}") };
        text.push_str(&format!(
            "  {} (zamówienie {}): {what} do {}, {when}\n",
            row.number, row.order_number, row.deadline
        ));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_complaint_near_its_deadline_is_named_with_the_days_left() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).expect("a day");
        let row = |n: &str, response_due, deadline| NearDeadline {
            number: n.into(),
            order_number: "NB-2026-000001".into(),
            response_due,
            deadline,
        };
        let text = words(&[row("RK-2026-000002", false, day(1)), row("RK-2026-000001", true, day(5))], day(3));
        assert!(
            text.contains(
                "RK-2026-000002 (zamówienie NB-2026-000001): odpowiedź ostateczna do 2026-12-01, po terminie o 2 dni"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "RK-2026-000001 (zamówienie NB-2026-000001): odpowiedź wstępna do 2026-12-05, zostało dni: 2"
            ),
            "{text}"
        );
        assert_eq!(words(&[], day(3)), "", "no section without complaints near a deadline");
    }
}
