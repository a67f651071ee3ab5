//! Booking through HTTP: the real application (commands, queries, projections,
//! reactions and the sandbox gateway) on its own database and port.

// Needs the process to die at a named step: only with `--features failpoints`.
mod admin_home;
mod admin_orders;
mod after_sale;
#[cfg(feature = "failpoints")]
mod batch_crash;
mod cancel_reservation;
mod capacity;
mod change_payment;
mod check_in;
mod codes;
#[cfg(feature = "failpoints")]
mod complaint_crash;
mod complaints;
mod course_load;
#[cfg(feature = "failpoints")]
mod course_save_crash;
#[cfg(feature = "failpoints")]
mod crash;
#[cfg(feature = "failpoints")]
mod crash_change;
mod daily_report;
mod disruptions;
mod finance_month;
mod guest_orders;
mod invoice_mails;
mod invoice_on_request;
mod invoices;
mod journey;
mod ksef;
mod ksef_answers;
mod ksef_as_issued;
mod ksef_batch;
mod ksef_check;
mod ksef_cli;
mod ksef_deadlines;
mod ksef_documents;
mod ksef_kept;
mod ksef_outages;
mod ksef_rate_limit;
mod ksef_technical;
mod mail_language;
mod mailbox;
mod messages;
mod nip_lookup;
mod office_day;
mod office_desk;
mod office_leftovers;
mod order_edit;
mod order_list;
mod order_parts;
mod oversell;
mod passengers;
mod pay_again;
mod personal_data;
mod personal_data_requests;
mod personal_data_restore;
mod personal_data_scan;
mod read_your_writes;
mod refunds;
mod refusals;
mod register;
mod retries;
mod scale_out;
mod sold_stays;
mod till;

use app::cli::{Cli, Command};
use app::Application;
use chrono::{DateTime, Utc};
use clap::Parser;
use command_api::aggregate::{load, InventoryAgg, OrderAgg};
use domain::seat_inventory::{decide_open, OpenInventory, SeatInventory, Stop};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

pub use crate::helpers::eventually;
use crate::helpers::{database_url, Running};

pub struct BookingApp {
    pub address: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
    /// The app's store as the app opens it: personal values sealed and opened.
    pub store: privacy::SealingStore<PgEventStore>,
    pub admin_token: String,
    pub user_token: String,
    pub user_id: Uuid,
    /// The data folder (development e-mails under `mail/`).
    pub data_dir: std::path::PathBuf,
    /// Stops the in-process app when the test ends, and drops its database
    /// ([`crate::helpers::Running`]).
    pub _running: Running,
}

pub async fn spawn(pool: PgPool) -> BookingApp {
    spawn_with(pool, &[]).await
}

/// [`spawn`] with more arguments of `coach serve` (e.g. `--ksef-every 0`).
pub async fn spawn_with(pool: PgPool, extra: &[&str]) -> BookingApp {
    let url = database_url(&pool);
    let data = std::env::temp_dir().join(format!("coach-data-{}", Uuid::new_v4()));
    let mut args = vec![
        "coach",
        "serve",
        "--port",
        "0",
        "--database-url",
        &url,
        "--data-dir",
        data.to_str().expect("utf-8"),
        "--web-dist",
        data.to_str().expect("utf-8"),
        // The link to pay at once (production waits half the reservation), as the tests expect it.
        "--payment-reminder-seconds",
        "0",
    ];
    args.extend_from_slice(extra);
    let cli = Cli::try_parse_from(args).expect("valid arguments");
    let Command::Serve(args) = &cli.command else { unreachable!("serve was parsed") };
    let app = Application::build(&cli, args).await.expect("the app builds");
    // Without PUBLIC_URL the app's public address is its own: the sandbox's pages and
    // notifications must reach it there.
    let public = format!("http://127.0.0.1:{}", app.port());
    let running = crate::helpers::run(app, &pool);
    let (admin_id, admin_token) = user(&pool, "admin@example.test", "SuperAdmin").await;
    let _ = admin_id;
    let (user_id, user_token) = user(&pool, "jan@example.test", "User").await;
    BookingApp {
        address: public,
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client"),
        store: privacy::SealingStore::over_postgres(pool.clone()),
        pool,
        admin_token,
        user_token,
        user_id,
        data_dir: data,
        _running: running,
    }
}

pub async fn user(pool: &PgPool, email: &str, role: &str) -> (Uuid, String) {
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into users (id, email, password_hash, first_name, role, active) values ($1, $2, '!', 'Jan', $3, true)",
    )
    .bind(id)
    .bind(email)
    .bind(role)
    .execute(pool)
    .await
    .expect("user");
    let token = api_core::auth::new_token();
    sqlx::query(
        "insert into auth_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, 'session', now() + interval '1 day')",
    )
    .bind(api_core::auth::hash_token(&token))
    .bind(id)
    .execute(pool)
    .await
    .expect("token");
    (id, token)
}

/// A route A → B → C (stop ids in `stops`), prices A→B 10 zł, B→C 10 zł, A→C 18 zł.
pub struct Line {
    pub route_id: i64,
    pub stops: [i64; 3],
}

pub async fn line(pool: &PgPool) -> Line {
    let mut stops = [0i64; 3];
    for (i, name) in ["Nisko", "Rzeszów", "Kraków"].iter().enumerate() {
        stops[i] = sqlx::query_scalar("insert into waypoints (name, town) values ($1, $1) returning id")
            .bind(name)
            .fetch_one(pool)
            .await
            .expect("waypoint");
    }
    // Route names are unique (issue 29): a test that builds the line twice gets a second name.
    let routes: i64 = sqlx::query_scalar("select count(*) from routes").fetch_one(pool).await.expect("routes");
    let name = if routes == 0 { "Nisko – Kraków".to_string() } else { format!("Nisko – Kraków {}", routes + 1) };
    route(pool, &name, stops).await
}

/// A route named `name` over three existing stops, 90 minutes apart, priced as [`line`].
pub async fn route(pool: &PgPool, name: &str, stops: [i64; 3]) -> Line {
    let route_id: i64 = sqlx::query_scalar("insert into routes (name) values ($1) returning id")
        .bind(name)
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
        .bind(i as i32 * 90)
        .execute(pool)
        .await
        .expect("route waypoint");
    }
    for (from, to, price) in [(0, 1, 1000i64), (1, 2, 1000), (0, 2, 1800)] {
        sqlx::query(
            "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) values ($1, $2, $3, $4)",
        )
        .bind(route_id)
        .bind(stops[from])
        .bind(stops[to])
        .bind(price)
        .execute(pool)
        .await
        .expect("price");
    }
    Line { route_id, stops }
}

/// A course of `line` leaving at `departure` with `seats` seats, its inventory opened.
pub async fn course(app: &BookingApp, line: &Line, departure: DateTime<Utc>, seats: u32) -> Uuid {
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into courses (id, route_id, departure_at, seats, inventory_opened_at) values ($1, $2, $3, $4, now())",
    )
    .bind(id)
    .bind(line.route_id)
    .bind(departure)
    .bind(seats as i32)
    .execute(&app.pool)
    .await
    .expect("course");
    let cmd = OpenInventory {
        course_id: id,
        route_id: line.route_id,
        departure_at: departure,
        seats,
        stops: line
            .stops
            .iter()
            .enumerate()
            .map(|(i, s)| Stop { waypoint_id: *s, minutes_from_start: i as u32 * 90 })
            .collect(),
    };
    let events = decide_open(&cmd, &SeatInventory::Unopened).expect("open");
    let new: Vec<NewEvent> = events
        .iter()
        .map(|e| NewEvent::json(Uuid::new_v4(), e.event_type(), e, Metadata::default()).expect("event"))
        .collect();
    let stream = StreamName::parse(domain::seat_inventory::stream_name(id)).expect("stream");
    app.store.append(&stream, ExpectedVersion::NoStream, new).await.expect("append");
    id
}

/// The carrier's company row (the invoices' seller), as the demo seeds it.
pub async fn company(pool: &PgPool) {
    sqlx::query(
        "insert into companies (name, invoice_prefix, tax_id, address, postal_code, city, country) \
         values ('Nisko Bus sp. z o.o.', 'NB', '8652556348', 'ul. Kolejowa 12', '37-400', 'Nisko', 'PL')",
    )
    .execute(pool)
    .await
    .expect("company");
}

pub fn tomorrow() -> DateTime<Utc> {
    Utc::now() + chrono::Duration::days(1)
}

/// A complete booking state for `qty` passengers from stop `from` to `to` of the line.
pub fn booking(course: Uuid, line: &Line, from: usize, to: usize, tickets: Value) -> Value {
    json!({
        "course": { "course_id": course, "from": { "id": line.stops[from] }, "to": { "id": line.stops[to] } },
        "courseReturn": {},
        "tickets": tickets,
        "customer": {
            "first_name": "Jan", "last_name": "Kowalski", "email": "jan.kowalski@example.test",
            "phone": "+48 600 100 200", "consent_statute": 1, "consent_gdpr": 1, "notify_by_sms": 0, "id": null
        },
        "invoice": { "is_selected": 0, "country": "PL" },
        "coupon": { "code": null, "value": 0 }
    })
}

impl BookingApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn post(&self, path: &str, body: &Value, token: Option<&str>, key: Option<&str>) -> reqwest::Response {
        let mut request = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        request.send().await.expect("request")
    }

    pub async fn place(&self, body: &Value) -> reqwest::Response {
        self.post("/api/order/order/place", body, None, None).await
    }

    /// The loads of a course's segments, from its stream.
    pub async fn loads(&self, course: Uuid) -> (u32, Vec<u32>) {
        let stream = StreamName::parse(domain::seat_inventory::stream_name(course)).expect("stream");
        match load::<InventoryAgg>(&self.store, &stream).await.expect("load").state {
            SeatInventory::Opened(inv) => (inv.seats, inv.segment_loads.clone()),
            SeatInventory::Unopened => panic!("no inventory"),
        }
    }

    pub async fn order(&self, order_id: Uuid) -> domain::order::Order {
        let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
        load::<OrderAgg>(&self.store, &stream).await.expect("load").state
    }

    /// The command side over the app's database and data folder (to run a process by hand,
    /// at a time of the test's choosing, or to replay the reactions).
    pub async fn command_state(&self) -> command_api::CommandState {
        command_api::CommandState::new(
            std::sync::Arc::new(privacy::SealingStore::over_postgres(self.pool.clone())),
            self.pool.clone(),
            std::sync::Arc::new(
                payment::Sandbox::new(self.pool.clone(), payment::SandboxConfig::default()).expect("sandbox"),
            ),
            std::sync::Arc::new(api_core::mail::FileMailer::new(self.data_dir.join("mail"), "test@example.test")),
            std::sync::Arc::new(api_core::sms::FileSms::new(self.data_dir.join("sms"))),
            self.address.clone(),
            format!("{}/payment/sandbox/", self.address),
            api_core::ticket_keys::load(&self.pool, None).await.expect("the ticket key"),
        )
    }

    /// Pay an order in the sandbox: the page, then its "pay" button.
    pub async fn pay(&self, payment_url: &str) -> reqwest::Response {
        let token = payment_url.rsplit('/').next().expect("a token");
        let page = self.client.get(payment_url).send().await.expect("page");
        assert_eq!(page.status(), 200, "the sandbox page");
        self.client.post(self.url(&format!("/api/payment/sandbox/{token}/pay"))).send().await.expect("pay")
    }
}

/// The seats taken per stretch of `course` in the availability read model
/// (`rm_course_availability`, the search's), `None` before the projection has the course.
pub async fn availability_loads(pool: &PgPool, course: Uuid) -> Option<Vec<u32>> {
    let row: Option<Vec<i32>> =
        sqlx::query_scalar("select segment_loads from rm_course_availability where course_id = $1")
            .bind(course)
            .fetch_optional(pool)
            .await
            .expect("the course's availability");
    row.map(|loads| loads.into_iter().map(|l| l as u32).collect())
}

pub async fn body(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}
