//! The sandbox gateway as the shop and the customer meet it: its pages and buttons over
//! HTTP on a random port, its notifications received by a stand-in shop, each test on
//! a fresh database.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use payment::{
    sandbox_router, Language, Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction,
    Registration, Sandbox, SandboxConfig, SandboxStatus,
};
use sqlx::PgPool;

/// A stand-in for the shop's notification endpoint.
#[derive(Clone, Default)]
struct Shop {
    received: Arc<Mutex<Vec<Notification>>>,
    /// How many of the next notifications to answer with `500`.
    refuse_next: Arc<AtomicUsize>,
}

impl Shop {
    fn received(&self) -> Vec<Notification> {
        self.received.lock().expect("shop state").clone()
    }
}

async fn notify(State(shop): State<Shop>, Json(n): Json<Notification>) -> StatusCode {
    if shop.refuse_next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| left.checked_sub(1)).is_ok() {
        return StatusCode::INTERNAL_SERVER_ERROR;
    }
    shop.received.lock().expect("shop state").push(n);
    StatusCode::OK
}

struct TestApp {
    sandbox: Arc<Sandbox>,
    address: String,
    /// Does not follow redirects, so tests see the `303`s.
    client: reqwest::Client,
    shop: Shop,
    notify_url: String,
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

async fn spawn_app(pool: PgPool) -> TestApp {
    let shop = Shop::default();
    let shop_address =
        serve(Router::new().route("/api/payment/notify/sandbox", post(notify)).with_state(shop.clone())).await;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    let config = SandboxConfig { public_url: address.clone(), ..SandboxConfig::default() };
    let sandbox = Arc::new(Sandbox::new(pool, config).expect("sandbox"));
    let app = sandbox_router(sandbox.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    TestApp { sandbox, address, client, shop, notify_url: format!("{shop_address}/api/payment/notify/sandbox") }
}

impl TestApp {
    fn transaction(&self, language: Language) -> RegisterTransaction {
        RegisterTransaction {
            session_id: "ord-42".into(),
            amount: 3900,
            currency: "PLN".into(),
            description: "Nisko → Rzeszów, 2 bilety".into(),
            email: "jan@example.test".into(),
            url_return: "http://shop.example/order/after-payment?hash_id=abc".into(),
            url_status: self.notify_url.clone(),
            language,
        }
    }

    async fn register(&self, req: RegisterTransaction) -> Registration {
        self.sandbox.register(req).await.expect("registered")
    }

    async fn page(&self, token: &str) -> (StatusCode, String) {
        let response =
            self.client.get(format!("{}/payment/sandbox/{token}", self.address)).send().await.expect("page request");
        let status = response.status();
        (status, response.text().await.expect("page body"))
    }

    /// Presses a button (`pay` or `fail`): the status and the `Location` if any.
    async fn press(&self, token: &str, button: &str) -> (StatusCode, Option<String>) {
        let response = self
            .client
            .post(format!("{}/api/payment/sandbox/{token}/{button}", self.address))
            .send()
            .await
            .expect("button request");
        let location = response.headers().get("location").and_then(|v| v.to_str().ok()).map(String::from);
        (response.status(), location)
    }

    async fn status(&self, token: &str) -> SandboxStatus {
        self.sandbox.transaction(token).await.expect("query").expect("a transaction").status
    }
}

mod pages;
mod paying;
mod refunds;
