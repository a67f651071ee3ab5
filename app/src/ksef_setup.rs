//! Where this process sends invoices in KSeF (`KSEF_ENV`, `KSEF_URL`, `KSEF_NIP`,
//! `KSEF_TOKEN`, the offline certificate): the sender's link and, in `sandbox` mode, the
//! stand-in this process serves itself at `/ksef-sandbox/v2` (outside `/api`, so it is no
//! part of the API's OpenAPI document), which the client is pointed at.
//!
//! The token is read from the environment only, and never logged (`ksef::Config`'s
//! `Debug` hides it).

use std::net::SocketAddr;

use anyhow::{bail, Context};
use axum::Router;
use command_api::processes::ksef::KsefLink;
use ksef::Environment;
use sqlx::PgPool;

use crate::cli::KsefArgs;

/// Where the stand-in is served, under the site's root.
pub const SANDBOX_PATH: &str = "/ksef-sandbox/v2";

/// The sender's link and the stand-in's routes (in `sandbox` mode).
pub struct KsefSetup {
    /// `KSEF_ENV`: also where the PDFs' QR codes link (its verification host).
    pub env: Environment,
    /// The API's address the client calls (empty when KSeF is `off`).
    pub url: String,
    pub link: KsefLink,
    pub sandbox: Option<Router>,
}

impl KsefSetup {
    /// What the query side needs to print an offline invoice's second code: the NIP and
    /// the offline certificate, when one is configured.
    pub fn offline(&self) -> Option<query_api::KsefOffline> {
        let certificate = self.link.offline_cert.clone()?;
        Some(query_api::KsefOffline { context_nip: self.link.nip.clone(), certificate })
    }
}

/// The link `args` describe, for a process listening on `addr`.
pub async fn setup(args: &KsefArgs, pool: &PgPool, addr: SocketAddr) -> anyhow::Result<KsefSetup> {
    let Some(env) = Environment::parse(args.env.trim()) else {
        bail!("KSEF_ENV must be off, sandbox, test, demo or prod (it is {:?})", args.env);
    };
    if env == Environment::Off {
        tracing::warn!("KSEF_ENV=off: invoices are not sent to KSeF; they wait in the queue");
        // The offline certificate still signs KOD II of the documents issued offline
        // before KSeF was switched off.
        let mut link = KsefLink::off();
        link.offline_cert = offline_certificate(args)?.map(std::sync::Arc::new);
        link.nip = args.nip.as_deref().map(str::trim).unwrap_or_default().to_owned();
        return Ok(KsefSetup { env, url: String::new(), link, sandbox: None });
    }
    let nip = match &args.nip {
        Some(nip) => nip.trim().to_owned(),
        None => company_nip(pool).await?,
    };
    let token = std::env::var("KSEF_TOKEN").ok().filter(|t| !t.trim().is_empty());
    let (api_url, token, sandbox) = if env == Environment::Sandbox {
        let host = if addr.ip().is_unspecified() { "127.0.0.1".to_owned() } else { addr.ip().to_string() };
        let host = if addr.is_ipv6() && !addr.ip().is_unspecified() { format!("[{host}]") } else { host };
        let url = args.url.clone().unwrap_or_else(|| format!("http://{host}:{}{SANDBOX_PATH}", addr.port()));
        let token = token.unwrap_or_else(|| crate::ksef_sandbox::TOKEN.to_owned());
        let stand_in = crate::ksef_sandbox::router(&nip, &token)?;
        (url, token, Some(stand_in))
    } else {
        let Some(token) = token else {
            bail!("KSEF_TOKEN is not set: KSEF_ENV={} needs a KSeF token (or set KSEF_ENV=off)", args.env);
        };
        let url = args.url.clone().or_else(|| env.api_url().map(str::to_owned)).context("no KSeF address")?;
        (url, token, None)
    };
    let url = api_url.clone();
    let config = ksef::Config { env, api_url, nip, token };
    tracing::info!(?config, "KSeF");
    let mut link = KsefLink::new(config).context("the KSeF client")?;
    link.every = (args.every_seconds > 0).then(|| std::time::Duration::from_secs(args.every_seconds));
    link.offline_cert = offline_certificate(args)?.map(std::sync::Arc::new);
    if let Some(note) = command_api::processes::ksef::daily::certificate_note(&link) {
        tracing::warn!("{}", note.replace('\n', " "));
    }
    Ok(KsefSetup { env, url, link, sandbox })
}

/// The offline certificate and its key (`KSEF_OFFLINE_CERT`, `KSEF_OFFLINE_KEY`), both or
/// neither.
fn offline_certificate(args: &KsefArgs) -> anyhow::Result<Option<ksef::OfflineCertificate>> {
    let (cert, key) = match (&args.offline_cert, &args.offline_key) {
        (None, None) => return Ok(None),
        (Some(cert), Some(key)) => (cert, key),
        _ => bail!("KSEF_OFFLINE_CERT and KSEF_OFFLINE_KEY go together"),
    };
    let read =
        |path: &std::path::Path| std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()));
    let certificate = ksef::OfflineCertificate::from_pem(&read(cert)?, &read(key)?)
        .map_err(|e| anyhow::anyhow!("the KSeF offline certificate: {e}"))?;
    tracing::info!(serial = certificate.serial(), "KSeF offline certificate loaded");
    Ok(Some(certificate))
}

/// The company's NIP (the seller's, `companies.tax_id`).
async fn company_nip(pool: &PgPool) -> anyhow::Result<String> {
    let nip: Option<(String,)> =
        sqlx::query_as("select tax_id from companies order by id limit 1").fetch_optional(pool).await?;
    let nip = nip.map(|(n,)| n.trim().to_owned()).unwrap_or_default();
    if nip.is_empty() {
        tracing::warn!("the company has no NIP yet and KSEF_NIP is not set: KSeF refuses a session without one");
    }
    Ok(nip)
}
