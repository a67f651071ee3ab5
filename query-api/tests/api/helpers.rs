//! `spawn_app`: the query API on a random port over the test's own database (with the
//! catalogue API beside it, through which the search tests arrange their stops, routes
//! and prices), a client, and ready-made accounts (`admin`, `user`) with session tokens.

#![allow(dead_code)]

use api_core::auth::{hash_token, new_token, Role};
use catalogue_api::CatalogueState;
use query_api::{router, QueryState};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
    /// A `SuperAdmin`'s session token.
    pub admin_token: String,
    /// A plain `User`'s session token.
    pub user_token: String,
    pub user_id: Uuid,
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    let state = QueryState { pool: pool.clone(), public_url: "http://127.0.0.1:8080".into() };
    let catalogue = catalogue_api::router(CatalogueState { pool: pool.clone() });
    let app = axum::Router::new().nest("/api", router(state).merge(catalogue));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).await
    });
    let (_, admin_token) = create_user(&pool, "admin@example.test", "Ada", Role::SuperAdmin).await;
    let (user_id, user_token) = create_user(&pool, "user@example.test", "Jan", Role::User).await;
    TestApp { address, client: reqwest::Client::new(), pool, admin_token, user_token, user_id }
}

/// An active user with a session token (the password hash is a placeholder that no
/// password matches: these users log in by token only).
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

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}/api{path}", self.address)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    pub async fn post(&self, path: &str, body: &Value, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    pub async fn put(&self, path: &str, body: &Value, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.put(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.delete(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }
}

/// Assert the API's error body and status.
pub async fn assert_error(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status().as_u16(), status, "status");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["status"], status, "{body}");
    assert!(body["name"].is_string() && body["message"].is_string(), "{body}");
    body
}
