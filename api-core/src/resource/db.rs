//! PostgreSQL helpers of every list and CRUD endpoint: one page of a list
//! ([`fetch_page`], or [`fetch_page_counted`] over a table too large to count on every
//! request), and broken constraints turned into answers a client can act on
//! ([`map_db`]), never a `500`.

use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::list::{ListQuery, Page};
use crate::{ApiError, FieldError};

/// Which rows a list may show at all, before the client's filters.
#[derive(Debug, Clone, Copy, Default)]
pub enum Scope<'a> {
    /// Every row.
    #[default]
    All,
    /// A fixed condition (SQL without values), e.g. guests see only current banners.
    Where(&'a str),
    /// Only the rows whose `column` is this id (one user's orders), the value bound.
    Owner(&'a str, Uuid),
}

/// How a list counts the rows that match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// `count(*)` of every matching row, on every request.
    Exact,
    /// Exactly up to this many rows; beyond, the planner's estimate, flagged as such
    /// (see [`crate::list::Pagination`]). For a table of a million rows, where counting
    /// them all costs more than the page itself (an index-only scan of the whole index
    /// with no filter, every row of an `ilike`), while the page needs only its own rows.
    /// Not even that many are counted when the planner expects more than
    /// [`COUNT_WHEN_EXPECTED`] times as many rows: finding a thousand rows that one in
    /// forty passes costs more than the page of them.
    UpTo(u32),
    /// [`Count::UpTo`], and a deep page (from [`DEEP_PAGE`] rows in) found by the table's
    /// key (`o.order_id`) first: the rows skipped to reach it are read from an index of
    /// the sort's columns and the key, not the table (a "deferred join"), and only the
    /// page's own rows are read whole. Page 4,000 of a million orders: 218 ms to read and
    /// skip 100,000 rows whole, a few ms to skip their index entries.
    UpToKeyed(u32, &'static str),
}

/// From this many rows in, a [`Count::UpToKeyed`] list reads its page by the key first.
pub const DEEP_PAGE: i64 = 1_000;

/// One page of `select {columns} from {from}` within `scope`, with the list's filters,
/// order and page, and the count of every matching row.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    scope: Scope<'_>,
    q: &ListQuery,
) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    fetch_page_counted(pool, columns, from, scope, q, Count::Exact).await
}

/// With [`Count::UpTo`]`(cap)`, rows are counted only when the planner expects at most
/// this many times `cap`; above, its estimate is taken as it is. (It may then stand for
/// fewer than `cap` rows when the planner is wrong by as much: the total is flagged as an
/// estimate either way, and whether a page follows is always exact.)
pub const COUNT_WHEN_EXPECTED: i64 = 10;

/// [`fetch_page`], counting as `count` says. With [`Count::UpTo`] the page is read with
/// one row more (so whether a page follows is known without counting); the total is
/// then exact without a count when this page is the last, exact by a count that stops
/// after `cap + 1` rows when there are at most `cap` (counted only when the planner
/// expects at most [`COUNT_WHEN_EXPECTED`] × `cap`), and otherwise the planner's estimate
/// of the filtered query, kept within what is known for sure.
#[tracing::instrument(skip(pool, q))]
pub async fn fetch_page_counted<T>(
    pool: &PgPool,
    columns: &str,
    from: &str,
    scope: Scope<'_>,
    q: &ListQuery,
    count: Count,
) -> Result<Page<T>, ApiError>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    let filtered = |head: &str| filtered(head, from, scope, q);
    let cap = match count {
        Count::Exact => {
            let total: i64 = filtered("select count(*)").build_query_scalar().fetch_one(pool).await?;
            let mut rows = filtered(&format!("select {columns}"));
            q.push_order(&mut rows);
            q.push_page(&mut rows);
            let models = rows.build_query_as::<T>().fetch_all(pool).await?;
            return Ok(Page { models, pagination: q.pagination(total) });
        }
        Count::UpTo(cap) | Count::UpToKeyed(cap, _) => i64::from(cap),
    };

    // A deep page: select … where key in (select key … order by … limit … offset …) order by …
    let deep_key = match count {
        Count::UpToKeyed(_, key) if q.offset() >= DEEP_PAGE => Some(key),
        _ => None,
    };
    let mut rows = match deep_key {
        Some(key) => filtered(&format!("select {columns} from {from} where {key} in (select {key}")),
        None => filtered(&format!("select {columns}")),
    };
    q.push_order(&mut rows);
    q.push_page_and_next(&mut rows);
    if deep_key.is_some() {
        rows.push(")");
        q.push_order(&mut rows);
    }
    let mut models = rows.build_query_as::<T>().fetch_all(pool).await?;
    let per_page = usize::try_from(q.per_page).unwrap_or(usize::MAX);
    let has_more = models.len() > per_page;
    models.truncate(per_page);
    let offset = q.offset();
    let on_page = models.len() as i64;
    if !has_more && (on_page > 0 || offset == 0) {
        // The last page: every row is before it or on it.
        return Ok(Page { models, pagination: q.pagination(offset + on_page) });
    }
    // What is known for sure: the rows up to the end of this page and one more; or, on a
    // page past the end, no more rows than come before it.
    let (mut least, most) = if has_more { (offset + on_page + 1, i64::MAX) } else { (0, offset) };
    let plan: serde_json::Value =
        filtered("explain (format json) select 1").build_query_scalar().fetch_one(pool).await?;
    let estimate = plan[0]["Plan"]["Plan Rows"].as_f64().map_or(0, |rows| rows.round() as i64);
    if least <= cap && estimate <= cap.saturating_mul(COUNT_WHEN_EXPECTED) {
        let mut counted = filtered("select count(*) from (select 1");
        counted.push(" limit ").push_bind(cap + 1).push(") counted");
        let total: i64 = counted.build_query_scalar().fetch_one(pool).await?;
        if total <= cap {
            return Ok(Page { models, pagination: q.pagination(total) });
        }
        least = least.max(cap + 1);
    }
    let total = estimate.clamp(least, most.max(least));
    Ok(Page { models, pagination: q.estimated_pagination(total, has_more) })
}

/// `{head} from {from}` within the scope, with the filters; `head` is what comes before
/// `from` (`select count(*)`, `explain select 1`, ...).
fn filtered<'q>(head: &str, from: &str, scope: Scope<'_>, q: &ListQuery) -> QueryBuilder<'q, Postgres> {
    let mut qb = QueryBuilder::<Postgres>::new(format!("{head} from {from}"));
    match scope {
        Scope::All => {}
        Scope::Where(condition) => {
            qb.push(" where ").push(condition);
        }
        Scope::Owner(column, id) => {
            qb.push(" where ").push(column).push(" = ").push_bind(id);
        }
    }
    q.push_where(&mut qb, !matches!(scope, Scope::All));
    qb
}

/// What a broken constraint means to the client.
#[derive(Debug, Clone, Copy)]
pub enum Rule {
    /// `422` naming the field (a unique rule: "this stop is on the route already").
    Field { constraint: &'static str, field: &'static str, message: &'static str },
    /// `409` (something still refers to the row).
    Conflict { constraint: &'static str, message: &'static str },
}

impl Rule {
    fn constraint(&self) -> &'static str {
        match self {
            Rule::Field { constraint, .. } | Rule::Conflict { constraint, .. } => constraint,
        }
    }
}

/// `err` as the answer its constraint calls for; constraints not in `rules` still
/// answer `409` (unique, foreign key) or `422` (check) rather than `500`.
pub fn map_db(err: sqlx::Error, rules: &[Rule]) -> ApiError {
    let Some(db) = err.as_database_error() else { return err.into() };
    if let Some(rule) = db.constraint().and_then(|name| rules.iter().find(|r| r.constraint() == name)) {
        return match rule {
            Rule::Field { field, message, .. } => {
                let error = FieldError::new(*field, crate::codes::FIELD_CONFLICT, *message);
                ApiError::Validation { message: message.to_string(), errors: vec![error] }
            }
            Rule::Conflict { message, .. } => ApiError::Conflict(message.to_string()).with_code(crate::codes::IN_USE),
        };
    }
    match db.code().as_deref() {
        Some("23503") => ApiError::Conflict("this record is still used by other records".into()),
        Some("23505") => ApiError::Conflict("such a record exists already".into()),
        Some("23514") => ApiError::Validation { message: "a value is out of range".into(), errors: vec![] },
        _ => err.into(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use sqlx::PgPool;

    use super::*;
    use crate::list::{FieldType, ListField, ListSpec, RawListQuery};

    const FIELDS: &[ListField] = &[ListField { name: "n", column: "n", kind: FieldType::Integer }];
    const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "n" };

    #[derive(sqlx::FromRow)]
    struct Item {
        n: i32,
    }

    /// The page's numbers and its pagination block as JSON, counting up to 10 rows.
    async fn page(pool: &PgPool, query: &str) -> (Vec<i32>, serde_json::Value) {
        let q = RawListQuery(serde_urlencoded::from_str(query).unwrap()).parse(SPEC).unwrap();
        let page = fetch_page_counted::<Item>(pool, "n", "items", Scope::All, &q, Count::UpTo(10)).await.unwrap();
        (page.models.iter().map(|i| i.n).collect(), serde_json::to_value(page.pagination).unwrap())
    }

    #[sqlx::test]
    async fn a_large_list_counts_exactly_up_to_its_cap_and_estimates_beyond(pool: PgPool) {
        sqlx::raw_sql(
            "create table items (n int primary key); insert into items select generate_series(1, 40); analyze items",
        )
        .execute(&pool)
        .await
        .unwrap();

        // Fewer matches than the cap: counted.
        let (rows, p) = page(&pool, "per-page=5&filter[n][lte]=8").await;
        assert_eq!(rows, vec![1, 2, 3, 4, 5]);
        assert_eq!(p, json!({"page": 1, "perPage": 5, "totalCount": 8, "pageCount": 2}));
        // The last page needs no count at all.
        let (rows, p) = page(&pool, "per-page=5&page=8").await;
        assert_eq!(rows, vec![36, 37, 38, 39, 40]);
        assert_eq!(p, json!({"page": 8, "perPage": 5, "totalCount": 40, "pageCount": 8}));
        let (rows, p) = page(&pool, "per-page=5&filter[n][gt]=100").await;
        assert!(rows.is_empty());
        assert_eq!(p, json!({"page": 1, "perPage": 5, "totalCount": 0, "pageCount": 0}));

        // More than the cap: the planner's estimate (40 after ANALYZE), flagged, and
        // whether a page follows.
        let (rows, p) = page(&pool, "per-page=5&page=2").await;
        assert_eq!(rows, vec![6, 7, 8, 9, 10]);
        assert_eq!(
            p,
            json!({"page": 2, "perPage": 5, "totalCount": 40, "pageCount": 8, "totalCountEstimated": true, "hasMore": true})
        );
        // With the filter's values bound in the estimated query too.
        let (_, p) = page(&pool, "per-page=5&filter[n][gte]=3").await;
        assert_eq!((p["totalCountEstimated"].clone(), p["hasMore"].clone()), (json!(true), json!(true)));
        let estimate = p["totalCount"].as_u64().unwrap();
        assert!((11..=40).contains(&estimate), "{p}");

        // Past the end: no rows, and the total is at most the rows before the page.
        let (rows, p) = page(&pool, "per-page=5&page=9").await;
        assert!(rows.is_empty());
        assert_eq!(p["totalCount"], 40);
        assert_eq!(p["hasMore"], false);
        // Far past the cap, the estimate is never below what this page proves.
        sqlx::raw_sql("insert into items select generate_series(41, 100)").execute(&pool).await.unwrap();
        let (rows, p) = page(&pool, "per-page=5&page=19").await;
        assert_eq!(rows, vec![91, 92, 93, 94, 95]);
        assert_eq!(p["totalCount"], 96, "40 estimated, 96 known: {p}");
        assert_eq!(p["hasMore"], true);

        // When the planner expects more than ten times the cap, nothing is counted: 8 rows
        // left of 200 (the statistics not yet updated) answer the estimate, flagged.
        sqlx::raw_sql(
            "insert into items select generate_series(101, 200); analyze items; delete from items where n > 8",
        )
        .execute(&pool)
        .await
        .unwrap();
        let (rows, p) = page(&pool, "per-page=5").await;
        assert_eq!(rows, vec![1, 2, 3, 4, 5]);
        assert_eq!((p["totalCount"].clone(), p["totalCountEstimated"].clone()), (json!(200), json!(true)), "{p}");
        assert_eq!(p["hasMore"], true);
        let (rows, p) = page(&pool, "per-page=5&page=2").await;
        assert_eq!(rows, vec![6, 7, 8]);
        assert_eq!(p, json!({"page": 2, "perPage": 5, "totalCount": 8, "pageCount": 2}), "the last page is exact");
        sqlx::raw_sql("insert into items select generate_series(9, 100)").execute(&pool).await.unwrap();

        // An exact list counts everything, as before.
        let q = RawListQuery(serde_urlencoded::from_str("per-page=5").unwrap()).parse(SPEC).unwrap();
        let exact = fetch_page::<Item>(&pool, "n", "items", Scope::All, &q).await.unwrap();
        assert_eq!(serde_json::to_value(exact.pagination).unwrap()["totalCount"], 100);
    }

    #[sqlx::test]
    async fn a_deep_page_read_by_its_keys_is_the_same_page(pool: PgPool) {
        sqlx::raw_sql(
            "create table items (n int primary key, odd boolean not null); \
             insert into items select n, n % 2 = 1 from generate_series(1, 3000) n; analyze items",
        )
        .execute(&pool)
        .await
        .unwrap();
        let fields: &[ListField] = &[
            ListField { name: "n", column: "n", kind: FieldType::Integer },
            ListField { name: "odd", column: "odd", kind: FieldType::Boolean },
        ];
        let spec = ListSpec { fields, default_order: "n desc" };
        for query in [
            "per-page=10&page=101",                      // rows 1001-1010 from the top: deep
            "per-page=10&page=150&filter[odd][eq]=true", // a filter inside the keys' query
            "per-page=7&page=300&sort=n",                // the client's sort on both sides
            "per-page=25&page=120",                      // the last page: no row after it
            "per-page=25&page=200",                      // past the end
            "per-page=10&page=3",                        // shallow: the plain query
        ] {
            let q = RawListQuery(serde_urlencoded::from_str(query).unwrap()).parse(spec).unwrap();
            let plain = fetch_page_counted::<Item>(&pool, "n", "items", Scope::All, &q, Count::UpTo(10)).await.unwrap();
            let keyed = fetch_page_counted::<Item>(&pool, "n", "items", Scope::All, &q, Count::UpToKeyed(10, "n"))
                .await
                .unwrap();
            let ns = |page: &Page<Item>| page.models.iter().map(|i| i.n).collect::<Vec<_>>();
            assert_eq!(ns(&keyed), ns(&plain), "{query}");
            assert_eq!(
                serde_json::to_value(keyed.pagination).unwrap(),
                serde_json::to_value(plain.pagination).unwrap()
            );
        }
        let q = RawListQuery(serde_urlencoded::from_str("per-page=10&page=101").unwrap()).parse(spec).unwrap();
        let keyed =
            fetch_page_counted::<Item>(&pool, "n", "items", Scope::All, &q, Count::UpToKeyed(10, "n")).await.unwrap();
        assert_eq!(keyed.models.iter().map(|i| i.n).collect::<Vec<_>>(), (1991..=2000).rev().collect::<Vec<_>>());
    }
}
