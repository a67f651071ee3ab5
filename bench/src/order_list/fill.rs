//! A million orders, written straight into the read tables with `generate_series`.
//!
//! `rm_orders` and `rm_tickets` are read models: the `orders` projection writes them from
//! the order events, and nothing but the projection and the readers touch them. The list
//! reads only these tables, so the bench writes their rows directly, shaped as the
//! projection writes them (the same columns, a leg and lines in the events' JSON), without
//! the events behind them: a million orders through the command API would take hours here
//! and measure something else. The server then runs `--role query`, which reads the read
//! models and runs no projection or process that could notice the missing events.
//!
//! The orders are spread over the two years before now, numbered in order; customers
//! repeat (200,000 of them, a few very often), 40 % of them with an account; 50 routes,
//! some much busier than others; 1–4 passengers, 30 % with a return; 5 % with a coupon,
//! 10 % with an invoice; 72 % paid, 20 % expired, 4 % cancelled after payment, 4 %
//! returned, and pending only those placed in the last 15 minutes. A paid, cancelled or
//! returned order has a ticket per passenger and leg (about 1.7 tickets per order).
//! `setseed` makes every run write the same rows, up to the moment `now()`.

use std::time::Instant;

use anyhow::{Context, Result};
use sqlx::{PgConnection, PgPool};

/// What the fill wrote.
pub struct Filled {
    pub orders: i64,
    pub tickets: i64,
    pub seconds: f64,
}

/// Empty `rm_orders` and `rm_tickets` and write `orders` orders and their tickets. The
/// tables' own indexes (constraints aside) are dropped for the writing and built again
/// afterwards from their definitions, which is much quicker than keeping them up to date
/// row by row; then `VACUUM ANALYZE`, as a settled table would be.
pub async fn fill(conn: &mut PgConnection, orders: u32) -> Result<Filled> {
    let started = Instant::now();
    sqlx::raw_sql("truncate rm_orders, rm_tickets; set maintenance_work_mem = '256MB'; select setseed(0.42)")
        .execute(&mut *conn)
        .await
        .context("empty the read tables")?;
    let indexes: Vec<(String, String)> = sqlx::query_as(
        "select indexname, indexdef from pg_indexes where tablename in ('rm_orders', 'rm_tickets') \
           and indexname not in (select conname from pg_constraint) order by indexname",
    )
    .fetch_all(&mut *conn)
    .await
    .context("read the indexes")?;
    for (name, _) in &indexes {
        sqlx::raw_sql(&format!("drop index {name}"))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("drop {name}"))?;
    }
    eprintln!("  writing {orders} orders ...");
    sqlx::query(ORDERS).bind(i64::from(orders)).execute(&mut *conn).await.context("write the orders")?;
    eprintln!("  writing their tickets ... ({:.0} s)", started.elapsed().as_secs_f64());
    sqlx::raw_sql(TICKETS).execute(&mut *conn).await.context("write the tickets")?;
    eprintln!("  building {} indexes ... ({:.0} s)", indexes.len(), started.elapsed().as_secs_f64());
    for (name, definition) in &indexes {
        sqlx::raw_sql(definition).execute(&mut *conn).await.with_context(|| format!("build {name}"))?;
    }
    eprintln!("  vacuum analyze ... ({:.0} s)", started.elapsed().as_secs_f64());
    // One statement each: VACUUM cannot run in the implicit transaction of several.
    for table in ["rm_orders", "rm_tickets"] {
        sqlx::raw_sql(&format!("vacuum analyze {table}"))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("VACUUM ANALYZE {table}"))?;
    }
    let (orders, tickets): (i64, i64) =
        sqlx::query_as("select (select count(*) from rm_orders), (select count(*) from rm_tickets)")
            .fetch_one(&mut *conn)
            .await
            .context("count the rows")?;
    Ok(Filled { orders, tickets, seconds: started.elapsed().as_secs_f64() })
}

/// `$1` orders. Random draws are made once per order (`g`, materialized) and the columns
/// derived from them, so that what belongs together agrees (a paid order has a payment,
/// a return leg a return course).
const ORDERS: &str = r#"
insert into rm_orders (order_id, hash_id, number, status, user_id, first_name, last_name, email, phone, notify_by_sms,
  invoice, invoice_number, invoice_issued_at, invoice_corrections, outbound, back, outbound_course_id, back_course_id,
  route_id, route_name, from_name, to_name, departure_at, return_departure_at, lines, passengers, total, coupon_code,
  coupon_amount, to_pay, payment_provider, payment_session_id, payment_token, placed_at, expires_at, paid_at,
  paid_amount, transaction_id, expired_at, cancelled_at, cancelled_by, cancel_reason, money_refunded, coupon_refunded,
  late_refunded, version, updated_at)
with towns as (select array['Nisko','Rzeszów','Kraków','Warszawa','Lublin','Tarnobrzeg','Stalowa Wola','Sandomierz',
  'Kielce','Łódź','Katowice','Przemyśl','Zamość','Jarosław','Mielec','Dębica','Tarnów','Nowy Sącz','Gorlice','Krosno'] t),
names as (select array['Jan','Anna','Piotr','Katarzyna','Tomasz','Małgorzata','Paweł','Agnieszka','Michał','Ewa',
  'Krzysztof','Barbara','Andrzej','Magdalena','Łukasz','Joanna','Marcin','Zofia','Jakub','Aleksandra'] f,
  array['Nowak','Kowalski','Wiśniewski','Wójcik','Kowalczyk','Kamiński','Lewandowski','Zieliński','Szymański','Woźniak',
  'Dąbrowski','Kozłowski','Jankowski','Mazur','Kwiatkowski','Krawczyk','Piotrowski','Grabowski','Nowakowski','Pawłowski',
  'Michalski','Nowicki','Adamczyk','Dudek','Zając','Wieczorek','Jabłoński','Król','Majewski','Olszewski'] l,
  array['example.pl','poczta.example','mail.example.com','example.com','skrzynka.example'] d),
g as materialized (
  select i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
         now() - interval '730 days' * (1 - i::float8 / $1::bigint) - interval '1 minute' * random() as placed_at
  from generate_series(1, $1::bigint) i),
o as (
  select g.*, c, route, back,
    (1 + floor(r4 ^ 3 * 4))::int as pax,
    date_trunc('hour', placed_at + interval '30 days' * r3 + interval '2 hours') as dep
  from g, lateral (select floor(r1 ^ 2 * 200000)::int c, (1 + floor(r2 ^ 1.5 * 50))::int route, r7 < 0.3 back) x),
p as (
  select o.*, (1 + (route * 7) % 20) a, (1 + (route * 13 + 5) % 20) b,
    (2000 + route * 100)::bigint * pax * (case when back then 2 else 1 end) as total,
    case when i % 20 = 0 then 500::bigint else 0 end coupon,
    case when placed_at > now() - interval '15 minutes' then 'pending_payment'
         when r5 < 0.72 then 'paid' when r5 < 0.92 then 'expired' when r5 < 0.96 then 'cancelled' else 'returned' end st,
    f[1 + c % 20] fn, l[1 + (c / 20) % 30] ln, d[1 + c % 5] dom
  from o, names)
select md5('order' || i)::uuid, md5('hash' || i),
  'NB-' || extract(year from placed_at at time zone 'Europe/Warsaw') || '-' || lpad(i::text, 6, '0'), st,
  case when c % 5 < 2 then md5('user' || c)::uuid end, fn, ln,
  lower(translate(fn || '.' || ln, 'ąćęłńóśźżŁ', 'acelnoszzl')) || c || '@' || dom,
  '+48 ' || (500000000 + (c * 7919) % 100000000), c % 3 = 0,
  case when i % 10 = 0 then jsonb_build_object('company_name', 'Firma ' || ln, 'vat_number',
    '5260001' || lpad((c % 1000)::text, 3, '0'), 'country', 'PL') end,
  case when i % 10 = 0 and st in ('paid', 'returned', 'cancelled') then 'FV/' || i || '/' || extract(year from placed_at) end,
  case when i % 10 = 0 and st in ('paid', 'returned', 'cancelled') then placed_at + interval '5 minutes' end,
  '[]'::jsonb,
  jsonb_build_object('kind', 'outbound', 'course_id', md5('course' || route || dep)::uuid, 'hold_id', md5('hold' || i)::uuid,
    'route_id', route, 'route_name', t[a] || ' – ' || t[b], 'from_waypoint_id', a, 'from_name', t[a], 'to_waypoint_id', b,
    'to_name', t[b], 'departure_at', dep, 'arrival_at', dep + interval '3 hours', 'unit_price', 2000 + route * 100),
  case when back then jsonb_build_object('kind', 'back', 'course_id', md5('course' || route || (dep + interval '3 days'))::uuid,
    'hold_id', md5('holdb' || i)::uuid, 'route_id', route, 'route_name', t[b] || ' – ' || t[a], 'from_waypoint_id', b,
    'from_name', t[b], 'to_waypoint_id', a, 'to_name', t[a], 'departure_at', dep + interval '3 days',
    'arrival_at', dep + interval '3 days 3 hours', 'unit_price', 2000 + route * 100) end,
  md5('course' || route || dep)::uuid, case when back then md5('course' || route || (dep + interval '3 days'))::uuid end,
  route, t[a] || ' – ' || t[b], t[a], t[b], dep, case when back then dep + interval '3 days' end,
  jsonb_build_array(jsonb_build_object('quantity', pax, 'discount', null, 'outbound_price', 2000 + route * 100,
    'back_price', case when back then 2000 + route * 100 end)),
  pax, total, case when coupon > 0 then 'WIOSNA' || (i % 50) end, coupon, total - coupon,
  'sandbox', 'sess_' || md5('s' || i), md5('tok' || i),
  placed_at, placed_at + interval '15 minutes',
  case when st in ('paid', 'returned', 'cancelled') then placed_at + interval '10 minutes' * r6 end,
  case when st in ('paid', 'returned', 'cancelled') then total - coupon end,
  case when st in ('paid', 'returned', 'cancelled') then 'SBX-' || substr(md5('tx' || i), 1, 20) end,
  case when st = 'expired' then placed_at + interval '15 minutes' end,
  case when st = 'cancelled' then placed_at + interval '1 day' end,
  case when st = 'cancelled' then md5('admin')::uuid end,
  case when st = 'cancelled' then 'Odwołany kurs' end,
  case when st in ('returned', 'cancelled') then total - coupon else 0 end,
  case when st in ('returned', 'cancelled') then coupon else 0 end, 0,
  case st when 'pending_payment' then 1 when 'paid' then 3 when 'expired' then 1 else 4 end,
  placed_at + interval '20 minutes'
from p, towns
"#;

/// A ticket per passenger and leg of every order that was paid. Numbers follow the order
/// numbers (`NK-2025-0800003`: the order's sequence × 8 + leg × 4 + passenger), so they
/// are unique, as the ticket number sequence makes them.
const TICKETS: &str = r#"
insert into rm_tickets (ticket_id, order_id, number, code, leg, line, price, coupon_part, status, course_id, route_name,
  from_name, to_name, departure_at, arrival_at, course_changed, previous_course_id, price_difference, changed_at, user_id,
  issued_at, returned_at, returned_by, fee, coupon_refund, money_refund, version, from_waypoint_id, to_waypoint_id)
select md5('ticket' || o.order_id || leg || k)::uuid, o.order_id,
  'NK-' || extract(year from o.paid_at at time zone 'Europe/Warsaw') || '-'
    || lpad((substr(o.number, 9)::bigint * 8 + leg * 4 + k)::text, 7, '0'),
  upper(substr(md5('code' || o.order_id || leg || k), 1, 12)),
  case leg when 0 then 'outbound' else 'back' end, 0,
  (o.outbound ->> 'unit_price')::bigint, case when k = 0 then o.coupon_amount / (1 + leg) else 0 end,
  case when o.status = 'returned' then 'returned' else 'valid' end,
  case leg when 0 then o.outbound_course_id else o.back_course_id end,
  case leg when 0 then o.route_name else o.back ->> 'route_name' end,
  case leg when 0 then o.from_name else o.to_name end, case leg when 0 then o.to_name else o.from_name end,
  case leg when 0 then o.departure_at else o.return_departure_at end,
  case leg when 0 then o.departure_at else o.return_departure_at end + interval '3 hours',
  false, null, 0, null, o.user_id, o.paid_at,
  case when o.status = 'returned' then o.paid_at + interval '2 days' end, null,
  case when o.status = 'returned' then 0 end, case when o.status = 'returned' then 0 end,
  case when o.status = 'returned' then (o.outbound ->> 'unit_price')::bigint end, o.version,
  (case leg when 0 then o.outbound else o.back end ->> 'from_waypoint_id')::bigint,
  (case leg when 0 then o.outbound else o.back end ->> 'to_waypoint_id')::bigint
from rm_orders o
cross join lateral generate_series(0, case when o.back_course_id is null then 0 else 1 end) leg
cross join lateral generate_series(0, o.passengers - 1) k
where o.paid_at is not null
"#;

/// `orders` orders in the read model: kept when `reuse` finds exactly that many, else written
/// afresh. Says which, for the report.
pub async fn ensure(pool: &PgPool, orders: u32, reuse: bool) -> Result<String> {
    let present: i64 = sqlx::query_scalar("select count(*) from rm_orders").fetch_one(pool).await?;
    if reuse && present == i64::from(orders) {
        return Ok(format!("{} orders already in the database (--reuse)", crate::report::thousands(present as f64)));
    }
    eprintln!("writing the read model ...");
    let mut conn = pool.acquire().await?;
    let filled = fill(&mut conn, orders).await?;
    Ok(format!(
        "{} orders and {} tickets written in {:.0} s (SQL, indexes built after, VACUUM ANALYZE)",
        crate::report::thousands(filled.orders as f64),
        crate::report::thousands(filled.tickets as f64),
        filled.seconds
    ))
}
