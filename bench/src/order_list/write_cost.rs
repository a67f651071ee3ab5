//! What migration 0058's indexes cost the writer of `rm_orders` (the `orders` projection):
//! the same new orders inserted and then paid, with and without them, on the full table.
//!
//! 10,000 rows copied from sampled orders (new ids and hashes, pending, placed now) are
//! inserted into `rm_orders` in batches of 500, as the projection writes a batch of
//! `OrderPlaced`, then updated batch by batch as a payment changes them (status, payment
//! time and amount, transaction, version: columns with indexes, so no HOT update). Each
//! run is one transaction rolled back at the end, so the table is left as it was: once as
//! migrated, once with 0058's indexes dropped inside the transaction. Two rounds, the
//! quicker of each kept, each after a CHECKPOINT.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use sqlx::{Connection, PgConnection};

/// Orders per batch and batches.
const BATCH: i64 = 500;
const BATCHES: i64 = 20;

/// The writes' time per 1,000 orders, with and without 0058's indexes.
pub struct WriteCost {
    pub indexes_with: usize,
    pub indexes_without: usize,
    pub insert_with: Duration,
    pub update_with: Duration,
    pub insert_without: Duration,
    pub update_without: Duration,
}

pub async fn measure(conn: &mut PgConnection) -> Result<WriteCost> {
    sqlx::raw_sql(
        "drop table if exists bench_new_orders; \
         create temp table bench_new_orders as select * from rm_orders tablesample bernoulli (1.5) repeatable (3) limit 10000; \
         update bench_new_orders set order_id = md5('new' || order_id)::uuid, hash_id = md5('new' || hash_id), \
           number = 'NB-NEW-' || substr(md5(hash_id), 1, 10), status = 'pending_payment', placed_at = now(), \
           expires_at = now() + interval '15 minutes', paid_at = null, paid_amount = null, transaction_id = null, \
           version = 0, updated_at = now(); \
         create temp table bench_new_batches as \
           select order_id, (row_number() over (order by order_id) - 1) / 500 as batch from bench_new_orders; \
         analyze bench_new_orders; analyze bench_new_batches",
    )
    .execute(&mut *conn)
    .await
    .context("stage the new orders")?;
    let ours: Vec<String> = sqlx::query_scalar(
        "select indexname from pg_indexes where tablename = 'rm_orders' \
           and (indexname like 'rm_orders\\_by\\_%' or indexname in ('rm_orders_email_trgm', 'rm_orders_route'))",
    )
    .fetch_all(&mut *conn)
    .await
    .context("list 0058's indexes")?;
    let all: i64 = sqlx::query_scalar("select count(*) from pg_indexes where tablename = 'rm_orders'")
        .fetch_one(&mut *conn)
        .await
        .context("count the indexes")?;
    let mut with = (Duration::MAX, Duration::MAX);
    let mut without = (Duration::MAX, Duration::MAX);
    for _ in 0..2 {
        let w = run(conn, &[]).await?;
        with = (with.0.min(w.0), with.1.min(w.1));
        let wo = run(conn, &ours).await?;
        without = (without.0.min(wo.0), without.1.min(wo.1));
    }
    let per_thousand = |d: Duration| d * 1000 / (BATCH * BATCHES) as u32;
    Ok(WriteCost {
        indexes_with: all as usize,
        indexes_without: all as usize - ours.len(),
        insert_with: per_thousand(with.0),
        update_with: per_thousand(with.1),
        insert_without: per_thousand(without.0),
        update_without: per_thousand(without.1),
    })
}

/// One run in a transaction rolled back: drop `drop` indexes, insert, pay; the time of
/// the inserts and of the updates.
async fn run(conn: &mut PgConnection, drop: &[String]) -> Result<(Duration, Duration)> {
    sqlx::raw_sql("checkpoint").execute(&mut *conn).await.context("CHECKPOINT")?;
    let mut tx = conn.begin().await?;
    for name in drop {
        sqlx::raw_sql(&format!("drop index {name}")).execute(&mut *tx).await.with_context(|| format!("drop {name}"))?;
    }
    let (mut inserting, mut updating) = (Duration::ZERO, Duration::ZERO);
    for batch in 0..BATCHES {
        let started = Instant::now();
        sqlx::query(
            "insert into rm_orders select n.* from bench_new_orders n \
             join bench_new_batches b using (order_id) where b.batch = $1",
        )
        .bind(batch)
        .execute(&mut *tx)
        .await
        .context("insert a batch")?;
        inserting += started.elapsed();
    }
    for batch in 0..BATCHES {
        let started = Instant::now();
        sqlx::query(
            "update rm_orders o set status = 'paid', paid_at = now(), paid_amount = o.to_pay, \
               transaction_id = 'SBX-' || left(o.hash_id, 20), version = o.version + 3, updated_at = now() \
             from bench_new_batches b where b.order_id = o.order_id and b.batch = $1",
        )
        .bind(batch)
        .execute(&mut *tx)
        .await
        .context("pay a batch")?;
        updating += started.elapsed();
    }
    tx.rollback().await?;
    Ok((inserting, updating))
}
