//! The home page's parts timed one by one, in this process: the query side's own
//! functions (`query_api::dashboard`: the courses, the sales, the counts of what needs
//! someone) on a pool of the bench database, one after another, and the JSON encoding of
//! the answer they make. The endpoint runs the three reads at once and encodes their
//! answer, so a slow endpoint shows here in the part that spends the time.

use std::time::Instant;

use anyhow::Result;
use query_api::dashboard::{attention, courses, sales, AdminHome};
use sqlx::PgPool;

/// One part's latencies, sorted, in µs.
pub struct Part {
    pub name: &'static str,
    pub sorted_us: Vec<u64>,
}

/// `warmup` unmeasured rounds, then `rounds` timed ones; each round reads each part once.
pub async fn measure(pool: &PgPool, rounds: usize, warmup: usize) -> Result<Vec<Part>> {
    let names = [
        "courses of today and tomorrow",
        "sales of 30 days",
        "what needs someone (counts)",
        "the answer's JSON encoding",
    ];
    let mut times: [Vec<u64>; 4] = Default::default();
    for round in 0..warmup + rounds {
        let today = api_core::time::warsaw_today();
        let started = Instant::now();
        let courses = courses::today_and_tomorrow(pool, today).await?;
        let after_courses = Instant::now();
        let sales = sales::last_days(pool, today).await?;
        let after_sales = Instant::now();
        let attention = attention::counts(pool, today).await?;
        let after_counts = Instant::now();
        let json = serde_json::to_vec(&AdminHome { today, courses, sales, attention })?;
        let encoded = Instant::now();
        std::hint::black_box(json);
        if round >= warmup {
            let spans = [(started, after_courses), (after_courses, after_sales), (after_sales, after_counts)];
            for (i, (from, to)) in spans.into_iter().chain([(after_counts, encoded)]).enumerate() {
                times[i].push(u64::try_from((to - from).as_micros()).unwrap_or(u64::MAX));
            }
        }
    }
    Ok(names
        .into_iter()
        .zip(times)
        .map(|(name, mut sorted_us)| {
            sorted_us.sort_unstable();
            Part { name, sorted_us }
        })
        .collect())
}
