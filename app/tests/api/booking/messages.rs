//! Messages that are never lost nor doubled (issue 39), with real processes and the SMSAPI
//! stand-in: a delayed course is then cancelled from its third stop; every passenger the
//! change touches is told once per change, in their language, by e-mail and (when they
//! chose it) by SMS through the gateway; the process is killed (SIGKILL) between the
//! decision and the sending, and after the restart each message goes exactly once; a
//! gateway failure on one text is retried and the text delivered (its delivery report).

use std::path::Path;

use chrono::{DateTime, Duration, Utc};
use domain::seat_inventory::{decide_open, OpenInventory, SeatInventory, Stop};
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use outbox::stand_in::StandIn;
use serde_json::json;

use super::mailbox::{mails_to, Mail};
use super::*;
use crate::helpers::{free_port, wait_ready};

const TOKEN: &str = "stand-in-token";

/// `coach serve` on `port`, its texts through the stand-in at `smsapi`, its mail under
/// `data`, dying at `failpoint`; the outbox's lease and retries shortened.
fn start(url: &str, port: u16, smsapi: &str, data: &Path, failpoint: Option<&str>) -> tokio::process::Child {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"));
    command
        .args(["serve", "--port", &port.to_string(), "--public-url", &format!("http://127.0.0.1:{port}")])
        .args(["--database-url", url, "--ksef-env", "off", "--payment-reminder-seconds", "3600"])
        .env("DATA_DIR", data)
        .env("SMS_PROVIDER", "smsapi")
        .env("SMSAPI_URL", smsapi)
        .env("SMSAPI_TOKEN", TOKEN)
        .env("SMSAPI_CALLBACK_KEY", "report-key")
        .env("OUTBOX_LEASE_MS", "300")
        .env("OUTBOX_RETRY_BASE_MS", "200")
        .env("PLACEMENT_STALE_SECONDS", "1")
        .env("LOG_FORMAT", "json")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    if let Some(f) = failpoint {
        command.env("COACH_FAILPOINT", f);
    }
    command.spawn().expect("coach starts")
}

/// A route A → B → C → D, an hour between stops, and a course on it.
async fn four_stop_course(app: &BookingApp, departure: DateTime<Utc>) -> (Uuid, [i64; 4]) {
    let pool = &app.pool;
    let mut stops = [0i64; 4];
    for (i, name) in ["Nisko", "Rzeszów", "Tarnów", "Kraków"].iter().enumerate() {
        stops[i] = sqlx::query_scalar("insert into waypoints (name, town) values ($1, $1) returning id")
            .bind(name)
            .fetch_one(pool)
            .await
            .expect("waypoint");
    }
    let route_id: i64 =
        sqlx::query_scalar("insert into routes (name, distance_km) values ('Nisko – Kraków', 260) returning id")
            .fetch_one(pool)
            .await
            .expect("route");
    for (i, stop) in stops.iter().enumerate() {
        sqlx::query(
            "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) values ($1, $2, $3, $4)",
        )
        .bind(route_id)
        .bind(stop)
        .bind(i as i32)
        .bind(i as i32 * 60)
        .execute(pool)
        .await
        .expect("route waypoint");
    }
    for from in 0..4 {
        for to in from + 1..4 {
            sqlx::query(
                "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) values ($1, $2, $3, $4)",
            )
            .bind(route_id)
            .bind(stops[from])
            .bind(stops[to])
            .bind(1000 * (to - from) as i64)
            .execute(pool)
            .await
            .expect("price");
        }
    }
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into courses (id, route_id, departure_at, seats, inventory_opened_at) values ($1, $2, $3, 20, now())",
    )
    .bind(id)
    .bind(route_id)
    .bind(departure)
    .execute(pool)
    .await
    .expect("course");
    let cmd = OpenInventory {
        course_id: id,
        route_id,
        departure_at: departure,
        seats: 20,
        stops: stops
            .iter()
            .enumerate()
            .map(|(i, s)| Stop { waypoint_id: *s, minutes_from_start: i as u32 * 60 })
            .collect(),
    };
    let events = decide_open(&cmd, &SeatInventory::Unopened).expect("open");
    let new: Vec<NewEvent> = events
        .iter()
        .map(|e| NewEvent::json(Uuid::new_v4(), e.event_type(), e, Metadata::default()).expect("event"))
        .collect();
    let stream = StreamName::parse(domain::seat_inventory::stream_name(id)).expect("stream");
    app.store.append(&stream, ExpectedVersion::NoStream, new).await.expect("append");
    (id, stops)
}

/// A passenger of the test.
struct Passenger {
    email: &'static str,
    phone: &'static str,
    texts: bool,
    english: bool,
    /// Stop index they leave at.
    to: usize,
}

const PASSENGERS: [Passenger; 4] = [
    Passenger { email: "ala@example.test", phone: "+48 600 100 201", texts: true, english: false, to: 3 },
    Passenger { email: "bob@example.test", phone: "+48 600 100 202", texts: false, english: true, to: 3 },
    Passenger { email: "celina@example.test", phone: "+48 600 100 203", texts: true, english: false, to: 2 },
    Passenger { email: "dawid@example.test", phone: "+48 600 100 204", texts: true, english: false, to: 3 },
];

async fn sell(app: &BookingApp, course: Uuid, stops: &[i64; 4], p: &Passenger) -> Uuid {
    let order = json!({
        "course": { "course_id": course, "from": { "id": stops[0] }, "to": { "id": stops[p.to] } },
        "courseReturn": {},
        "tickets": [{ "qty": 1 }],
        "customer": { "first_name": "Jan", "last_name": "Kowalski", "email": p.email, "phone": p.phone,
            "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": if p.texts { 1 } else { 0 }, "id": null },
        "invoice": { "is_selected": 0, "country": "PL" },
        "coupon": { "code": null, "value": 0 }
    });
    let language = if p.english { "en-GB,en;q=0.9" } else { "pl" };
    let placed = app.client.post(app.url("/api/order/order/place")).header("Accept-Language", language).json(&order);
    let (status, placed) = body(placed.send().await.expect("place")).await;
    assert_eq!(status, 201, "{placed}");
    let paid = app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await;
    assert_eq!(paid.status(), 303);
    placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid")
}

/// The mails to `p` whose subject starts with one of `subjects`.
fn told(app: &BookingApp, p: &Passenger, subjects: [&str; 2]) -> Vec<Mail> {
    mails_to(&app.data_dir, p.email).into_iter().filter(|m| subjects.iter().any(|s| m.subject.starts_with(s))).collect()
}

/// The texts the stand-in took for `p` containing `word` (its words, not its link's
/// `/odwolany-kurs/`).
fn texts(stand_in: &StandIn, p: &Passenger, word: &str) -> usize {
    let number: String = p.phone.chars().filter(char::is_ascii_digit).collect();
    stand_in.taken().iter().filter(|t| t.to == number && t.message.contains(word)).count()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_disruption_told_through_the_smsapi_stand_in_survives_a_kill_and_a_gateway_failure(pool: PgPool) {
    let stand_in = StandIn::new(TOKEN);
    let smsapi = stand_in.serve().await.expect("the stand-in serves");
    let url = crate::helpers::database_url(&pool);
    let port = free_port();
    let data = std::env::temp_dir().join(format!("coach-messages-{}", Uuid::new_v4()));
    let (_, admin_token) = user(&pool, "admin@example.test", "SuperAdmin").await;
    let app = BookingApp {
        address: format!("http://127.0.0.1:{port}"),
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client"),
        store: privacy::SealingStore::over_postgres(pool.clone()),
        pool: pool.clone(),
        admin_token,
        user_token: String::new(),
        user_id: Uuid::nil(),
        data_dir: data.clone(),
        _running: crate::helpers::Running::elsewhere(),
    };
    let departure = tomorrow();
    let (course, stops) = four_stop_course(&app, departure).await;

    // The first process sells and tells of a delay.
    let mut first = start(&url, port, &smsapi, &data, None);
    wait_ready(&app.client, port).await;
    let mut orders = Vec::new();
    for p in &PASSENGERS {
        orders.push(sell(&app, course, &stops, p).await);
    }
    let delay = json!({ "course_id": course, "expected_departure_at": (departure + Duration::minutes(40)).to_rfc3339(),
        "reason": "Korek na A4" });
    let (status, answer) = body(app.post("/api/course/course/delay", &delay, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{answer}");
    eventually("everyone told of the delay, once, in their language", || async {
        PASSENGERS.iter().all(|p| told(&app, p, ["Kurs opóźniony", "Trip delayed"]).len() == 1)
            && PASSENGERS.iter().filter(|p| p.texts).all(|p| texts(&stand_in, p, "opozniony o") == 1)
    })
    .await;
    assert!(told(&app, &PASSENGERS[1], ["Trip delayed", "Trip delayed"])[0].text.starts_with("Hello Jan,"));
    first.kill().await.expect("killed");

    // The second process dies (SIGKILL) right after queuing the cancellation's first message.
    stand_in.fail_next(PASSENGERS[0].phone, 1);
    let mut doomed = start(&url, port, &smsapi, &data, Some("outbox-before-send"));
    wait_ready(&app.client, port).await;
    let cancel = json!({ "course_id": course, "reason": "Awaria autokaru", "from_waypoint_id": stops[2] });
    let _ =
        app.client.post(app.url("/api/course/course/cancel")).bearer_auth(&app.admin_token).json(&cancel).send().await;
    let status = doomed.wait().await.expect("exit status");
    assert!(!status.success(), "killed at the failpoint");
    let queued: i64 =
        sqlx::query_scalar("select count(*) from outbox where kind like 'disruption/%' and state = 'queued'")
            .fetch_one(&pool)
            .await
            .expect("count");
    assert!(queued >= 1, "decided and queued, not sent");

    // The third process finishes: each touched passenger told once, the untouched none.
    let mut last = start(&url, port, &smsapi, &data, None);
    wait_ready(&app.client, port).await;
    let cancelled = ["Kurs odwołany", "Trip cancelled"];
    eventually("the cancellation told to those beyond the third stop", || async {
        [0, 1, 3].iter().all(|i| told(&app, &PASSENGERS[*i], cancelled).len() == 1)
            && [0, 3].iter().all(|i| texts(&stand_in, &PASSENGERS[*i], " odwolany.") == 1)
    })
    .await;
    let mail = &told(&app, &PASSENGERS[0], cancelled)[0];
    assert!(mail.text.contains("od przystanku Tarnów"), "{}", mail.text);
    assert!(told(&app, &PASSENGERS[1], cancelled)[0].subject.starts_with("Trip cancelled"), "in English");
    // The text that failed at the gateway was retried and delivered (its report came back).
    let p1 = orders[0];
    eventually("the retried text delivered", || async {
        let row: Option<(String, i32)> = sqlx::query_as(
            "select state, attempts from outbox where order_id = $1 and channel = 'sms' and kind like 'disruption/%' \
             order by created_at desc limit 1",
        )
        .bind(p1)
        .fetch_optional(&pool)
        .await
        .expect("row");
        row.is_some_and(|(state, attempts)| state == "delivered" && attempts >= 2)
    })
    .await;
    // Nothing more comes: every message of the outbox is out, once.
    eventually("the outbox empty", || async {
        let left: i64 = sqlx::query_scalar("select count(*) from outbox where state = 'queued'")
            .fetch_one(&pool)
            .await
            .expect("count");
        left == 0
    })
    .await;
    for i in [0, 1, 3] {
        assert_eq!(told(&app, &PASSENGERS[i], cancelled).len(), 1, "passenger {i}: once");
    }
    for i in [0, 3] {
        assert_eq!(texts(&stand_in, &PASSENGERS[i], " odwolany."), 1, "passenger {i}: one text");
    }
    assert!(told(&app, &PASSENGERS[2], cancelled).is_empty(), "a ticket ending at the third stop is untouched");
    assert_eq!(texts(&stand_in, &PASSENGERS[2], " odwolany."), 0);
    // The order's history says where its messages are.
    let path = format!("/api/order/order/timeline?id={p1}");
    let (status, history) =
        body(app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("history")).await;
    assert_eq!(status, 200, "{history}");
    let entries = history["data"].as_array().cloned().unwrap_or_default();
    assert!(
        entries
            .iter()
            .any(|e| e["data"]["kind"].as_str().is_some_and(|k| k.ends_with("/sms"))
                && e["data"]["state"] == "delivered"),
        "{history}"
    );
    last.kill().await.expect("stopped");
}
