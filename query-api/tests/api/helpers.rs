//! `spawn_app`: the query API on a random port over the test's own database (with the
//! catalogue API beside it, through which the search tests arrange their stops, routes
//! and prices), a client, and ready-made accounts (`admin`, `user`) with session tokens
//! (`test_support::TestApp`); and the courses the search tests arrange as rows.

use std::ops::Deref;

use catalogue_api::CatalogueState;
use chrono::{DateTime, Utc};
use query_api::{router, QueryState};
use sqlx::PgPool;
use uuid::Uuid;

pub use test_support::{assert_error, create_user};

/// The shared `TestApp` (address, client, pool, tokens, requests, catalogue arrangements)
/// and the courses of the search tests.
pub struct TestApp(test_support::TestApp);

impl Deref for TestApp {
    type Target = test_support::TestApp;

    fn deref(&self) -> &test_support::TestApp {
        &self.0
    }
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    let tickets = api_core::ticket_keys::load(&pool, None).await.expect("the ticket key");
    let state = QueryState::new(pool.clone(), "http://127.0.0.1:8080".into(), tickets);
    let catalogue = catalogue_api::router(CatalogueState { pool: pool.clone() });
    TestApp(test_support::TestApp::serve(pool, router(state).merge(catalogue)).await)
}

impl TestApp {
    /// A course as the command API's save leaves it (`command_api::catalogue::course`):
    /// its row, on sale, with its seat inventory marked open; its id. The stream
    /// `course-{id}` itself is not written: the query API reads only the tables (the
    /// saves are tested with the command API, in `app/tests/api/catalogue`).
    pub async fn course(&self, route: i64, departure_at: DateTime<Utc>, seats: i64) -> String {
        let id = Uuid::new_v4();
        sqlx::query(
            "insert into courses (id, route_id, departure_at, seats, inventory_opened_at) values ($1, $2, $3, $4, now())",
        )
        .bind(id)
        .bind(route)
        .bind(departure_at)
        .bind(i32::try_from(seats).unwrap())
        .execute(&self.pool)
        .await
        .unwrap();
        id.to_string()
    }

    /// Stop the sale of a course, as an admin's save of `sale_open: false` does.
    pub async fn stop_sale(&self, course: &str) {
        sqlx::query("update courses set sale_open = false, updated_at = now() where id = $1")
            .bind(Uuid::parse_str(course).unwrap())
            .execute(&self.pool)
            .await
            .unwrap();
    }
}
