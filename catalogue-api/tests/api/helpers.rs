//! `spawn_app`: the catalogue API (catalogue and content CRUD, course reads) on a random
//! port over the test's own database, a client, and ready-made accounts (`admin`, `user`)
//! with session tokens (`test_support::TestApp`).

use catalogue_api::{router, CatalogueState};
use sqlx::PgPool;

pub use test_support::{assert_error, TestApp};

pub async fn spawn_app(pool: PgPool) -> TestApp {
    TestApp::serve(pool.clone(), router(CatalogueState { pool })).await
}
