//! Invoice numbers: each series counts from 1 every year (`{series}/{year}/{n}`), and a
//! number is reserved for its purpose (the invoice of an order, the correction of a
//! return) before the document is appended, so a retry takes the same number.

use chrono::Utc;

use crate::CommandState;

/// The number of `purpose` (`invoice/{order id}`, `correction/{ticket id}`) in
/// `series`: the one it took before, or the series' next this year (`{series}/{year}/{n}`),
/// taken with the counter in one transaction. So an append that fails after the number
/// was taken leaves it waiting for the retry, which takes the same number: no number of
/// the series is skipped and none is given twice.
pub(crate) async fn invoice_number(state: &CommandState, series: &str, purpose: &str) -> Result<String, String> {
    use chrono::Datelike;
    let year = Utc::now().with_timezone(&chrono_tz::Europe::Warsaw).year();
    let mut tx = state.pool.begin().await.map_err(|e| e.to_string())?;
    // Two attempts for one purpose (a replay racing a retry) take turns.
    sqlx::query("select pg_advisory_xact_lock(hashtext('invoice-number/' || $1))")
        .bind(purpose)
        .execute(&mut *tx)
        .await
        .map_err(|e| e.to_string())?;
    let taken: Option<(String, i32, i64)> =
        sqlx::query_as("select series, year, n from invoice_numbers where purpose = $1")
            .bind(purpose)
            .fetch_optional(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
    let (series, year, n) = match taken {
        Some(taken) => taken,
        None => {
            let (n,): (i64,) = sqlx::query_as(
                "insert into invoice_counters (series, year, last) values ($1, $2, 1) \
                 on conflict (series, year) do update set last = invoice_counters.last + 1 returning last",
            )
            .bind(series)
            .bind(year)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
            sqlx::query("insert into invoice_numbers (purpose, series, year, n) values ($1, $2, $3, $4)")
                .bind(purpose)
                .bind(series)
                .bind(year)
                .bind(n)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
            (series.to_owned(), year, n)
        }
    };
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(format!("{series}/{year}/{n}"))
}
