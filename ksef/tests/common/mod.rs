//! The tests' KSeF: the stand-in served over real HTTP on `127.0.0.1:0` under `/v2`,
//! every exchange recorded so a test can hold both sides to `open-api.json`; a client
//! configured for it; valid FA(3) invoices from `documents::invoice_fa3`.
#![allow(dead_code)] // each test binary uses some of it

pub mod openapi;

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use chrono::Utc;
use documents::{vat_split, InvoiceDocument, InvoiceLine, Party, Payment, PaymentForm};
use ksef::client::Options;
use ksef::sandbox::StandIn;
use ksef::{Client, Config, Environment, InvoiceStatus, OnlineSession};
use openapi::{Exchange, OpenApi};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const NIP: &str = "8650001238";
pub const TOKEN: &str = "20261127-EC-0A1B2C3D4E-5F6A7B8C9D-E1|nip-8650001238|0123456789abcdef";

pub struct Harness {
    pub standin: StandIn,
    pub base: String,
    pub exchanges: Arc<Mutex<Vec<Exchange>>>,
}

async fn record(exchanges: Arc<Mutex<Vec<Exchange>>>, request: Request, next: Next) -> Response {
    let method = request.method().to_string();
    let path = request.uri().path_and_query().map(|p| p.as_str().to_owned()).unwrap_or_default();
    let path = path.strip_prefix("/v2").unwrap_or(&path).to_owned();
    let authorization = request.headers().get("authorization").is_some_and(|v| v.as_bytes().starts_with(b"Bearer "));
    let accept = request.headers().get("accept").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let (parts, body) = request.into_parts();
    let request_body = to_bytes(body, 256 << 20).await.map(|b| b.to_vec()).unwrap_or_default();
    let response = next.run(Request::from_parts(parts, Body::from(request_body.clone()))).await;
    let (parts, body) = response.into_parts();
    let response_body = to_bytes(body, 256 << 20).await.map(|b| b.to_vec()).unwrap_or_default();
    let content_type = parts
        .headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().trim().to_owned())
        .unwrap_or_default();
    if !path.starts_with("/sandbox/") {
        let status = parts.status.as_u16();
        let exchange = Exchange {
            method,
            path,
            authorization,
            accept,
            request_body,
            status,
            content_type,
            response_body: response_body.clone(),
        };
        exchanges.lock().unwrap().push(exchange);
    }
    Response::from_parts(parts, Body::from(response_body))
}

impl Harness {
    pub async fn start() -> Self {
        Self::with(StandIn::new(NIP, TOKEN).unwrap()).await
    }

    pub async fn with(standin: StandIn) -> Self {
        let exchanges = Arc::new(Mutex::new(Vec::new()));
        let recorded = exchanges.clone();
        let app = Router::new()
            .nest("/v2", standin.router())
            .layer(middleware::from_fn(move |req, next| record(recorded.clone(), req, next)));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}/v2", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { standin, base, exchanges }
    }

    pub fn config(&self, nip: &str, token: &str) -> Config {
        Config { env: Environment::Sandbox, api_url: self.base.clone(), nip: nip.into(), token: token.into() }
    }

    pub fn client(&self) -> Client {
        Client::new(self.config(NIP, TOKEN)).unwrap()
    }

    pub fn client_with(&self, options: Options) -> Client {
        Client::with_options(self.config(NIP, TOKEN), options).unwrap()
    }

    /// Every recorded exchange (5xx excepted: an outage is off the document by nature)
    /// checked against `open-api.json`; panics listing each departure.
    pub fn assert_conformant(&self) {
        let api = OpenApi::load();
        let exchanges = self.exchanges.lock().unwrap().clone();
        assert!(!exchanges.is_empty(), "nothing was recorded");
        let errors: Vec<String> = exchanges.iter().filter(|e| e.status < 500).flat_map(|e| api.check(e)).collect();
        assert!(errors.is_empty(), "departures from open-api.json:\n{}", errors.join("\n"));
    }

    pub fn statuses(&self, path_contains: &str) -> Vec<u16> {
        self.exchanges.lock().unwrap().iter().filter(|e| e.path.contains(path_contains)).map(|e| e.status).collect()
    }
}

fn party(name: &str, tax_id: &str) -> Party {
    Party {
        name: name.into(),
        tax_id: tax_id.into(),
        address: "ul. Kolejowa 1".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
        country: "PL".into(),
    }
}

/// A valid FA(3) invoice of the stand-in's NIP, numbered `number`, issued today.
pub fn invoice(number: &str) -> Vec<u8> {
    invoice_made(number, 0)
}

/// The same invoice made `later_s` seconds later (`DataWytworzeniaFa`): other bytes, another hash.
pub fn invoice_made(number: &str, later_s: i64) -> Vec<u8> {
    let today = Utc::now().date_naive();
    let gross = 3900;
    let split = vat_split(gross, 8);
    let line = InvoiceLine {
        name: "Przejazd Rzeszów → Nisko".into(),
        quantity: 1,
        unit_gross: gross,
        net: split.net,
        vat: split.vat,
        gross,
    };
    let doc = InvoiceDocument {
        number: number.into(),
        issue_date: today,
        sale_date: today,
        place_of_issue: "Nisko".into(),
        generated_at: Utc::now() + chrono::Duration::seconds(later_s),
        seller: party("Nisko Bus Sp. z o.o.", NIP),
        buyer: party("Zakład Usług Żółw", "526-025-02-74"),
        lines: vec![line],
        vat_rate: 8,
        totals: split,
        payment: Payment { method: "przelew".into(), form: PaymentForm::Transfer, paid_on: Some(today) },
        correction: None,
        issued_by: "Anna Kowalska".into(),
        ksef: None,
    };
    documents::invoice_fa3(&doc).unwrap().into_bytes()
}

/// Polls an invoice's status until it is no longer processing.
pub async fn settle(client: &Client, session: &OnlineSession, invoice_ref: &str) -> InvoiceStatus {
    for _ in 0..100 {
        match client.status(&session.reference, invoice_ref).await.unwrap() {
            InvoiceStatus::Processing => tokio::time::sleep(Duration::from_millis(50)).await,
            done => return done,
        }
    }
    panic!("invoice {invoice_ref} still processing after 5 s");
}

/// xmllint `--schema` of `xml` against `ksef/api/{xsd}` (offline); `Err` holds its complaints.
pub fn xsd_check(xml: &str, xsd: &str) -> Result<(), String> {
    let file = std::env::temp_dir().join(format!("ksef-{}-{}.xml", std::process::id(), uuid_like()));
    std::fs::write(&file, xml).unwrap();
    let output = std::process::Command::new("xmllint")
        .args(["--noout", "--nonet", "--schema"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/api/").to_owned() + xsd)
        .arg(&file)
        .output()
        .expect("xmllint (scripts/setup.sh installs libxml2-utils)");
    let _ = std::fs::remove_file(&file);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.success() {
        Ok(())
    } else {
        Err(stderr)
    }
}

fn uuid_like() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default()
}
