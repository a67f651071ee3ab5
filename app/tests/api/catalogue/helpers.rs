//! `spawn_app`: the `/api` routes of the command and query APIs as the application
//! mounts them (`app::startup::api_routes`), on a random port over the test's own
//! database and an event store of the test's choice; a client, and ready-made accounts
//! (`admin`, `user`) with session tokens (`test_support::TestApp`). Of the projections
//! only `course_seats` runs (the row's seats follow the course's stream, and a save
//! waits for it), on a pool of its own, reading the events through PostgreSQL whatever
//! store the API writes through.

use std::ops::Deref;
use std::sync::Arc;

use api_core::mail::{FileMailer, Mailer};
use api_core::sms::FileSms;
use app::startup::api_routes;
use app::startup::ReadSide;
use chrono::{DateTime, Utc};
use command_api::CommandState;
use domain::seat_inventory::{opened_event_id, stream_name, SeatInventoryEvent, Stop};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::course_seats::CourseSeatsProjection;
use projections::{Runner, RunnerConfig};
use serde_json::json;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use test_support::catalogue::{in_days, warsaw, Network};
use uuid::Uuid;

use crate::helpers::Running;

pub use test_support::assert_error;

/// The shared `TestApp` (address, client, pool, tokens, requests, catalogue arrangements)
/// and the courses saved through the command API; the `course_seats` projection runs
/// until it is dropped.
pub struct TestApp {
    app: test_support::TestApp,
    _seats: Running,
}

impl Deref for TestApp {
    type Target = test_support::TestApp;

    fn deref(&self) -> &test_support::TestApp {
        &self.app
    }
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    let store = Arc::new(PgEventStore::new(pool.clone()));
    spawn_over(pool, store).await
}

/// The app over `store`.
pub async fn spawn_over(pool: PgPool, store: Arc<dyn EventStore>) -> TestApp {
    let data_dir = std::env::temp_dir().join(format!("coach-test-data-{}", Uuid::new_v4()));
    let public_url = "http://127.0.0.1:8080".to_string();
    let mailer: Arc<dyn Mailer> = Arc::new(FileMailer::new(data_dir.join("mail"), "Nisko Bus <no-reply@example.com>"));
    let config = payment::SandboxConfig { public_url: public_url.clone(), ..payment::SandboxConfig::default() };
    let gateway = Arc::new(payment::Sandbox::new(pool.clone(), config).expect("the sandbox gateway"));
    let commands = CommandState::new(
        store,
        pool.clone(),
        gateway,
        mailer.clone(),
        Arc::new(FileSms::new(data_dir.join("sms"))),
        public_url.clone(),
        format!("{public_url}/payment/sandbox/"),
        api_core::ticket_keys::load(&pool, None).await.expect("the ticket key"),
    );
    let seats = follow_the_seats(&pool).await;
    let tickets = commands.tickets.clone();
    let queries = ReadSide {
        pool: pool.clone(),
        mailer,
        public_url,
        tickets,
        ksef_env: ksef::Environment::Sandbox,
        ksef_offline: None,
    };
    let app = test_support::TestApp::serve(pool, api_routes(Some(commands), Some(queries))).await;
    TestApp { app, _seats: seats }
}

/// Run the `course_seats` projection until the test ends.
async fn follow_the_seats(pool: &PgPool) -> Running {
    let options = pool.connect_options().as_ref().clone();
    let own = PgPoolOptions::new().max_connections(4).connect_with(options).await.expect("the projector's pool");
    let store: Arc<dyn EventStore> = Arc::new(PgEventStore::new(own.clone()));
    let runner = Runner::new(store, own, RunnerConfig::default());
    let running = Running::over(pool);
    let stop = running.stop();
    tokio::spawn(async move {
        runner.run(vec![Arc::new(CourseSeatsProjection)], stop).await;
    });
    running
}

impl TestApp {
    /// A course by hand, saved through the command API as the admin; its id.
    pub async fn course(&self, route: i64, departure_at: DateTime<Utc>, seats: i64) -> String {
        let body = json!({"route_id": route, "departure_at": departure_at.to_rfc3339(), "seats": seats});
        self.create("/course/course", body).await["id"].as_str().unwrap().to_string()
    }

    /// A course on `net`'s north route whose row was written but never marked opened,
    /// with its stream opened by another write (as the catalogue's own append, event id
    /// `opened_event_id`, leaves it when the process dies before marking the row): 30 seats.
    pub async fn opened_behind_the_rows_back(&self, net: &Network) -> Uuid {
        let (id, departure_at) = (Uuid::new_v4(), warsaw(in_days(1), 8, 0));
        sqlx::query("insert into courses (id, route_id, departure_at, seats) values ($1, $2, $3, 30)")
            .bind(id)
            .bind(net.north)
            .bind(departure_at)
            .execute(&self.pool)
            .await
            .unwrap();
        let stops = [(net.nisko, 0), (net.rzeszow, 75), (net.krakow, 190)]
            .map(|(waypoint_id, minutes_from_start)| Stop { waypoint_id, minutes_from_start });
        let opened = SeatInventoryEvent::InventoryOpened {
            course_id: id,
            route_id: net.north,
            departure_at,
            seats: 30,
            stops: stops.to_vec(),
        };
        let event = NewEvent::json(opened_event_id(id), opened.event_type(), &opened, Metadata::default()).unwrap();
        let stream = StreamName::parse(stream_name(id)).unwrap();
        PgEventStore::new(self.pool.clone()).append(&stream, ExpectedVersion::NoStream, vec![event]).await.unwrap();
        id
    }

    pub async fn count(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sql).fetch_one(&self.pool).await.unwrap()
    }
}
