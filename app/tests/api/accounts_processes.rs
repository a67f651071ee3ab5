//! Sessions and the login limit hold across processes: two `--role query` nodes (the
//! accounts API) on one database, the demo account of `coach seed`.

use std::process::Stdio;

use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::process::Child;

use crate::helpers::{database_url, free_port, wait_ready};

const EMAIL: &str = "jan.kowalski@example.com";
const PASSWORD: &str = "demo1234";

struct Node {
    address: String,
    client: reqwest::Client,
    _process: Child,
}

impl Node {
    async fn start(url: &str) -> Node {
        let port = free_port();
        let process = tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"))
            .args(["serve", "--role", "query", "--port", &port.to_string(), "--database-url", url])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the coach binary starts");
        let node =
            Node { address: format!("http://127.0.0.1:{port}"), client: reqwest::Client::new(), _process: process };
        wait_ready(&node.client, port).await;
        node
    }

    async fn login(&self, password: &str) -> (u16, Value) {
        let response = self
            .client
            .post(format!("{}/api/user/auth/login", self.address))
            .json(&json!({ "email": EMAIL, "password": password }))
            .send()
            .await
            .expect("login");
        (response.status().as_u16(), response.json().await.expect("JSON"))
    }

    async fn me(&self, token: &str) -> u16 {
        let response = self
            .client
            .get(format!("{}/api/user/auth/get", self.address))
            .bearer_auth(token)
            .send()
            .await
            .expect("get");
        response.status().as_u16()
    }

    async fn logout(&self, token: &str) -> u16 {
        let response = self
            .client
            .post(format!("{}/api/user/auth/logout", self.address))
            .bearer_auth(token)
            .json(&json!({}))
            .send()
            .await
            .expect("logout");
        response.status().as_u16()
    }
}

async fn seeded(pool: &PgPool) -> String {
    let url = database_url(pool);
    let status = tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"))
        .args(["seed", "--database-url", &url])
        .stdout(Stdio::null())
        .status()
        .await
        .expect("coach seed runs");
    assert!(status.success(), "coach seed");
    url
}

fn token(body: &Value) -> String {
    body["data"]["token"].as_str().unwrap_or_else(|| panic!("a token in {body}")).to_string()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_session_ends_in_every_process_at_logout_and_at_expiry(pool: PgPool) {
    let url = seeded(&pool).await;
    let (a, b) = (Node::start(&url).await, Node::start(&url).await);

    let (status, body) = a.login(PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let session = token(&body);
    assert_eq!((a.me(&session).await, b.me(&session).await), (200, 200));
    assert_eq!(b.logout(&session).await, 200);
    assert_eq!((a.me(&session).await, b.me(&session).await), (401, 401), "logged out on b: refused on both");

    let (_, body) = b.login(PASSWORD).await;
    let session = token(&body);
    assert_eq!(a.me(&session).await, 200);
    sqlx::query("update auth_tokens set expires_at = now() - interval '1 second' where token_hash = $1")
        .bind(api_core::auth::hash_token(&session))
        .execute(&pool)
        .await
        .expect("expire the session");
    assert_eq!((a.me(&session).await, b.me(&session).await), (401, 401), "expired: refused on both");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_login_limit_counts_failures_on_every_process(pool: PgPool) {
    let url = seeded(&pool).await;
    let (a, b) = (Node::start(&url).await, Node::start(&url).await);

    // Five failures, three on one node and two on the other: the limit per e-mail.
    for node in [&a, &b, &a, &b, &a] {
        assert_eq!(node.login("wrong password").await.0, 422);
    }
    let (status, body) = b.login(PASSWORD).await;
    assert_eq!(status, 429, "the right password is refused on the other node too: {body}");
    let (status, _) = a.login(PASSWORD).await;
    assert_eq!(status, 429);
}
