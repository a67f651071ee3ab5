//! What the API crates' integration tests share (`accounts-api`, `catalogue-api`,
//! `query-api` and the `app`'s catalogue tests), kept here once instead of as copies in
//! each crate's `tests/api/helpers.rs`. A dev-dependency only.
//!
//! - [`TestApp::serve`]: an API router, nested under `/api`, on a random port of
//!   127.0.0.1 over the test's own database (a `#[sqlx::test]` pool), with a client and
//!   two ready-made accounts with session tokens: `admin` (a `SuperAdmin`) and `user`.
//! - [`TestApp::get`], [`post`](TestApp::post), [`put`](TestApp::put),
//!   [`delete`](TestApp::delete): a request to `/api{path}`, with a bearer token if given.
//! - [`create_user`]: another active account with a session token.
//! - [`assert_error`], [`data`], [`invalid_fields`]: reading the API's answers.
//! - [`catalogue`]: the catalogue arrangements (stops, routes, stops of a route, prices,
//!   timetables, the Nisko–Rzeszów–Kraków network) made through the API, Warsaw dates,
//!   and the admin-only check of writes.
//!
//! What differs between the crates stays in each crate's `tests/api/helpers.rs`: which
//! router (and state) its `spawn_app` serves, and what only its tests need. A crate that
//! needs more than this `TestApp` (the accounts API's e-mail folder, a crate's own way of
//! making a course) wraps it in its own `TestApp` that derefs to this one, so the tests
//! call `app.post(…)`, `app.admin_token` and the crate's own helpers alike:
//!
//! ```ignore
//! pub async fn spawn_app(pool: PgPool) -> TestApp {
//!     TestApp::serve(pool.clone(), router(CatalogueState { pool })).await
//! }
//! ```

pub mod catalogue;
pub mod fa3;
pub mod jpk;

use api_core::auth::{hash_token, new_token, Role};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// An API served on a random port, its database and two accounts' session tokens.
pub struct TestApp {
    /// `http://127.0.0.1:{port}`.
    pub address: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
    /// A `SuperAdmin`'s session token.
    pub admin_token: String,
    /// A plain `User`'s session token.
    pub user_token: String,
    pub user_id: Uuid,
}

impl TestApp {
    /// Serves `api` under `/api` on a random port of 127.0.0.1 (with the peer's address,
    /// as `coach` serves it, for the rate limits), and creates the accounts
    /// `admin@example.test` (`SuperAdmin`) and `user@example.test` (`User`) in `pool`.
    pub async fn serve(pool: PgPool, api: axum::Router) -> TestApp {
        let app = axum::Router::new().nest("/api", api);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(async move {
            axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).await
        });
        let (_, admin_token) = create_user(&pool, "admin@example.test", "Ada", Role::SuperAdmin).await;
        let (user_id, user_token) = create_user(&pool, "user@example.test", "Jan", Role::User).await;
        TestApp { address, client: reqwest::Client::new(), pool, admin_token, user_token, user_id }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}/api{path}", self.address)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        send(self.client.get(self.url(path)), token).await
    }

    pub async fn post(&self, path: &str, body: &Value, token: Option<&str>) -> reqwest::Response {
        send(self.client.post(self.url(path)).json(body), token).await
    }

    pub async fn put(&self, path: &str, body: &Value, token: Option<&str>) -> reqwest::Response {
        send(self.client.put(self.url(path)).json(body), token).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        send(self.client.delete(self.url(path)), token).await
    }
}

async fn send(mut request: reqwest::RequestBuilder, token: Option<&str>) -> reqwest::Response {
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

/// An active user with a session token (the password hash is a placeholder that no
/// password matches: these users log in by token only); the user's id and the token.
pub async fn create_user(pool: &PgPool, email: &str, first_name: &str, role: Role) -> (Uuid, String) {
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into users (id, email, password_hash, first_name, role, active) values ($1, $2, '!', $3, $4, true)",
    )
    .bind(id)
    .bind(email)
    .bind(first_name)
    .bind(role.as_str())
    .execute(pool)
    .await
    .expect("insert user");
    let token = new_token();
    sqlx::query("insert into auth_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, 'session', now() + interval '1 day')")
        .bind(hash_token(&token))
        .bind(id)
        .execute(pool)
        .await
        .expect("insert token");
    (id, token)
}

/// Assert the API's error body and status.
pub async fn assert_error(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status().as_u16(), status, "status");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["status"], status, "{body}");
    assert!(body["name"].is_string() && body["message"].is_string(), "{body}");
    body
}

/// The `data` of a `200` answer.
pub async fn data(response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("a JSON body");
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// The fields named in a `422` answer, in order.
pub async fn invalid_fields(response: reqwest::Response) -> Vec<String> {
    let body = assert_error(response, 422).await;
    body["errors"].as_array().expect("errors").iter().map(|e| e["field"].as_str().unwrap_or("").to_string()).collect()
}
