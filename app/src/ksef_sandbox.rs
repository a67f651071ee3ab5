//! The KSeF stand-in (`ksef::sandbox`) as this product serves it in `sandbox` mode: it
//! knows one taxpayer, the company's NIP (or `KSEF_NIP`), and one token.

use axum::Router;

/// The token the stand-in accepts when `KSEF_TOKEN` is not set.
pub const TOKEN: &str = "sandbox-ksef-token";

/// The stand-in's routes (nested at [`crate::ksef_setup::SANDBOX_PATH`]), for `nip` and `token`.
pub fn router(nip: &str, token: &str) -> anyhow::Result<Router> {
    Ok(ksef::sandbox::StandIn::new(nip, token)?.router())
}
