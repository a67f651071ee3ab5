//! `coach finance ksef check`: a dry run against a KSeF environment before the first
//! invoice (`ksef::Client::check`): the environment, its address and the NIP, the public
//! keys' ids, whether KSeF accepted the token, the limits it reports, and an interactive
//! session opened and closed with nothing sent. Exit 0 when every step worked; 1 when KSeF
//! refused or failed one (said in words, never the token); 2 for an unknown environment.

use std::net::{Ipv4Addr, SocketAddr};

use anyhow::Context;
use ksef::Environment;
use sqlx::PgPool;

use crate::cli::KsefArgs;
use crate::ExitWith;

/// Run the dry run and print what it found.
pub async fn check(pool: &PgPool, args: &KsefArgs, port: u16) -> anyhow::Result<()> {
    match Environment::parse(args.env.trim()) {
        Some(Environment::Off) => {
            return Err(ExitWith {
                code: 2,
                message: "KSEF_ENV=off: there is no KSeF to check; set KSEF_ENV to test, demo, prod or sandbox".into(),
            }
            .into())
        }
        Some(_) => {}
        None => {
            let message =
                format!("unknown KSeF environment {:?}: KSEF_ENV must be test, demo, prod or sandbox", args.env);
            return Err(ExitWith { code: 2, message }.into());
        }
    }
    let setup = crate::ksef_setup::setup(args, pool, SocketAddr::new(Ipv4Addr::LOCALHOST.into(), port)).await?;
    let client = setup.link.client.as_deref().context("no KSeF client")?;
    println!("environment: {}", args.env.trim());
    println!("url: {}", setup.url);
    println!("NIP: {}", setup.link.nip);
    let found = client.check().await;
    if !found.key_ids.is_empty() {
        println!("public keys: {}", found.key_ids.join(", "));
    }
    println!("authentication: {}", if found.authenticated { "OK" } else { "not done" });
    let json = |value: &Option<serde_json::Value>| value.as_ref().map(serde_json::Value::to_string);
    if let Some(limits) = json(&found.context_limits) {
        println!("limits (context): {limits}");
    }
    if let Some(limits) = json(&found.rate_limits) {
        println!("rate limits: {limits}");
    }
    for note in &found.notes {
        println!("note: {note}");
    }
    if let Some(session) = &found.session {
        let closed = if found.session_closed { "closed" } else { "NOT closed" };
        println!("session: {session} opened, {closed}, nothing sent");
    }
    match found.error {
        None => {
            println!("check: OK");
            Ok(())
        }
        Some(e) => Err(ExitWith { code: 1, message: format!("the KSeF check failed: {e}") }.into()),
    }
}
