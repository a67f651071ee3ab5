//! The daily sales report: once a Warsaw day is over, a message to the company's
//! order-report office (`companies.order_report_email`, when set) with, per route, the
//! orders placed and paid, the tickets sold and returned, the refunds (count and amount)
//! and the money taken; plain text, and the same table as a CSV attachment.
//!
//! It reads the read models (`rm_orders`, `rm_tickets`) and the refunds outbox
//! (`refunds`), not the events. That is fine for a report: it decides nothing and
//! guards no invariant, it only tells what happened, and every time it counts by is one
//! the events carry (a placement's, a payment's, a ticket's issue and return), so a read
//! model rebuilt from the events gives the same report. A read model is a moment behind
//! the events, so a day's report waits [`GRACE`] after its midnight. Once a day, a scan of
//! those tables is cheap enough that no index is added to the projections' writes for it.
//! A refund counts on the day it was recorded as owed (the reaction to the return or
//! cancellation, seconds after it), whatever the gateway did with it since.
//!
//! At most once per day across processes: [`send`] inserts the day's row of
//! `daily_reports` (`on conflict do nothing`) in the transaction it sends the report in,
//! and commits it after the mailer took the message. Another process asking meanwhile
//! waits for that row's transaction and then finds it taken; a failed send rolls it back,
//! so the next round sends it. (Should the commit itself fail after the mail went out, the
//! next round sends it again: twice rather than never.) [`run`] asks every
//! [`PERIOD`] in every process that serves commands; `coach reports daily --date` asks
//! for one day by hand, through the same [`send`].

use std::time::Duration;

use api_core::mail::{Attachment, Email, MailError, Mailer};
use chrono::{DateTime, NaiveDate, Utc};
use domain::money::format_pln;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use crate::settings::BookingSettings;
use crate::CommandState;

/// How often the timer asks whether a report is due.
const PERIOD: Duration = Duration::from_secs(10);
/// How long after midnight a day's report waits for the read models to catch up.
pub const GRACE: chrono::Duration = chrono::Duration::minutes(5);

/// One route's day.
#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct RouteSales {
    pub route_id: i64,
    pub route_name: String,
    pub orders_placed: i64,
    pub orders_paid: i64,
    pub tickets_sold: i64,
    pub tickets_returned: i64,
    /// Refunds recorded that day, and their sum (grosz).
    pub refunds: i64,
    pub refunded: i64,
    /// What the orders paid that day paid (grosz).
    pub taken: i64,
}

impl RouteSales {
    fn add(&mut self, other: &RouteSales) {
        self.orders_placed += other.orders_placed;
        self.orders_paid += other.orders_paid;
        self.tickets_sold += other.tickets_sold;
        self.tickets_returned += other.tickets_returned;
        self.refunds += other.refunds;
        self.refunded += other.refunded;
        self.taken += other.taken;
    }
}

/// A day's report: the routes with anything to tell, by name, and their sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyReport {
    pub day: NaiveDate,
    pub routes: Vec<RouteSales>,
    pub totals: RouteSales,
}

/// What became of a request for a day's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Sent now.
    Sent { to: String, report: DailyReport },
    /// It went before (by this process or another).
    AlreadySent { to: String, at: DateTime<Utc> },
    /// No order-report address is set.
    NoAddress,
}

/// Why a report could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the day {0} has no Warsaw midnight")]
    NoSuchDay(NaiveDate),
    #[error("reading the day's sales: {0}")]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Mail(#[from] MailError),
}

/// The last day whose report is due at `now`: yesterday in Warsaw, once [`GRACE`] has
/// passed since midnight.
pub fn due_day(now: DateTime<Utc>) -> NaiveDate {
    api_core::time::warsaw_date(now - GRACE).pred_opt().unwrap_or(NaiveDate::MIN)
}

/// The sales of Warsaw day `day`, per route.
pub async fn report(pool: &PgPool, day: NaiveDate) -> Result<DailyReport, ReportError> {
    let start = api_core::time::warsaw_midnight(day).ok_or(ReportError::NoSuchDay(day))?;
    let end = day.succ_opt().and_then(api_core::time::warsaw_midnight).ok_or(ReportError::NoSuchDay(day))?;
    // Each fact of the day becomes a row of counts under its route, then the routes are
    // summed. A ticket's route is its leg's (a return journey may be another route's).
    let routes: Vec<RouteSales> = sqlx::query_as(
        "with facts (route_id, route_name, placed, paid, taken, sold, returned, refunds, refunded) as ( \
             select route_id, route_name, 1, 0, 0::bigint, 0, 0, 0, 0::bigint \
               from rm_orders where placed_at >= $1 and placed_at < $2 \
             union all \
             select route_id, route_name, 0, 1, coalesce(paid_amount, 0), 0, 0, 0, 0 \
               from rm_orders where paid_at >= $1 and paid_at < $2 \
             union all \
             select (l.leg ->> 'route_id')::bigint, l.leg ->> 'route_name', 0, 0, 0, \
                    case when t.issued_at >= $1 and t.issued_at < $2 then 1 else 0 end, \
                    case when t.returned_at >= $1 and t.returned_at < $2 then 1 else 0 end, 0, 0 \
               from rm_tickets t join rm_orders o on o.order_id = t.order_id \
               cross join lateral (select case when t.leg = 'back' then o.back else o.outbound end as leg) l \
              where (t.issued_at >= $1 and t.issued_at < $2) or (t.returned_at >= $1 and t.returned_at < $2) \
             union all \
             select o.route_id, o.route_name, 0, 0, 0, 0, 0, 1, r.amount \
               from refunds r join rm_orders o on o.order_id = r.order_id \
              where r.created_at >= $1 and r.created_at < $2) \
         select route_id, min(route_name) as route_name, sum(placed)::bigint as orders_placed, \
                sum(paid)::bigint as orders_paid, sum(sold)::bigint as tickets_sold, \
                sum(returned)::bigint as tickets_returned, sum(refunds)::bigint as refunds, \
                sum(refunded)::bigint as refunded, sum(taken)::bigint as taken \
           from facts group by route_id order by min(route_name), route_id",
    )
    .bind(start)
    .bind(end)
    .fetch_all(pool)
    .await?;
    let mut totals = RouteSales::default();
    for route in &routes {
        totals.add(route);
    }
    Ok(DailyReport { day, routes, totals })
}

/// Send the report of `day` to the order-report office, unless it went before.
pub async fn send(
    pool: &PgPool,
    mailer: &dyn Mailer,
    settings: &BookingSettings,
    day: NaiveDate,
) -> Result<Outcome, ReportError> {
    send_noting(pool, mailer, settings, day, None).await
}

/// [`send`], with the KSeF sender's `ksef_note` (the offline certificate's absence,
/// [`super::ksef::daily::certificate_note`]) at the end of its KSeF section.
#[tracing::instrument(skip(pool, mailer, settings))]
pub async fn send_noting(
    pool: &PgPool,
    mailer: &dyn Mailer,
    settings: &BookingSettings,
    day: NaiveDate,
    ksef_note: Option<&str>,
) -> Result<Outcome, ReportError> {
    let Some(to) = settings.order_report_email.clone() else { return Ok(Outcome::NoAddress) };
    if let Some(sent) = sent(pool, day).await? {
        return Ok(sent);
    }
    let report = report(pool, day).await?;
    let company = if settings.seller.name.trim().is_empty() { "Nisko Bus" } else { settings.seller.name.trim() };
    let mut email =
        super::ksef::daily::with_deadlines(pool, email(&report, company, &to), api_core::time::warsaw_today()).await?;
    if let Some(note) = ksef_note {
        email.text.push_str(&format!("\nKSeF:\n{note}"));
    }
    email.text.push_str(&super::complaint_report::section(pool, day).await?);
    email.text.push_str(&super::privacy_report::section(pool, day).await?);
    let mut tx = pool.begin().await?;
    let claimed: Option<NaiveDate> = sqlx::query_scalar(
        "insert into daily_reports (day, sent_to, report) values ($1, $2, $3) on conflict do nothing returning day",
    )
    .bind(day)
    .bind(&to)
    .bind(&email.text)
    .fetch_optional(&mut *tx)
    .await?;
    if claimed.is_none() {
        drop(tx);
        return Ok(sent(pool, day).await?.unwrap_or(Outcome::AlreadySent { to, at: Utc::now() }));
    }
    // Rolled back (the drop of `tx`) when the mailer fails: the next round tries again.
    mailer.send(email).await?;
    tx.commit().await?;
    Ok(Outcome::Sent { to, report })
}

/// The day's report as recorded, if it was sent.
async fn sent(pool: &PgPool, day: NaiveDate) -> Result<Option<Outcome>, sqlx::Error> {
    let row: Option<(String, DateTime<Utc>)> =
        sqlx::query_as("select sent_to, sent_at from daily_reports where day = $1")
            .bind(day)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(to, at)| Outcome::AlreadySent { to, at }))
}

/// The message: the table in words, the same as a CSV file.
fn email(report: &DailyReport, company: &str, to: &str) -> Email {
    let day = report.day.format("%Y-%m-%d");
    let mut text = format!("Raport sprzedaży {company} za {day} (czas warszawski)\n\n");
    if report.routes.is_empty() {
        text.push_str("Tego dnia nie złożono, nie opłacono ani nie zwrócono żadnego zamówienia.\n");
    }
    for route in &report.routes {
        text.push_str(&format!("{} (trasa {})\n", route.route_name, route.route_id));
        text.push_str(&lines(route));
    }
    if report.routes.len() > 1 {
        text.push_str("Razem\n");
        text.push_str(&lines(&report.totals));
    }
    text.push_str(&format!(
        "Zwroty pieniędzy liczone są w dniu ich zlecenia. Tabela w załączniku (CSV).\n\n\
         Daily sales report for {day} (Warsaw time): the same table is attached as CSV.\n"
    ));
    Email {
        to: to.to_owned(),
        subject: format!("Raport sprzedaży za {day}"),
        text,
        attachments: vec![Attachment {
            filename: format!("sprzedaz-{day}.csv"),
            content_type: "text/csv; charset=utf-8".into(),
            bytes: csv(report).into_bytes(),
        }],
    }
}

fn lines(r: &RouteSales) -> String {
    format!(
        "  zamówienia: złożone {}, opłacone {}\n  bilety: sprzedane {}, zwrócone {}\n  \
         zwroty pieniędzy: {} na {}\n  wpływy: {}\n\n",
        r.orders_placed,
        r.orders_paid,
        r.tickets_sold,
        r.tickets_returned,
        r.refunds,
        format_pln(r.refunded),
        format_pln(r.taken)
    )
}

/// The CSV as a Polish Excel or LibreOffice opens it by double click, like the VAT
/// register's: a BOM (UTF-8), semicolons and CRLF, amounts in złoty with a decimal comma
/// (`123,45`), a route's name quoted (and a `'` before one starting like a formula), the
/// sums last.
pub fn csv(report: &DailyReport) -> String {
    let mut out = String::from(
        "\u{feff}Dzień;Trasa;Nazwa trasy;Zamówienia złożone;Zamówienia opłacone;Bilety sprzedane;Bilety zwrócone;\
         Zwroty;Kwota zwrotów;Wpływy\r\n",
    );
    let day = report.day.format("%Y-%m-%d").to_string();
    let rows = report.routes.iter().map(|r| (r.route_id.to_string(), r.route_name.as_str(), r));
    for (id, name, r) in rows.chain(std::iter::once((String::new(), "Razem", &report.totals))) {
        out.push_str(&format!(
            "{day};{id};\"{}\";{};{};{};{};{};{};{}\r\n",
            plain_text(name).replace('"', "\"\""),
            r.orders_placed,
            r.orders_paid,
            r.tickets_sold,
            r.tickets_returned,
            r.refunds,
            decimal(r.refunded),
            decimal(r.taken)
        ));
    }
    out
}

/// `12345` → `123,45`, `-5` → `-0,05`.
fn decimal(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    format!("{sign}{},{:02}", grosz.unsigned_abs() / 100, grosz.unsigned_abs() % 100)
}

/// A text a spreadsheet would run as a formula (a leading `=`, `+`, `-`, `@`, tab or CR,
/// OWASP's CSV injection) with a `'` before it, so it shows as typed.
fn plain_text(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}").into()
    } else {
        text.into()
    }
}

/// Send the report of the last day that is over, when due, every [`PERIOD`] until
/// `shutdown`. Remembers the last day it found sent, so until the next midnight a round
/// is one comparison.
pub async fn run(state: CommandState, shutdown: CancellationToken) {
    use chrono::Datelike;
    use std::sync::atomic::{AtomicI32, Ordering};
    let settled = AtomicI32::new(0);
    let (state, settled) = (&state, &settled);
    super::every(PERIOD, shutdown, move || async move {
        let day = due_day(Utc::now());
        if settled.load(Ordering::Relaxed) == day.num_days_from_ce() {
            return;
        }
        if round(state, day).await {
            settled.store(day.num_days_from_ce(), Ordering::Relaxed);
        }
    })
    .await
}

/// One try at `day`'s report: true when it is settled (sent now or before).
async fn round(state: &CommandState, day: NaiveDate) -> bool {
    // Read afresh, not through the commands' cache: the first round runs at startup, and
    // a cache filled then would give the commands of the next seconds the settings of
    // that moment (a company saved just after the start would not count yet).
    let settings = match crate::settings::SettingsCache::default().get(&state.pool).await {
        Ok(settings) => settings,
        Err(e) => {
            tracing::warn!(error = %e, "the daily report: could not read the settings");
            return false;
        }
    };
    let note = super::ksef::daily::certificate_note(&state.ksef);
    match send_noting(&state.pool, state.mailer.as_ref(), &settings, day, note).await {
        Ok(Outcome::Sent { to, report }) => {
            tracing::info!(%day, %to, routes = report.routes.len(), "daily sales report sent");
            true
        }
        Ok(Outcome::AlreadySent { .. }) => true,
        // Asked again next round: an address set later still gets the day's report.
        Ok(Outcome::NoAddress) => false,
        Err(e) => {
            tracing::warn!(%day, error = %e, "the daily report could not be sent; retrying");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_due_day_is_yesterday_in_warsaw_after_the_grace() {
        let utc = |d, h, m| Utc.with_ymd_and_hms(2026, 11, d, h, m, 0).single().expect("a time");
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).expect("a day");
        // 23:10 UTC on the 20th is 00:10 on the 21st in Warsaw (CET): the 20th is over.
        assert_eq!(due_day(utc(20, 23, 10)), day(20));
        // 00:03 in Warsaw: the read models get their five minutes, the 19th is still the last.
        assert_eq!(due_day(utc(20, 23, 3)), day(19));
        assert_eq!(due_day(utc(21, 12, 0)), day(20));
    }

    #[test]
    fn the_csv_has_a_row_per_route_and_the_sums() {
        let route = |id, name: &str, taken| RouteSales {
            route_id: id,
            route_name: name.into(),
            orders_placed: 2,
            orders_paid: 1,
            tickets_sold: 2,
            tickets_returned: 1,
            refunds: 1,
            refunded: 1620,
            taken,
        };
        let routes = vec![
            route(1, "Nisko – Kraków", 3600),
            route(2, "Rzeszów \"ekspres\"", 5),
            route(3, "=HYPERLINK(\"x\")", 0),
        ];
        let mut totals = RouteSales::default();
        routes.iter().for_each(|r| totals.add(r));
        let day = NaiveDate::from_ymd_opt(2026, 11, 20).expect("a day");
        let csv = csv(&DailyReport { day, routes, totals });
        let rows: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(rows.len(), 6, "{csv:?}");
        // A BOM first, so Excel reads UTF-8; amounts with a decimal comma.
        assert!(rows[0].starts_with("\u{feff}Dzień;Trasa;"), "{csv:?}");
        assert_eq!(rows[1], "2026-11-20;1;\"Nisko – Kraków\";2;1;2;1;1;16,20;36,00");
        assert_eq!(rows[2], "2026-11-20;2;\"Rzeszów \"\"ekspres\"\"\";2;1;2;1;1;16,20;0,05");
        // A name starting like a formula is shown as typed, not run.
        assert_eq!(rows[3], "2026-11-20;3;\"'=HYPERLINK(\"\"x\"\")\";2;1;2;1;1;16,20;0,00");
        assert_eq!(rows[4], "2026-11-20;;\"Razem\";6;3;6;3;3;48,60;36,05");
        assert_eq!(decimal(-5), "-0,05");
    }
}
