//! PostgreSQL's work by statement over a phase, from `pg_stat_statements`: which
//! statements an order costs, how often and how long each runs.
//!
//! The extension must be loaded when the cluster starts (`shared_preload_libraries`;
//! `scripts/pg.sh` sets it). Without it the report says so and goes on. Execution time is
//! the backend's time inside the statement (planning, executing, waiting for locks), not
//! the commit's WAL flush nor the protocol's round trips, so the sum is below the
//! cluster's CPU figure; the statements' share of it is what this table is for.

use anyhow::{Context, Result};
use sqlx::PgPool;

/// One normalised statement's figures over the phase.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Statement {
    pub calls: i64,
    pub rows: i64,
    pub total_ms: f64,
    pub query: String,
}

/// Forget the figures so far; `false` when the extension is not loaded.
pub async fn reset(pool: &PgPool) -> bool {
    let created = sqlx::query("create extension if not exists pg_stat_statements").execute(pool).await;
    created.is_ok() && sqlx::query("select pg_stat_statements_reset()").execute(pool).await.is_ok()
}

/// The `n` statements of this database that took the most time since [`reset`].
pub async fn top(pool: &PgPool, n: i64) -> Result<Vec<Statement>> {
    sqlx::query_as(
        "select calls, rows, total_exec_time as total_ms, regexp_replace(query, '\\s+', ' ', 'g') as query \
         from pg_stat_statements \
         where dbid = (select oid from pg_database where datname = current_database()) \
           and query not like '%pg_stat_statements%' \
         order by total_exec_time desc limit $1",
    )
    .bind(n)
    .fetch_all(pool)
    .await
    .context("read pg_stat_statements")
}

/// The statements as table rows per order placed: µs of execution, calls, rows, text.
pub fn rows(statements: &[Statement], orders: f64) -> Vec<Vec<String>> {
    let total: f64 = statements.iter().map(|s| s.total_ms).sum();
    statements
        .iter()
        .map(|s| {
            let text: String = s.query.chars().take(110).collect();
            vec![
                format!("{:.1}", s.total_ms * 1e3 / orders.max(1.0)),
                format!("{:.0} %", 100.0 * s.total_ms / total.max(1e-9)),
                format!("{:.3}", s.calls as f64 / orders.max(1.0)),
                format!("{:.2}", s.rows as f64 / s.calls.max(1) as f64),
                format!("`{}`", text.replace('|', "\\|").replace('`', "'")),
            ]
        })
        .collect()
}

/// The statements since [`reset`] whose text names `table` (e.g. `outbox`), together:
/// how many distinct statements, their calls and their execution time in milliseconds.
/// What one part of the product costs PostgreSQL, apart from the rest.
pub async fn naming(pool: &PgPool, table: &str) -> Result<(i64, i64, f64)> {
    sqlx::query_as(
        "select count(*), coalesce(sum(calls), 0)::bigint, coalesce(sum(total_exec_time), 0)::float8 \
         from pg_stat_statements \
         where dbid = (select oid from pg_database where datname = current_database()) \
           and query not like '%pg_stat_statements%' and query ~* ('\\m' || $1 || '\\M')",
    )
    .bind(table)
    .fetch_one(pool)
    .await
    .with_context(|| format!("read pg_stat_statements for {table}"))
}
