//! KSeF is back: the queue's counts (`rm_ksef_documents`) are read every second until
//! every invoice is accepted or the time is up; then the KSeF numbers are checked and
//! the stand-in's counts (`GET /sandbox/stats`) read.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use sqlx::PgPool;

/// `GET {stand-in}/sandbox/stats`.
#[derive(Debug, Default)]
pub struct Stats {
    pub sessions: u64,
    pub invoices_received: u64,
    pub invoices_accepted: u64,
    /// Invoice hashes the stand-in received more than once.
    pub duplicates: usize,
}

pub async fn stats(client: &reqwest::Client, stand_in: &str) -> Result<Stats> {
    let r = client.get(format!("{stand_in}/sandbox/stats")).send().await.context("read the stand-in's stats")?;
    anyhow::ensure!(r.status().is_success(), "GET /sandbox/stats answered {}", r.status());
    let v: serde_json::Value = r.json().await.context("the stats are not JSON")?;
    let duplicates = v["receivedByHash"].as_object().map_or(0, |m| m.values().filter(|c| c.as_u64() > Some(1)).count());
    Ok(Stats {
        sessions: v["sessions"].as_u64().unwrap_or(0),
        invoices_received: v["invoicesReceived"].as_u64().unwrap_or(0),
        invoices_accepted: v["invoicesAccepted"].as_u64().unwrap_or(0),
        duplicates,
    })
}

/// What the drain measured.
pub struct Drained {
    /// From "KSeF back" to the last invoice accepted, or to the end of the window.
    pub elapsed: Duration,
    pub accepted: usize,
    pub rejected: usize,
    /// `sent` in the queue at the end: status not read yet (the queue counts a document
    /// as sent from `KsefSendStarted`, so the one waiting out a 429 is among them).
    pub sent: usize,
    /// Sent (accepted, rejected or still sent) in the first 60 s, and in the best 60 s
    /// of the window: a round polls the statuses only after its sends, so "sent" shows
    /// the rate KSeF admits sooner than "accepted" does.
    pub first_minute: i64,
    pub best_minute: i64,
    /// "seconds: accepted/sent", the first reading of every 30 s and the end.
    pub samples: Vec<String>,
    pub after: Stats,
    pub distinct_numbers: i64,
    pub valid_numbers: usize,
    /// From the server log: 429s the client waited out, rounds that met trouble.
    pub waited_429: usize,
    pub troubled_rounds: usize,
    /// From the server log: batch sessions the sender sent.
    pub batch_sessions: usize,
}

impl Drained {
    /// Every accepted invoice has its own valid KSeF number.
    pub fn numbers_ok(&self) -> bool {
        self.distinct_numbers == self.accepted as i64 && self.valid_numbers == self.accepted
    }

    /// Count the sender's rate-limit waits and troubled rounds in the server's log.
    pub fn count_log(&mut self, log: &str) {
        self.waited_429 = log.lines().filter(|l| l.contains("KSeF rate limit: waiting")).count();
        self.troubled_rounds = log.lines().filter(|l| l.contains("KSeF round") && l.contains("trouble: Some")).count();
        self.batch_sessions = log.lines().filter(|l| l.contains("KSeF batch session sent")).count();
    }
}

/// Watch the queue from `back` until all `n` are accepted (or final) or `timeout` s passed.
pub async fn watch(
    client: &reqwest::Client,
    stand_in: &str,
    pool: &PgPool,
    n: usize,
    back: Instant,
    timeout: u64,
) -> Result<Drained> {
    let mut series: Vec<(f64, i64, i64)> = Vec::new();
    let (mut accepted, mut rejected, mut sent);
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        (accepted, rejected, sent) = sqlx::query_as::<_, (i64, i64, i64)>(
            "select count(*) filter (where state = 'accepted'), count(*) filter (where state = 'rejected'), \
                    count(*) filter (where state = 'sent') from rm_ksef_documents",
        )
        .fetch_one(pool)
        .await
        .context("count the KSeF queue")?;
        let t = back.elapsed().as_secs_f64();
        series.push((t, accepted, accepted + rejected + sent));
        if series.len().is_multiple_of(30) {
            eprintln!("  {t:.0} s: {accepted} accepted, {sent} sent, {rejected} rejected");
        }
        if (accepted + rejected) as usize >= n || t >= timeout as f64 {
            break;
        }
    }
    let elapsed = back.elapsed();
    let at = |s: f64| series.iter().take_while(|(t, ..)| *t <= s).last().map_or(0, |(.., r)| *r);
    let best_minute = series.iter().map(|&(t, _, r)| r - at(t - 60.0)).max().unwrap_or(0);
    // The first reading in each 30 s.
    let mut samples = Vec::new();
    let mut bucket = 0;
    for &(t, a, r) in &series {
        if (t / 30.0) as u64 >= bucket {
            samples.push(format!("{t:.0}: {a}/{r}"));
            bucket = (t / 30.0) as u64 + 1;
        }
    }
    samples.push(format!("{:.0}: {accepted}/{} (end)", elapsed.as_secs_f64(), accepted + rejected + sent));
    let numbers: Vec<String> = sqlx::query_scalar(
        "select ksef_number from rm_ksef_documents where state = 'accepted' and ksef_number is not null",
    )
    .fetch_all(pool)
    .await
    .context("read the KSeF numbers")?;
    let distinct_numbers: i64 =
        sqlx::query_scalar("select count(distinct ksef_number) from rm_ksef_documents where state = 'accepted'")
            .fetch_one(pool)
            .await
            .context("count the KSeF numbers")?;
    let valid_numbers = numbers.iter().filter(|s| ::ksef::KsefNumber::parse(s).is_ok()).count();
    let after = stats(client, stand_in).await?;
    Ok(Drained {
        elapsed,
        accepted: accepted as usize,
        rejected: rejected as usize,
        sent: sent as usize,
        first_minute: at(60.0),
        best_minute,
        samples,
        after,
        distinct_numbers,
        valid_numbers,
        waited_429: 0,
        troubled_rounds: 0,
        batch_sessions: 0,
    })
}
