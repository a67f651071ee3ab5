//! The KSeF stand-in as this product serves it in `sandbox` mode.

use axum::Router;

/// The token the stand-in accepts when `KSEF_TOKEN` is not set.
pub const TOKEN: &str = "sandbox-ksef-token";

/// The stand-in's routes (nested at [`crate::ksef_setup::SANDBOX_PATH`]).
pub fn router() -> Router {
    Router::new()
}
