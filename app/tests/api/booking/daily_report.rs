//! The daily sales report through the real application: a day with one paid order and
//! one returned ticket, counted per route from the read models; sent once to the
//! order-report office however often (and however concurrently) it is asked for; sent by
//! the server itself once a day is over, and by `coach reports daily` by hand.

use api_core::mail::FileMailer;
use app::cli::Cli;
use chrono::Utc;
use clap::Parser;
use command_api::processes::daily_report::{self, Outcome};
use command_api::settings::SettingsCache;
use domain::money::format_pln;
use domain::order::Order;
use serde_json::json;

use super::invoice_mails::{company_with_offices, REPORT_OFFICE};
use super::invoices::paid_order_with_invoice;
use super::mailbox::{mails_to, Mail};
use super::*;

/// The reports of `day` the order-report office got.
fn reports_of(app: &BookingApp, day: chrono::NaiveDate) -> Vec<Mail> {
    let subject = format!("Raport sprzedaży za {day}");
    mails_to(&app.data_dir, REPORT_OFFICE).into_iter().filter(|m| m.subject == subject).collect()
}

/// `coach reports daily --date DAY` against the test's database and mail folder.
async fn coach_reports_daily(app: &BookingApp, day: &str) -> anyhow::Result<()> {
    let url = crate::helpers::database_url(&app.pool);
    let cli = Cli::try_parse_from([
        "coach",
        "reports",
        "daily",
        "--date",
        day,
        "--database-url",
        &url,
        "--data-dir",
        app.data_dir.to_str().expect("utf-8"),
    ])
    .expect("valid arguments");
    app::ops::run(cli).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_day_with_a_paid_order_and_a_return_is_reported_per_route_once(pool: PgPool) {
    let app = spawn(pool).await;
    company_with_offices(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    eventually("the payment", || async {
        matches!(app.order(order_id).await, Order::Placed(s) if !s.tickets.is_empty())
    })
    .await;
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = &state.tickets[0].ticket;
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    let refunded = returned["data"]["price"].as_i64().expect("price") - returned["data"]["fee"].as_i64().expect("fee");

    // Counted from the read models once they have the day: the order placed and paid (two
    // tickets of 18 zł), one ticket back and its refund.
    let today = api_core::time::warsaw_today();
    eventually("the return and its refund in the read models", || async {
        let totals = daily_report::report(&app.pool, today).await.expect("a report").totals;
        totals.tickets_returned == 1 && totals.refunds == 1
    })
    .await;
    let report = daily_report::report(&app.pool, today).await.expect("a report");
    assert_eq!(report.routes.len(), 1, "{report:#?}");
    let route = &report.routes[0];
    let route_id: i64 = sqlx::query_scalar("select route_id from rm_orders where order_id = $1")
        .bind(order_id)
        .fetch_one(&app.pool)
        .await
        .expect("route");
    assert_eq!((route.route_id, route.route_name.as_str()), (route_id, "Nisko – Kraków"));
    assert_eq!((route.orders_placed, route.orders_paid, route.tickets_sold, route.tickets_returned), (1, 1, 2, 1));
    assert_eq!((route.refunds, route.refunded, route.taken), (1, refunded, 3600));
    assert_eq!(refunded, 1620, "18 zł less the 10 % fee");
    assert_eq!(report.totals, daily_report::RouteSales { route_id: 0, route_name: String::new(), ..route.clone() });
    let yesterday = today.pred_opt().expect("a day");
    assert!(daily_report::report(&app.pool, yesterday).await.expect("a report").routes.is_empty());

    // Asked for twice at once, and once more: one message.
    let settings = SettingsCache::default().get(&app.pool).await.expect("settings");
    let mailer = FileMailer::new(app.data_dir.join("mail"), "test@example.test");
    let (first, second) = tokio::join!(
        daily_report::send(&app.pool, &mailer, &settings, today),
        daily_report::send(&app.pool, &mailer, &settings, today)
    );
    let outcomes = [first.expect("asked"), second.expect("asked")];
    let sent = outcomes.iter().filter(|o| matches!(o, Outcome::Sent { .. })).count();
    assert_eq!(sent, 1, "{outcomes:#?}");
    assert!(outcomes.iter().any(|o| matches!(o, Outcome::AlreadySent { to, .. } if to == REPORT_OFFICE)));
    let again = daily_report::send(&app.pool, &mailer, &settings, today).await.expect("asked");
    assert!(matches!(again, Outcome::AlreadySent { .. }), "{again:?}");
    let mails = reports_of(&app, today);
    assert_eq!(mails.len(), 1, "{mails:#?}");

    // The text and the CSV say the same.
    let mail = &mails[0];
    for line in [
        format!("Nisko – Kraków (trasa {route_id})"),
        "zamówienia: złożone 1, opłacone 1".to_owned(),
        "bilety: sprzedane 2, zwrócone 1".to_owned(),
        format!("zwroty pieniędzy: 1 na {}", format_pln(1620)),
        format!("wpływy: {}", format_pln(3600)),
    ] {
        assert!(mail.text.contains(&line), "{line:?} in {}", mail.text);
    }
    let csv = mail.attachment(&format!("sprzedaz-{today}.csv")).expect("the CSV");
    assert!(csv.content_type.starts_with("text/csv"), "{}", csv.content_type);
    let csv = String::from_utf8(csv.bytes.clone()).expect("utf-8");
    let rows: Vec<&str> = csv.split("\r\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 3, "{csv}");
    // A BOM (Excel then reads UTF-8), semicolons, złoty with a decimal comma.
    assert!(rows[0].starts_with("\u{feff}Dzień;Trasa;Nazwa trasy;"), "{csv}");
    assert_eq!(rows[1], format!("{today};{route_id};\"Nisko – Kraków\";1;1;2;1;1;16,20;36,00"));
    assert_eq!(rows[2], format!("{today};;\"Razem\";1;1;2;1;1;16,20;36,00"));
    let recorded: (String, String) = sqlx::query_as("select sent_to, report from daily_reports where day = $1")
        .bind(today)
        .fetch_one(&app.pool)
        .await
        .expect("the day's row");
    assert_eq!((recorded.0.as_str(), recorded.1.trim_end()), (REPORT_OFFICE, mail.text.trim_end()));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_server_reports_the_last_day_by_itself_and_by_hand_it_is_not_sent_again(pool: PgPool) {
    let app = spawn(pool).await;
    // No address yet: nothing goes, and the day stays open.
    let due = daily_report::due_day(Utc::now());
    assert!(coach_reports_daily(&app, &due.to_string()).await.is_err(), "no order-report address");
    company_with_offices(&app.pool).await;

    // The server's timer finds the finished day unreported and sends it (a day with no sales).
    eventually("the server's report of the last day", || async { !reports_of(&app, due).is_empty() }).await;
    let mail = &reports_of(&app, due)[0];
    assert!(mail.text.contains("nie złożono, nie opłacono ani nie zwrócono"), "{}", mail.text);

    // By hand, twice: it went already, so nothing more goes.
    coach_reports_daily(&app, &due.to_string()).await.expect("asked by hand");
    coach_reports_daily(&app, &due.to_string()).await.expect("asked again");
    assert_eq!(reports_of(&app, due).len(), 1);

    // A day not over is refused (its report would miss the rest of the day); a day that
    // is no date is refused by the command line itself.
    let today = api_core::time::warsaw_today();
    let refused = coach_reports_daily(&app, &today.to_string()).await.expect_err("today is not over");
    assert!(refused.to_string().contains("is not over"), "{refused}");
    assert!(reports_of(&app, today).is_empty());
    assert!(Cli::try_parse_from(["coach", "reports", "daily", "--date", "2026-13-01"]).is_err());

    // An earlier day by hand: sent, once.
    let earlier = due - chrono::Duration::days(3);
    coach_reports_daily(&app, &earlier.to_string()).await.expect("an earlier day");
    coach_reports_daily(&app, &earlier.to_string()).await.expect("again");
    assert_eq!(reports_of(&app, earlier).len(), 1);
}
