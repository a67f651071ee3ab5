//! A cancelled course (issues 28, 39) through HTTP, with the real processes: every order
//! told once by e-mail, ten passengers move for free, ten take the full refund, ten are
//! refunded when the 14-day window closes; the seats, coupons, refunds, corrections and
//! read tables add up, and a replay of the processes (a restart from an old checkpoint)
//! changes nothing. And the refusals: a second choice, a choice after the automatic
//! refund, a forged link.

use chrono::Duration;
use command_api::processes::disruptions::{refund_when_choice_closes, DisruptionProcess};
use command_api::processes::reactions::BookingReactions;
use domain::order::{Order, OrderStatus, TicketStatus};
use event_store::{EventStore, SubscriptionFilter};
use projections::Projection;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use super::mailbox::mails;
use super::{body, booking, company, course, eventually, line, spawn_with, tomorrow, BookingApp};

const ORDERS: usize = 30;
/// The orders paid partly with a coupon of 5 zł: two of them move, three are refunded.
const WITH_COUPON: [usize; 5] = [0, 1, 12, 13, 25];
/// The orders that asked for an invoice: one moves, one is refunded.
const WITH_INVOICE: [usize; 2] = [2, 15];

/// Places and pays one ticket A → C (18 zł): a guest's, or the user's when `logged_in`,
/// with a coupon of 5 zł when `coupon` names one; the last is an office sale (cash).
async fn sell(app: &BookingApp, course: Uuid, line: &super::Line, i: usize) -> Uuid {
    let mut order = booking(course, line, 0, 2, json!([{ "qty": 1 }]));
    if i == ORDERS - 1 {
        order["payment_method"] = json!("cash");
        let (status, sold) = body(app.post("/api/order/order/save", &order, Some(&app.admin_token), None).await).await;
        assert_eq!(status, 201, "{sold}");
        return sold["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    }
    if WITH_INVOICE.contains(&i) {
        order["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "526-025-02-74",
            "company_name": "Firma Sp. z o.o.", "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    }
    if WITH_COUPON.contains(&i) {
        let code = format!("AWARIA{i}");
        let (status, c) = body(
            app.post("/api/order/coupon/save", &json!({ "code": code, "value": 500 }), Some(&app.admin_token), None)
                .await,
        )
        .await;
        assert_eq!(status, 201, "{c}");
        order["coupon"] = json!({ "code": code, "value": 500 });
    }
    let token = (i % 10 == 3).then_some(app.user_token.as_str());
    let (status, placed) = body(app.post("/api/order/order/place", &order, token, None).await).await;
    assert_eq!(status, 201, "{placed}");
    let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
    assert_eq!(paid.status(), 303);
    placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

async fn paid(app: &BookingApp, order_id: Uuid) -> domain::order::OrderState {
    match app.order(order_id).await {
        Order::Placed(state) => *state,
        other => panic!("not placed: {other:?}"),
    }
}

/// The disruption e-mails of the order numbered `number`.
fn told(app: &BookingApp, number: &str) -> Vec<super::mailbox::Mail> {
    mails(&app.data_dir)
        .into_iter()
        .filter(|m| m.subject.starts_with("Kurs odwołany") && m.subject.ends_with(number))
        .collect()
}

/// The token of the Polish link in a disruption e-mail.
fn token(mail: &super::mailbox::Mail) -> String {
    let at = mail.text.find("/odwolany-kurs/").expect("the link") + "/odwolany-kurs/".len();
    mail.text[at..].split_whitespace().next().expect("a token").to_owned()
}

/// Every event the two processes follow, offered to them again, as runners resumed from an
/// old checkpoint would.
async fn replay_processes(app: &BookingApp) {
    let state = app.command_state().await;
    let all = app.store.read_all(None, 100_000).await.expect("events");
    let process: [Box<dyn Projection>; 2] =
        [Box::new(DisruptionProcess { state: state.clone() }), Box::new(BookingReactions { state })];
    let mut conn = app.pool.acquire().await.expect("a connection");
    for p in process {
        let SubscriptionFilter::EventType(types) = p.filter() else { panic!("filtered by type") };
        let events: Vec<_> = all.iter().filter(|e| types.contains(&e.event_type)).cloned().collect();
        p.apply(&mut conn, &events).await.expect("the replay");
    }
}

async fn versions(app: &BookingApp, orders: &[Uuid]) -> Vec<usize> {
    let mut out = Vec::new();
    for id in orders {
        let stream = event_store::StreamName::parse(domain::order::stream_name(*id)).expect("stream");
        out.push(
            app.store
                .read_stream(&stream, event_store::ReadFrom::Start, event_store::Direction::Forwards, 1000)
                .await
                .expect("read")
                .len(),
        );
    }
    out
}

async fn choose(app: &BookingApp, token: &str, choice: Value) -> (u16, Value) {
    let mut ask = choice;
    ask["token"] = json!(token);
    body(app.post("/api/order/disruption/choose", &ask, None, None).await).await
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_short_delay_is_only_told_and_a_long_one_offers_the_choice(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    let line = line(&app.pool).await;
    let departure = tomorrow();
    let late = course(&app, &line, departure, 10).await;
    course(&app, &line, departure + Duration::hours(2), 10).await;
    let order = sell(&app, late, &line, 7).await;
    eventually("paid", || async { paid(&app, order).await.status == OrderStatus::Paid }).await;
    let number = paid(&app, order).await.display_number().to_owned();
    let delay = |minutes: i64, reason: &str| json!({ "course_id": late, "minutes": minutes, "reason": reason });
    let (status, bad) =
        body(app.post("/api/course/course/delay", &delay(30, ""), Some(&app.admin_token), None).await).await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("reason")), "{bad}");
    let (status, bad) =
        body(app.post("/api/course/course/delay", &delay(1441, "Korek"), Some(&app.admin_token), None).await).await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("minutes")), "{bad}");
    let (status, d) =
        body(app.post("/api/course/course/delay", &delay(30, "Korek"), Some(&app.admin_token), None).await).await;
    assert_eq!(
        (status, d["data"]["status"].as_str(), d["data"]["choice_offered"].as_bool()),
        (200, Some("delayed"), Some(false))
    );
    let delayed = |n: &str| -> Vec<super::mailbox::Mail> {
        mails(&app.data_dir)
            .into_iter()
            .filter(|m| m.subject.starts_with("Kurs opóźniony") && m.subject.ends_with(n))
            .collect()
    };
    eventually("told of the delay", || async { delayed(&number).len() == 1 }).await;
    let link = token(&delayed(&number)[0]);
    let (status, offer) =
        body(app.client.get(app.url(&format!("/api/order/disruption/one?token={link}"))).send().await.expect("get"))
            .await;
    assert_eq!(
        (status, offer["data"]["choice_open"].as_bool(), offer["data"]["deadline"].clone()),
        (200, Some(false), Value::Null),
        "{offer}"
    );
    let (status, refused) = choose(&app, &link, json!({ "choice": "refund" })).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("disruption.no_choice")), "{refused}");

    // 150 minutes: told again, and now the choice is offered.
    let (status, _) =
        body(app.post("/api/course/course/delay", &delay(150, "Wypadek"), Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200);
    eventually("told of the longer delay", || async { delayed(&number).len() == 2 }).await;
    let (_, offer) =
        body(app.client.get(app.url(&format!("/api/order/disruption/one?token={link}"))).send().await.expect("get"))
            .await;
    assert_eq!(offer["data"]["choice_open"], true, "{offer}");
    assert_eq!(offer["data"]["delay_minutes"], 150);
    // The courses list marks it (issue 40: it said nothing of a disruption).
    eventually("the course marked delayed in the courses list", || async {
        let (_, one) =
            body(app.client.get(app.url(&format!("/api/course/course/one?id={late}"))).send().await.expect("one"))
                .await;
        one["data"]["disruption"] == "delayed" && one["data"]["delay_minutes"] == 150
    })
    .await;

    // As an expected departure: 2 hours 40 minutes after the scheduled one.
    let expected = json!({ "course_id": late, "expected_departure_at": (departure + Duration::minutes(160)).to_rfc3339(),
        "reason": "Wypadek" });
    let (status, d) = body(app.post("/api/course/course/delay", &expected, Some(&app.admin_token), None).await).await;
    assert_eq!((status, d["data"]["delay_minutes"].as_i64()), (200, Some(160)), "{d}");
    eventually("told of the new time", || async { delayed(&number).len() == 3 }).await;
    let before_departure = json!({ "course_id": late, "expected_departure_at": (departure - Duration::minutes(5)).to_rfc3339(), "reason": "x" });
    let (status, bad) =
        body(app.post("/api/course/course/delay", &before_departure, Some(&app.admin_token), None).await).await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("expected_departure_at")), "{bad}");

    // Cleared: the course runs as planned again; the passenger is told, and the link still
    // shows the order, on time, with nothing to choose.
    let (status, d) =
        body(app.post("/api/course/course/delay", &delay(0, ""), Some(&app.admin_token), None).await).await;
    assert_eq!((status, d["data"]["status"].as_str()), (200, Some("running")), "{d}");
    let on_time = |n: &str| -> Vec<super::mailbox::Mail> {
        mails(&app.data_dir)
            .into_iter()
            .filter(|m| m.subject.starts_with("Kurs zgodnie z rozkładem") && m.subject.ends_with(n))
            .collect()
    };
    eventually("told the course is on time", || async { on_time(&number).len() == 1 }).await;
    assert!(
        on_time(&number)[0].text.contains("nie jest już dostępny"),
        "the choice is gone: {}",
        on_time(&number)[0].text
    );
    let (status, offer) =
        body(app.client.get(app.url(&format!("/api/order/disruption/one?token={link}"))).send().await.expect("get"))
            .await;
    assert_eq!(
        (status, offer["data"]["status"].as_str(), offer["data"]["choice_open"].as_bool()),
        (200, Some("on_time"), Some(false)),
        "{offer}"
    );
    assert_eq!(paid(&app, order).await.tickets[0].status, TicketStatus::Valid, "nothing changed on the order");
}

/// An order waiting for payment when its course is delayed is told at once but mailed only
/// once paid, as is one placed on the course after the delay; each once, also when the
/// process is offered every event again.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_delay_told_while_unpaid_is_mailed_once_paid(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    let line = line(&app.pool).await;
    let late = course(&app, &line, tomorrow(), 10).await;
    let place = || async {
        let (status, placed) = body(app.place(&booking(late, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
        assert_eq!(status, 201, "{placed}");
        let id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
        (id, placed["data"]["payment_url"].as_str().expect("a payment url").to_owned())
    };
    let before = place().await;
    let delay = json!({ "course_id": late, "minutes": 45, "reason": "Korek" });
    let (status, d) = body(app.post("/api/course/course/delay", &delay, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{d}");
    let after = place().await;
    let delayed = |n: &str| -> usize {
        mails(&app.data_dir)
            .iter()
            .filter(|m| m.subject.starts_with("Kurs opóźniony") && m.subject.ends_with(n))
            .count()
    };
    let mut numbers = Vec::new();
    for (id, _) in [&before, &after] {
        eventually("told while unpaid", || async { paid(&app, *id).await.disruption(late).is_some() }).await;
        numbers.push(paid(&app, *id).await.display_number().to_owned());
    }
    assert_eq!(numbers.iter().map(|n| delayed(n)).collect::<Vec<_>>(), [0, 0], "no message before the payment");

    for (_, url) in [&before, &after] {
        assert_eq!(app.pay(url).await.status(), 303);
    }
    for number in &numbers {
        eventually("mailed once paid", || async { delayed(number) == 1 }).await;
    }
    replay_processes(&app).await;
    assert_eq!(numbers.iter().map(|n| delayed(n)).collect::<Vec<_>>(), [1, 1], "once each");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_cancelled_course_tells_everyone_once_and_moves_or_refunds_each_in_full(pool: PgPool) {
    // Without KSeF: nothing but these processes appends to the orders meanwhile.
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let departure = tomorrow();
    let cancelled = course(&app, &line, departure, 40).await;
    let other = course(&app, &line, departure + Duration::hours(3), 40).await;
    let mut orders = Vec::new();
    for i in 0..ORDERS {
        orders.push(sell(&app, cancelled, &line, i).await);
    }
    for id in &orders {
        let o = *id;
        eventually("the order paid", || async { paid(&app, o).await.status == OrderStatus::Paid }).await;
    }
    assert_eq!(app.loads(cancelled).await.1, vec![30, 30]);

    // Only an admin cancels; a reason is required.
    let cancel = json!({ "course_id": cancelled, "reason": "Awaria autokaru" });
    assert_eq!(app.post("/api/course/course/cancel", &cancel, Some(&app.user_token), None).await.status(), 403);
    let (status, bad) = body(
        app.post(
            "/api/course/course/cancel",
            &json!({ "course_id": cancelled, "reason": " x" }),
            Some(&app.admin_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((status, bad["errors"][0]["field"].as_str()), (422, Some("reason")), "{bad}");
    let (status, disruption) =
        body(app.post("/api/course/course/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{disruption}");
    assert_eq!(disruption["data"]["status"], "cancelled");
    assert_eq!(disruption["data"]["changed_by"], "admin@example.test");
    let (status, again) =
        body(app.post("/api/course/course/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("course.already_cancelled")));
    // It sells nothing more.
    let late = booking(cancelled, &line, 0, 2, json!([{ "qty": 1 }]));
    let (status, refused) = body(app.place(&late).await).await;
    assert_eq!(status, 422, "{refused}");

    // Every order is told, once.
    let numbers: Vec<String> = {
        let mut n = Vec::new();
        for id in &orders {
            n.push(paid(&app, *id).await.display_number().to_owned());
        }
        n
    };
    for number in &numbers {
        eventually(&format!("{number} told"), || async { told(&app, number).len() == 1 }).await;
    }
    let tokens: Vec<String> = numbers.iter().map(|n| token(&told(&app, n)[0])).collect();

    // A forged link changes nothing.
    let mut forged = tokens[0].clone();
    forged.replace_range(forged.len() - 4.., "AAAA");
    let (status, refused) = choose(&app, &forged, json!({ "choice": "refund" })).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("disruption.link_invalid")), "{refused}");
    let (status, _) =
        body(app.client.get(app.url(&format!("/api/order/disruption/one?token={forged}"))).send().await.expect("get"))
            .await;
    assert_eq!(status, 404);

    // The offer: the other course, the full price back.
    let (status, offer) = body(
        app.client.get(app.url(&format!("/api/order/disruption/one?token={}", tokens[0]))).send().await.expect("get"),
    )
    .await;
    assert_eq!(status, 200, "{offer}");
    assert_eq!(
        (offer["data"]["status"].as_str(), offer["data"]["choice_open"].as_bool()),
        (Some("cancelled"), Some(true))
    );
    assert_eq!(offer["data"]["refund_amount"], 1800);
    assert_eq!(offer["data"]["alternatives"][0]["course_id"], json!(other));

    // Ten move (0..10), then the processes are replayed as after a restart, then ten take
    // the refund (10..20); the last ten do nothing.
    for t in &tokens[..10] {
        let (status, chosen) = choose(&app, t, json!({ "choice": "move", "to_course_id": other })).await;
        assert_eq!(status, 200, "{chosen}");
        assert_eq!(chosen["data"]["chosen"]["choice"], "move");
        // The answer says when the new course leaves (the page shows it at once).
        // (The stream keeps nanoseconds, the course's row microseconds.)
        let at = |v: &Value| v.as_str().and_then(|t| t.parse::<chrono::DateTime<chrono::Utc>>().ok()).expect("a time");
        let shown = at(&chosen["data"]["chosen"]["to_course"]["departure_at"]);
        let leaves = at(&offer["data"]["alternatives"][0]["departure_at"]);
        assert!((shown - leaves).num_milliseconds().abs() < 1, "{shown} is not {leaves}");
    }
    let (status, second) = choose(&app, &tokens[0], json!({ "choice": "refund" })).await;
    assert_eq!((status, second["code"].as_str()), (409, Some("disruption.already_chosen")), "{second}");
    let (status, missing) = choose(&app, &tokens[10], json!({ "choice": "move" })).await;
    assert_eq!((status, missing["errors"][0]["field"].as_str()), (422, Some("to_course_id")), "{missing}");

    for i in WITH_INVOICE {
        let o = orders[i];
        eventually("the invoice", || async { paid(&app, o).await.invoice.is_some() }).await;
    }
    // Each moved ticket's new ticket is e-mailed by the booking reactions: all of them first.
    let mut moved_tickets = 0;
    for o in &orders[..10] {
        moved_tickets += paid(&app, *o).await.tickets.len();
    }
    eventually("the moved tickets' e-mails", || async {
        mails(&app.data_dir).iter().filter(|m| m.subject.contains("na nowy kurs")).count() == moved_tickets
    })
    .await;
    let before = versions(&app, &orders).await;
    let mails_before = mails(&app.data_dir).len();
    replay_processes(&app).await;
    assert_eq!(versions(&app, &orders).await, before, "a replay appends nothing");
    assert_eq!(mails(&app.data_dir).len(), mails_before, "a replay sends nothing");

    for t in &tokens[10..20] {
        let (status, chosen) = choose(&app, t, json!({ "choice": "refund" })).await;
        assert_eq!(status, 200, "{chosen}");
        assert_eq!(chosen["data"]["chosen"]["refund_amount"], 1800);
    }

    // The 14 days pass (the departure is not the end: the choice stays open): the last ten
    // are refunded in full, once.
    let state = app.command_state().await;
    let closes = chrono::Utc::now() + Duration::days(14);
    assert_eq!(refund_when_choice_closes(&state, departure).await.expect("a round"), 0, "open after the departure");
    assert_eq!(refund_when_choice_closes(&state, closes - Duration::minutes(5)).await.expect("a round"), 0, "not yet");
    assert_eq!(refund_when_choice_closes(&state, closes + Duration::minutes(1)).await.expect("a round"), 10);
    assert_eq!(refund_when_choice_closes(&state, closes + Duration::minutes(2)).await.expect("a round"), 0);
    let (status, closed) = choose(&app, &tokens[25], json!({ "choice": "refund" })).await;
    assert_eq!((status, closed["code"].as_str()), (409, Some("disruption.choice_closed")), "{closed}");

    // The orders: moved for free, or every ticket returned with no fee.
    for (i, id) in orders.iter().enumerate() {
        let order = paid(&app, *id).await;
        let ticket = &order.tickets[0];
        if i < 10 {
            assert_eq!((ticket.status, ticket.course.course_id, ticket.price), (TicketStatus::Valid, other, 1800));
        } else {
            assert_eq!(ticket.status, TicketStatus::Returned, "order {i}");
        }
    }
    // Seats: the cancelled course empty, the other one carries the ten.
    eventually("the seats to follow", || async {
        app.loads(cancelled).await.1 == vec![0, 0] && app.loads(other).await.1 == vec![10, 10]
    })
    .await;
    // Coupons: a moved order's coupon stays spent; a refunded one's gets its 5 zł back.
    for i in WITH_COUPON {
        let code = format!("AWARIA{i}");
        let expected = if i < 10 { 0 } else { 500 };
        eventually(&format!("{code} at {expected}"), || async {
            let check = json!({ "code": code });
            let (status, checked) = body(app.post("/api/order/coupon/check", &check, None, None).await).await;
            if expected == 0 {
                status != 200 || checked["data"]["value"] == 0
            } else {
                checked["data"]["value"] == expected
            }
        })
        .await;
    }
    // Money: the twenty refunded orders get their price back less the coupon part, none
    // twice, and the office sale's at the office (never the gateway).
    eventually("the refunds owed", || async {
        let n: i64 = sqlx::query_scalar("select count(*) from refunds").fetch_one(&app.pool).await.expect("n");
        n == 20
    })
    .await;
    // The app's own refunds process sends them too: a round of ours may find one it is sending.
    eventually("the refunds sent", || async {
        command_api::processes::refunds::send_due(&state).await.expect("the sender");
        let pending: i64 = sqlx::query_scalar("select count(*) from refunds where status = 'pending'")
            .fetch_one(&app.pool)
            .await
            .expect("pending");
        pending == 0
    })
    .await;
    let owed: Vec<(Uuid, i64, String)> =
        sqlx::query_as("select order_id, amount, status from refunds").fetch_all(&app.pool).await.expect("refunds");
    for (i, id) in orders.iter().enumerate().skip(10) {
        let expected = if WITH_COUPON.contains(&i) { 1300 } else { 1800 };
        let status = if i == ORDERS - 1 { "at_office" } else { "sent" };
        let row = owed.iter().find(|(o, _, _)| o == id).expect("a refund of each refunded order");
        assert_eq!((row.1, row.2.as_str()), (expected, status), "order {i}");
    }
    // Invoices: a free move leaves the invoice; a refund corrects it by the whole price.
    for i in WITH_INVOICE {
        let o = orders[i];
        let corrections = if i < 10 { 0 } else { 1 };
        eventually("the invoice and its corrections", || async {
            paid(&app, o).await.invoice.is_some_and(|inv| inv.corrections.len() == corrections)
        })
        .await;
        let invoice = paid(&app, o).await.invoice.expect("invoiced");
        assert_eq!(invoice.current_total(), if i < 10 { 1800 } else { 0 }, "order {i}");
    }

    // The admin's view adds up, as the read tables do, once they have followed every choice
    // (the automatic refunds answered nobody who waited for them).
    let path = format!("/api/course/course/disruption?course_id={cancelled}");
    let read = || async {
        body(app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("view")).await
    };
    eventually("the view to show every choice", || async {
        let (_, view) = read().await;
        view["data"]["passengers"].as_array().is_some_and(|p| p.iter().all(|p| !p["chosen_by"].is_null()))
    })
    .await;
    let (status, view) = read().await;
    assert_eq!(status, 200, "{view}");
    let states: Vec<&str> =
        view["data"]["passengers"].as_array().expect("passengers").iter().filter_map(|p| p["state"].as_str()).collect();
    assert_eq!(states.iter().filter(|s| **s == "moved").count(), 10, "{view}");
    assert_eq!(states.iter().filter(|s| **s == "refunded").count(), 20, "{view}");
    let automatic =
        view["data"]["passengers"].as_array().expect("p").iter().filter(|p| p["chosen_by"] == "automatic").count();
    assert_eq!(automatic, 10);
    eventually("the read tables", || async {
        let (valid_other, returned): (i64, i64) = sqlx::query_as(
            "select count(*) filter (where course_id = $2 and status = 'valid'), count(*) filter (where status = 'returned') \
             from rm_tickets where order_id = any($1)",
        )
        .bind(&orders)
        .bind(other)
        .fetch_one(&app.pool)
        .await
        .expect("tickets");
        (valid_other, returned) == (10, 20)
    })
    .await;
    // The search shows the cancelled course marked and unsold, the driver sees it
    // cancelled, the other course's manifest names where its new passengers come from,
    // and the user's own tickets carry the disruption.
    let day = api_core::time::warsaw_date(departure).to_string();
    let ask = json!({ "tripMode": "one_way", "start": line.stops[0], "end": line.stops[2], "date": day });
    let (_, found) = body(app.post("/api/search/search/index", &ask, None, None).await).await;
    let marked = found["data"]["outbound"]
        .as_array()
        .expect("found")
        .iter()
        .find(|c| c["course_id"] == json!(cancelled))
        .cloned();
    let marked = marked.expect("the cancelled course stays in the results");
    assert_eq!((marked["cancelled"].clone(), marked["seats_available"].clone()), (json!(true), json!(0)));
    assert_eq!(marked["disruption_reason"], "Awaria autokaru");
    let driver = format!("/api/order/driver/courses?date={day}");
    let (_, courses) =
        body(app.client.get(app.url(&driver)).bearer_auth(&app.admin_token).send().await.expect("d")).await;
    let row = courses["data"].as_array().expect("courses").iter().find(|c| c["course_id"] == json!(cancelled)).cloned();
    assert_eq!(row.expect("listed")["cancelled"], true);
    let manifest = format!("/api/order/driver/manifest?course_id={other}");
    let (_, m) = body(app.client.get(app.url(&manifest)).bearer_auth(&app.admin_token).send().await.expect("m")).await;
    let moved = m["data"]["tickets"].as_array().expect("tickets");
    assert_eq!(moved.len(), 10, "{m}");
    assert!(moved.iter().all(|t| t["moved_from_course"]["course_id"] == json!(cancelled)), "{m}");
    let (_, mine) = body(app.post("/api/user/user/my-tickets", &json!({}), Some(&app.user_token), None).await).await;
    let refunded_own =
        mine["data"]["models"].as_array().expect("mine").iter().find(|t| t["status"] == "returned").cloned();
    let own = refunded_own.expect("a refunded ticket of the user");
    assert_eq!(
        (own["disruption"]["status"].as_str(), own["disruption"]["choice_open"].as_bool()),
        (Some("cancelled"), Some(false))
    );
    let waiting = paid(&app, orders[25]).await.tickets[0].ticket.ticket_id;
    let path = format!("/api/order/ticket/one?id={waiting}");
    let (_, ticket) = body(app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("t")).await;
    assert_eq!(ticket["data"]["disruption"]["status"], "cancelled", "{ticket}");
    assert_eq!(ticket["data"]["disruption"]["token"], json!(tokens[25]), "the link's token");
    // Each order was told exactly once, after all of it.
    for number in &numbers {
        assert_eq!(told(&app, number).len(), 1, "{number}");
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_waiting_for_payment_on_a_cancelled_course_is_cancelled_and_told(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    let line = line(&app.pool).await;
    let cancelled = course(&app, &line, tomorrow(), 10).await;
    let (status, c) = body(
        app.post("/api/order/coupon/save", &json!({ "code": "CZEKA", "value": 500 }), Some(&app.admin_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 201, "{c}");
    let mut order = booking(cancelled, &line, 0, 2, json!([{ "qty": 2 }]));
    order["coupon"] = json!({ "code": "CZEKA", "value": 500 });
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let number = paid(&app, order_id).await.display_number().to_owned();
    assert_eq!(app.loads(cancelled).await.1, vec![2, 2]);

    let cancel = json!({ "course_id": cancelled, "reason": "Zamknięta droga" });
    let (status, answer) =
        body(app.post("/api/course/course/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{answer}");
    eventually("the unpaid order cancelled", || async { paid(&app, order_id).await.status == OrderStatus::Cancelled })
        .await;
    eventually("its seats and coupon back", || async {
        let (_, checked) =
            body(app.post("/api/order/coupon/check", &json!({ "code": "CZEKA" }), None, None).await).await;
        app.loads(cancelled).await.1 == vec![0, 0] && checked["data"]["value"] == 500
    })
    .await;
    eventually("told once", || async { told(&app, &number).len() == 1 }).await;
    // The admin's view is a read of the query side: it shows the cancellation once the
    // orders' read model has followed it.
    let path = format!("/api/course/course/disruption?course_id={cancelled}");
    let read = || async {
        body(app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("view")).await.1
    };
    eventually("the view to show the order cancelled", || async {
        read().await["data"]["passengers"][0]["state"] == "order_cancelled"
    })
    .await;
    let view = read().await;
    assert_eq!(view["data"]["passengers"][0]["tickets"], 2, "{view}");
    assert_eq!(view["data"]["passengers"][0]["paid"], false, "{view}");
    // Its link says it was never paid: no tickets, no deadline, nothing to refund, no choice.
    let link = token(&told(&app, &number)[0]);
    let offer_path = format!("/api/order/disruption/one?token={link}");
    let (status, offer) = body(app.client.get(app.url(&offer_path)).send().await.expect("offer")).await;
    assert_eq!(status, 200, "{offer}");
    let o = &offer["data"];
    assert_eq!(
        (o["paid"].as_bool(), o["tickets"].as_i64(), o["refund_amount"].as_i64()),
        (Some(false), Some(0), Some(0)),
        "{offer}"
    );
    assert!(o["deadline"].is_null() && o["choice_open"] == false && o["alternatives"] == json!([]), "{offer}");
    let (status, refused) = choose(&app, &link, json!({ "choice": "refund" })).await;
    assert_eq!(status, 404, "{refused}");
}

/// The admin's view and the passenger's offer are reads of the query side: a `--role query`
/// process (no event store in its state) answers them, after a move and a refund, as the
/// whole app does, and the command side's answers to the choices say the same.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_disruption_reads_are_answered_by_the_query_side_alone(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let line = line(&app.pool).await;
    let cancelled = course(&app, &line, tomorrow(), 10).await;
    let other = course(&app, &line, tomorrow() + Duration::hours(3), 10).await;
    let mut orders = Vec::new();
    for i in [4, 5, 6] {
        orders.push(sell(&app, cancelled, &line, i).await);
    }
    let mut numbers = Vec::new();
    for o in orders.iter().copied() {
        eventually("the order paid", || async { paid(&app, o).await.status == OrderStatus::Paid }).await;
        numbers.push(paid(&app, o).await.display_number().to_owned());
    }
    // The read side has the orders (a running course's passengers are still to be told).
    let view = format!("/api/course/course/disruption?course_id={cancelled}");
    eventually("the read side to show the orders", || async {
        let ask = app.client.get(app.url(&view)).bearer_auth(&app.admin_token);
        let (_, running) = body(ask.send().await.expect("a read")).await;
        running["data"]["passengers"]
            .as_array()
            .is_some_and(|p| p.len() == 3 && p.iter().all(|p| p["state"] == "to_tell"))
    })
    .await;
    let cancel = json!({ "course_id": cancelled, "reason": "Awaria autokaru" });
    let (status, answered) =
        body(app.post("/api/course/course/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!((status, answered["data"]["status"].as_str()), (200, Some("cancelled")), "{answered}");
    assert_eq!(answered["data"]["passengers"].as_array().map(Vec::len), Some(3), "{answered}");
    for number in &numbers {
        eventually(&format!("{number} told"), || async { told(&app, number).len() == 1 }).await;
    }
    let tokens: Vec<String> = numbers.iter().map(|n| token(&told(&app, n)[0])).collect();
    let (status, moved) = choose(&app, &tokens[0], json!({ "choice": "move", "to_course_id": other })).await;
    assert_eq!((status, moved["data"]["chosen"]["to_course"]["course_id"].clone()), (200, json!(other)), "{moved}");
    let (status, refunded) = choose(&app, &tokens[1], json!({ "choice": "refund" })).await;
    assert_eq!((status, refunded["data"]["chosen"]["refund_amount"].clone()), (200, json!(1800)), "{refunded}");

    let client = reqwest::Client::new();
    let port = crate::helpers::free_port();
    let _query = super::scale_out::start(&crate::helpers::database_url(&app.pool), "query", port);
    crate::helpers::wait_ready(&client, port).await;
    let read = |base: String, path: String, token: Option<String>| {
        let client = client.clone();
        async move {
            let mut ask = client.get(format!("{base}{path}"));
            if let Some(token) = token {
                ask = ask.bearer_auth(token);
            }
            body(ask.send().await.expect("a read")).await
        }
    };
    let (whole, alone) = (app.address.clone(), format!("http://127.0.0.1:{port}"));
    let admin = Some(app.admin_token.clone());
    // The choices answered at once; the read side shows them once it has followed them.
    eventually("the query side to show both choices", || async {
        let (_, read) = read(alone.clone(), view.clone(), admin.clone()).await;
        let states: Vec<&str> =
            read["data"]["passengers"].as_array().into_iter().flatten().filter_map(|p| p["state"].as_str()).collect();
        states == ["moved", "refunded", "told"]
    })
    .await;
    let (status, by_query) = read(alone.clone(), view.clone(), admin.clone()).await;
    assert_eq!(status, 200, "{by_query}");
    assert_eq!(read(whole.clone(), view.clone(), admin).await, (200, by_query.clone()));
    assert_eq!(read(alone.clone(), view.clone(), Some(app.user_token.clone())).await.0, 403, "admins only");
    let states: Vec<&str> = by_query["data"]["passengers"]
        .as_array()
        .expect("passengers")
        .iter()
        .filter_map(|p| p["state"].as_str())
        .collect();
    assert_eq!(states, ["moved", "refunded", "told"], "{by_query}");
    let passenger = &by_query["data"]["passengers"][0];
    assert_eq!((passenger["moved_to"]["course_id"].clone(), passenger["tickets"].clone()), (json!(other), json!(1)));
    assert_eq!(by_query["data"]["passengers"][1]["refund_amount"], 1800, "{by_query}");

    for (t, chose) in tokens.iter().zip([&moved, &refunded, &Value::Null]) {
        let offer = format!("/api/order/disruption/one?token={t}");
        let (status, by_query) = read(alone.clone(), offer.clone(), None).await;
        assert_eq!(status, 200, "{by_query}");
        assert_eq!(read(whole.clone(), offer, None).await, (200, by_query.clone()));
        if !chose.is_null() {
            // The same, but for the deadline's precision (the stream keeps nanoseconds, the
            // course's row microseconds).
            let (mut read, mut answered) = (by_query.clone(), chose.clone());
            let at = |v: &mut Value| -> chrono::DateTime<chrono::Utc> {
                v["data"]["deadline"].take().as_str().and_then(|t| t.parse().ok()).expect("a deadline")
            };
            assert!((at(&mut read) - at(&mut answered)).num_milliseconds().abs() < 1);
            assert_eq!(read, answered, "the choice answered what the query side reads");
        }
    }
    let (_, open) = read(alone.clone(), format!("/api/order/disruption/one?token={}", tokens[2]), None).await;
    assert_eq!((open["data"]["choice_open"].as_bool(), open["data"]["tickets"].as_u64()), (Some(true), Some(1)));
    assert_eq!(open["data"]["alternatives"][0]["course_id"], json!(other), "{open}");
    let (status, forged) = read(alone.clone(), "/api/order/disruption/one?token=AAAA".into(), None).await;
    assert_eq!((status, forged["code"].as_str()), (404, Some("disruption.link_invalid")), "{forged}");

    // The office moves the third passenger on the phone: the answer names the new course and
    // its departure as the admin's view shows them.
    let choice = json!({ "course_id": cancelled, "order_id": orders[2], "choice": "move", "to_course_id": other });
    let (status, chose) =
        body(app.post("/api/course/course/disruption-choose", &choice, Some(&app.admin_token), None).await).await;
    assert_eq!(
        (status, chose["data"]["state"].as_str(), chose["data"]["chosen_by"].as_str()),
        (200, Some("moved"), Some("office")),
        "{chose}"
    );
    let (_, after) = read(alone, view, Some(app.admin_token.clone())).await;
    assert_eq!(after["data"]["passengers"][2], chose["data"], "{after}");
}

/// A course the driver has not marked as departed 20 minutes after its time alerts the
/// office once (a row on the home page's "needs attention" and an e-mail); the alert is
/// resolved when a delay is announced, raised again when that delay passes too, and
/// resolved for good when the driver marks the departure.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_course_that_has_not_left_alerts_the_office_once(pool: PgPool) {
    use command_api::processes::departures::watch;
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    sqlx::query("update companies set order_report_email = 'biuro@niskobus.example'")
        .execute(&app.pool)
        .await
        .expect("the office's address");
    let line = line(&app.pool).await;
    let departure = tomorrow();
    let late = course(&app, &line, departure, 10).await;
    let state = app.command_state().await;
    // The watch reads the availability read model: the course must be in it.
    eventually("the course's availability row", || async {
        let rows: i64 = sqlx::query_scalar("select count(*) from rm_course_availability where course_id = $1")
            .bind(late)
            .fetch_one(&app.pool)
            .await
            .expect("count");
        rows == 1
    })
    .await;
    let open = || async {
        let n: i64 = sqlx::query_scalar("select count(*) from departure_alerts where resolved_at is null")
            .fetch_one(&app.pool)
            .await
            .expect("count");
        n
    };
    let office = || mails(&app.data_dir).into_iter().filter(|m| m.to == "biuro@niskobus.example").count();

    assert_eq!(watch(&state, departure + Duration::minutes(19)).await.expect("a round"), 0, "not yet");
    assert_eq!(watch(&state, departure + Duration::minutes(21)).await.expect("a round"), 1);
    assert_eq!(watch(&state, departure + Duration::minutes(22)).await.expect("a round"), 0, "once");
    assert_eq!(open().await, 1);
    eventually("the office's e-mail", || async { office() == 1 }).await;

    // A delay is announced: the alert is resolved until the delay passes without a word.
    let delay = json!({ "course_id": late, "minutes": 60, "reason": "Korek" });
    let (status, _) = body(app.post("/api/course/course/delay", &delay, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200);
    eventually("the delay in the availability row", || async {
        let m: Option<i64> =
            sqlx::query_scalar("select delay_minutes from rm_course_availability where course_id = $1")
                .bind(late)
                .fetch_one(&app.pool)
                .await
                .expect("row");
        m == Some(60)
    })
    .await;
    assert_eq!(watch(&state, departure + Duration::minutes(30)).await.expect("a round"), 0);
    assert_eq!(open().await, 0, "resolved by the delay");
    assert_eq!(watch(&state, departure + Duration::minutes(81)).await.expect("a round"), 1, "the delay passed too");
    eventually("the office's second e-mail", || async { office() == 2 }).await;

    // The driver marks the departure: resolved, and nothing more.
    let (status, departed) = body(
        app.post("/api/course/course/departed", &json!({ "course_id": late }), Some(&app.admin_token), None).await,
    )
    .await;
    assert_eq!(status, 200, "{departed}");
    eventually("the departure in the availability row", || async {
        let at: Option<chrono::DateTime<chrono::Utc>> =
            sqlx::query_scalar("select departed_at from rm_course_availability where course_id = $1")
                .bind(late)
                .fetch_one(&app.pool)
                .await
                .expect("row");
        at.is_some()
    })
    .await;
    assert_eq!(watch(&state, departure + Duration::minutes(90)).await.expect("a round"), 0);
    assert_eq!(open().await, 0);
    // Marked twice: the first mark stands.
    let (status, again) = body(
        app.post("/api/course/course/departed", &json!({ "course_id": late }), Some(&app.admin_token), None).await,
    )
    .await;
    assert_eq!((status, again["data"]["departed_at"].clone()), (200, departed["data"]["departed_at"].clone()));
}
