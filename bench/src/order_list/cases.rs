//! The requests of `coach-bench order-list`: a case per filter, per sort (each way), a few
//! combinations the admin uses together and deep pages, each with its own values drawn
//! from the orders written (a seeded sample, so every run asks the same).

use anyhow::{Context, Result};
use chrono::NaiveDate;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::PgPool;

/// One row of the list's benchmark: the requests (query strings) it cycles through.
pub struct Case {
    pub group: &'static str,
    pub name: String,
    pub queries: Vec<String>,
}

/// Every field the list sorts by (the `sort` pattern of its API document).
pub const SORTS: &[&str] = &[
    "id",
    "hash_id",
    "number",
    "status",
    "user_id",
    "email",
    "first_name",
    "last_name",
    "phone",
    "route_id",
    "route_name",
    "from_name",
    "to_name",
    "course_id",
    "departure_at",
    "departure_date",
    "return_departure_at",
    "passengers",
    "total",
    "coupon_code",
    "to_pay",
    "placed_at",
    "placed_date",
    "expires_at",
    "paid_at",
    "invoice_number",
    "transaction_id",
];

/// Orders drawn from the table, with their days in Warsaw as the filters take them.
#[derive(sqlx::FromRow)]
struct Sample {
    order_id: String,
    hash_id: String,
    number: String,
    email: String,
    user_id: Option<String>,
    first_name: String,
    last_name: String,
    phone: String,
    route_id: i64,
    route_name: String,
    from_name: String,
    to_name: String,
    course_id: String,
    total: i64,
    to_pay: i64,
    coupon_code: Option<String>,
    invoice_number: Option<String>,
    transaction_id: Option<String>,
    placed_day: String,
    departure_day: String,
    return_day: Option<String>,
    expires_day: String,
    paid_day: Option<String>,
}

const STATUSES: &[&str] = &["pending_payment", "paid", "expired", "cancelled", "returned"];

/// The cases, `n` requests' worth of values each, `per_page` orders a page.
pub async fn cases(pool: &PgPool, n: usize, per_page: u32) -> Result<Vec<Case>> {
    let samples: Vec<Sample> = sqlx::query_as(
        "select order_id::text, hash_id, number, email, user_id::text, first_name, last_name, phone, route_id, \
                route_name, from_name, to_name, outbound_course_id::text as course_id, total, to_pay, coupon_code, \
                invoice_number, transaction_id, \
                to_char(placed_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as placed_day, \
                to_char(departure_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as departure_day, \
                to_char(return_departure_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as return_day, \
                to_char(expires_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as expires_day, \
                to_char(paid_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as paid_day \
         from rm_orders tablesample bernoulli (0.2) repeatable (42) limit 2000",
    )
    .fetch_all(pool)
    .await
    .context("sample the orders")?;
    anyhow::ensure!(samples.len() >= 10, "too few orders to sample ({})", samples.len());
    let tickets: Vec<String> =
        sqlx::query_scalar("select number from rm_tickets tablesample bernoulli (0.1) repeatable (7) limit 2000")
            .fetch_all(pool)
            .await
            .context("sample the tickets")?;
    anyhow::ensure!(!tickets.is_empty(), "no tickets to sample");

    let mut rng = StdRng::seed_from_u64(42);
    let page = format!("per-page={per_page}");
    let mut out = Vec::new();
    let mut case = |group: &'static str, name: &str, make: &mut dyn FnMut(&mut StdRng) -> Vec<(String, String)>| {
        let queries = (0..n).map(|_| query(&page, &make(&mut rng))).collect();
        out.push(Case { group, name: name.to_owned(), queries });
    };
    let pick = |rng: &mut StdRng| &samples[rng.random_range(0..samples.len())];
    // A sampled order's value of a field that may be empty (an empty string if no sample has one).
    let some = |rng: &mut StdRng, get: &dyn Fn(&Sample) -> Option<String>| {
        let found: Vec<String> = samples.iter().filter_map(get).collect();
        if found.is_empty() {
            String::new()
        } else {
            found[rng.random_range(0..found.len())].clone()
        }
    };
    let f = |field: &str, op: &str, value: String| (format!("filter[{field}][{op}]"), value);
    let day_range = |field: &str, day: &str, days: u64| {
        vec![f(field, "gte", format!("{day} 00:00:00")), f(field, "lte", format!("{} 23:59:59", plus(day, days)))]
    };

    // Each filter, newest first (the list's default order), page 1.
    case("filter", "status", &mut |r| vec![f("status", "eq", STATUSES[r.random_range(0..STATUSES.len())].into())]);
    case("filter", "placed between (30 days, Warsaw times)", &mut |r| day_range("placed_at", &pick(r).placed_day, 29));
    case("filter", "placed on a day (placed_date)", &mut |r| vec![f("placed_date", "eq", pick(r).placed_day.clone())]);
    case("filter", "course day (departure_date)", &mut |r| {
        vec![f("departure_date", "eq", pick(r).departure_day.clone())]
    });
    case("filter", "course day as the panel sends it", &mut |r| day_range("departure_at", &pick(r).departure_day, 0));
    case("filter", "route", &mut |r| vec![f("route_id", "eq", pick(r).route_id.to_string())]);
    case("filter", "e-mail eq", &mut |r| vec![f("email", "eq", pick(r).email.clone())]);
    case("filter", "e-mail like: a surname (~3 %)", &mut |r| vec![f("email", "like", surname(&pick(r).email))]);
    case("filter", "e-mail like: a customer", &mut |r| vec![f("email", "like", local_part(&pick(r).email))]);
    case("filter", "order hash", &mut |r| vec![f("hash_id", "eq", pick(r).hash_id.clone())]);
    case("filter", "order number", &mut |r| vec![f("number", "eq", pick(r).number.clone())]);
    case("filter", "ticket number", &mut |r| {
        vec![f("ticket_number", "eq", tickets[r.random_range(0..tickets.len())].clone())]
    });
    case("filter", "id", &mut |r| vec![f("id", "eq", pick(r).order_id.clone())]);
    case("filter", "user_id", &mut |r| vec![f("user_id", "eq", some(r, &|s| s.user_id.clone()))]);
    case("filter", "first_name", &mut |r| vec![f("first_name", "eq", pick(r).first_name.clone())]);
    case("filter", "last_name", &mut |r| vec![f("last_name", "eq", pick(r).last_name.clone())]);
    case("filter", "phone", &mut |r| vec![f("phone", "eq", pick(r).phone.clone())]);
    case("filter", "route_name", &mut |r| vec![f("route_name", "eq", pick(r).route_name.clone())]);
    case("filter", "from_name", &mut |r| vec![f("from_name", "eq", pick(r).from_name.clone())]);
    case("filter", "to_name", &mut |r| vec![f("to_name", "eq", pick(r).to_name.clone())]);
    case("filter", "course_id", &mut |r| vec![f("course_id", "eq", pick(r).course_id.clone())]);
    case("filter", "return departure (a day)", &mut |r| {
        day_range("return_departure_at", &some(r, &|s| s.return_day.clone()), 0)
    });
    case("filter", "passengers", &mut |r| vec![f("passengers", "eq", r.random_range(1..=4).to_string())]);
    case("filter", "total at least", &mut |r| vec![f("total", "gte", pick(r).total.to_string())]);
    case("filter", "to_pay at most", &mut |r| vec![f("to_pay", "lte", pick(r).to_pay.to_string())]);
    case("filter", "coupon_code", &mut |r| vec![f("coupon_code", "eq", some(r, &|s| s.coupon_code.clone()))]);
    case("filter", "expires (a day)", &mut |r| day_range("expires_at", &pick(r).expires_day, 0));
    case("filter", "paid (a day)", &mut |r| day_range("paid_at", &some(r, &|s| s.paid_day.clone()), 0));
    case("filter", "invoice_number", &mut |r| vec![f("invoice_number", "eq", some(r, &|s| s.invoice_number.clone()))]);
    case("filter", "transaction_id", &mut |r| vec![f("transaction_id", "eq", some(r, &|s| s.transaction_id.clone()))]);

    // What the admin combines.
    case("combination", "status + placed between (30 days)", &mut |r| {
        let mut q = day_range("placed_at", &pick(r).placed_day, 29);
        q.push(f("status", "eq", STATUSES[r.random_range(1..STATUSES.len())].into()));
        q
    });
    case("combination", "route + course day", &mut |r| {
        let s = pick(r);
        vec![f("route_id", "eq", s.route_id.to_string()), f("departure_date", "eq", s.departure_day.clone())]
    });
    case("combination", "e-mail like (surname) + paid", &mut |r| {
        vec![f("email", "like", surname(&pick(r).email)), f("status", "eq", "paid".into())]
    });
    case("combination", "paid, by total descending", &mut |_| {
        vec![f("status", "eq", "paid".into()), ("sort".into(), "-total".into())]
    });
    case("combination", "route, newest first (the panel's sort)", &mut |r| {
        vec![f("route_id", "eq", pick(r).route_id.to_string()), ("sort".into(), "-placed_at".into())]
    });

    // Every sort, each way, page 1.
    for field in SORTS {
        for sort in [field.to_string(), format!("-{field}")] {
            case("sort", &sort, &mut |_| vec![("sort".into(), sort.clone())]);
        }
    }

    // Deeper pages.
    for (name, params) in [
        ("newest first, page 400", vec![("page", "400")]),
        ("newest first, page 4000", vec![("page", "4000")]),
        ("by total descending, page 400", vec![("page", "400"), ("sort", "-total")]),
        ("by e-mail, page 400", vec![("page", "400"), ("sort", "email")]),
        ("paid, page 400", vec![("page", "400"), ("filter[status][eq]", "paid")]),
    ] {
        let params: Vec<(String, String)> = params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        case("deep page", name, &mut |_| params.clone());
    }
    Ok(out)
}

/// `per-page=…&key=value…`, URL-encoded.
fn query(page: &str, params: &[(String, String)]) -> String {
    let mut q = url::form_urlencoded::Serializer::new(page.to_owned());
    for (k, v) in params {
        q.append_pair(k, v);
    }
    q.finish()
}

/// The day `days` after `day` (`YYYY-MM-DD`).
fn plus(day: &str, days: u64) -> String {
    NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.checked_add_days(chrono::Days::new(days)))
        .map_or_else(|| day.to_owned(), |d| d.to_string())
}

/// `anna.kowalska123@example.pl` → `kowalska` (a surname: about one customer in 30).
fn surname(email: &str) -> String {
    let local = local_part(email);
    let after = local.split_once('.').map_or(local.as_str(), |(_, s)| s);
    after.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned()
}

/// `anna.kowalska123@example.pl` → `anna.kowalska123` (one customer, a few orders).
fn local_part(email: &str) -> String {
    email.split('@').next().unwrap_or(email).to_owned()
}
