//! The backlog: office sales (`POST /api/order/order/save` as the seeded admin, paid in
//! cash) with an invoice for a company buyer, each one what the office would do; the
//! server's reactions issue each invoice, the projection queues it for KSeF, and the
//! sender's rounds, finding KSeF down, take it offline.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use futures::StreamExt;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

/// Where the sales go and how many at once.
pub struct Plan<'a> {
    pub courses: &'a [Uuid],
    pub from: i64,
    pub to: i64,
    pub concurrency: usize,
}

/// How long issuing took, from the first sale.
pub struct Issued {
    pub sold: usize,
    /// Until the last sale answered.
    pub sales: Duration,
    /// Until every invoice had its row in `rm_ksef_documents`.
    pub queued: Duration,
    /// Until every row was `offline`.
    pub offline: Duration,
}

/// A complete booking state of one passenger with an invoice for a company (a valid NIP),
/// sold at the office for cash.
pub(crate) fn sale(plan: &Plan<'_>, i: usize) -> serde_json::Value {
    json!({
        "course": { "course_id": plan.courses[i % plan.courses.len()], "from": { "id": plan.from }, "to": { "id": plan.to } },
        "courseReturn": {},
        "tickets": [{ "qty": 1, "discount_id": null }],
        "customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": format!("ksef.{i}@example.test"),
            "phone": "+48 600 100 200", "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": 0
        },
        "invoice": { "is_selected": 1, "country": "PL", "vat_number": "5260250274",
            "company_name": format!("Firma {i} Sp. z o.o."), "address": "ul. Kolejowa 1",
            "postal_code": "37-400", "city": "Nisko" },
        "coupon": { "code": null, "value": 0 },
        "payment_method": "cash"
    })
}

/// The seeded admin's bearer token.
pub(crate) async fn login(client: &reqwest::Client, base: &str) -> Result<String> {
    let r = client
        .post(format!("{base}/api/user/auth/login"))
        .json(&json!({ "email": "admin@example.com", "password": "demo1234" }))
        .send()
        .await
        .context("log in")?;
    let status = r.status();
    let body: serde_json::Value = r.json().await.context("the login's answer")?;
    let token = body["data"]["token"].as_str().with_context(|| format!("login answered {status}: {body}"))?;
    Ok(token.to_owned())
}

/// `n` office sales, then wait (up to `patience` seconds in all) until each invoice is
/// queued and offline.
pub async fn issue(
    client: &reqwest::Client,
    base: &str,
    pool: &PgPool,
    plan: &Plan<'_>,
    n: usize,
    patience: u64,
) -> Result<Issued> {
    let token = login(client, base).await?;
    let url = format!("{base}/api/order/order/save");
    let started = Instant::now();
    let answers: Vec<(u16, String)> = futures::stream::iter(0..n)
        .map(|i| {
            let request = client.post(&url).bearer_auth(&token).json(&sale(plan, i));
            async move {
                match request.send().await {
                    Ok(r) => {
                        let status = r.status().as_u16();
                        let text = if status == 201 { String::new() } else { r.text().await.unwrap_or_default() };
                        (status, text)
                    }
                    Err(e) => (0, e.to_string()),
                }
            }
        })
        .buffer_unordered(plan.concurrency)
        .collect()
        .await;
    let sales = started.elapsed();
    let sold = answers.iter().filter(|(s, _)| *s == 201).count();
    if sold != n {
        let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
        for (s, _) in &answers {
            *by_status.entry(*s).or_default() += 1;
        }
        let first = answers.iter().find(|(s, _)| *s != 201).map(|(_, t)| t.chars().take(400).collect::<String>());
        bail!("{sold} of {n} sales answered 201 (by status: {by_status:?}); first refusal: {first:?}");
    }
    eprintln!(
        "  {sold} sales in {:.1} s; waiting for the invoices to be issued and go offline ...",
        sales.as_secs_f64()
    );
    let deadline = started + Duration::from_secs(patience);
    let mut queued = None;
    loop {
        let (rows, offline, other): (i64, i64, i64) = sqlx::query_as(
            "select count(*), count(*) filter (where state = 'offline'), \
                    count(*) filter (where state not in ('waiting', 'offline')) from rm_ksef_documents",
        )
        .fetch_one(pool)
        .await
        .context("count the KSeF queue")?;
        anyhow::ensure!(other == 0, "{other} documents left the queue while KSeF was down");
        if queued.is_none() && rows >= n as i64 {
            queued = Some(started.elapsed());
        }
        if let Some(queued) = queued.filter(|_| offline >= n as i64) {
            return Ok(Issued { sold, sales, queued, offline: started.elapsed() });
        }
        if Instant::now() > deadline {
            bail!("after {patience} s: {rows} queued, {offline} offline of {n} (raise --issue-timeout)");
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
