//! The orders' readable numbers, taken from `order_number_seq` for many placements in one
//! statement: under load every order would otherwise pay a round trip of its own for one
//! `nextval`. The numbers stay consecutive and in the order the placements asked for them;
//! a statement that fails leaves a gap, as a failed `nextval` always could.

use std::sync::{Arc, Mutex};

use batching::Batcher;
use sqlx::PgPool;

/// Placements whose numbers one statement takes, at most.
const BATCH: usize = 256;
/// Writers taking turns at the sequence.
const WRITERS: usize = 2;

/// Where the statement leaves one placement's number.
type Slot = Arc<Mutex<Option<i64>>>;

/// Hands out the sequence's next values, many per statement.
pub struct OrderNumbers {
    batcher: Batcher<Slot, String>,
}

impl OrderNumbers {
    /// `ahead`: the orders' events go to this database, whose commit flushes the
    /// sequence's advance too, so its statement need not wait for a flush of its own
    /// ([`event_store::postgres::COMMIT_AHEAD`]).
    pub fn new(pool: &PgPool, ahead: bool) -> Self {
        let pool = pool.clone();
        let sql: Arc<str> = match ahead {
            true => format!("{TAKE} cross join {}", event_store::postgres::COMMIT_AHEAD).into(),
            false => TAKE.into(),
        };
        OrderNumbers { batcher: Batcher::new(WRITERS, BATCH, move |slots| take(pool.clone(), sql.clone(), slots)) }
    }

    /// The sequence's next value for one order.
    pub async fn next(&self) -> Result<i64, String> {
        let slot = Slot::default();
        self.batcher.submit(slot.clone()).await.map_err(|e| e.to_string())?;
        let taken = *slot.lock().unwrap_or_else(|e| e.into_inner());
        taken.ok_or_else(|| "the sequence gave no number".to_owned())
    }
}

/// The sequence's next `$1` values.
const TAKE: &str = "select nextval('order_number_seq') from generate_series(1, $1::int)";

/// One value per slot, the lowest to the first asked.
async fn take(pool: PgPool, sql: Arc<str>, slots: Vec<Slot>) -> Result<(), String> {
    let mut values: Vec<i64> = sqlx::query_scalar(&sql)
        .bind(i32::try_from(slots.len()).unwrap_or(i32::MAX))
        .fetch_all(&pool)
        .await
        .map_err(|e| e.to_string())?;
    values.sort_unstable();
    for (slot, value) in slots.iter().zip(values) {
        *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::OrderNumbers;

    /// Many placements at once: each gets its own number, all of them consecutive.
    #[sqlx::test(migrator = "schema::MIGRATOR")]
    async fn numbers_taken_together_are_distinct_and_consecutive(pool: sqlx::PgPool) {
        let numbers = OrderNumbers::new(&pool, true);
        let taken = futures::future::join_all((0..300).map(|_| numbers.next())).await;
        let mut taken: Vec<i64> = taken.into_iter().map(Result::unwrap).collect();
        taken.sort_unstable();
        let first = taken[0];
        assert_eq!(taken, (first..first + 300).collect::<Vec<_>>());
    }
}
