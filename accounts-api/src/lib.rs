//! # accounts-api
//!
//! Registration with e-mail activation, login with bearer sessions, logout, passwords
//! (forgot, reset by link, change when logged in) and "my account", under `/api/user/…`
//! (docs/accounts.md: the rules, each with its test).
//!
//! Accounts are plain tables (`users`, `auth_tokens`, `login_attempts`), not
//! event-sourced: nothing else depends on their history. Where to look:
//! - [`fields`]: what a valid e-mail, password, name and phone are (parsed at the edge).
//! - [`password`]: argon2id hashing off the async workers.
//! - [`tokens`]: sessions and one-time links, stored as hashes; the [`tokens::Session`] extractor.
//! - [`throttle`]: the login rate limit (5 failures per e-mail, 20 per client, 15 minutes).
//! - one file per group of endpoints: [`register`], [`login`], [`passwords`], [`my_account`].
//!
//! Status choices: every refusal a person can fix is `422` with the field named (the
//! front end shows the body's message for 422 only); no or a bad session token is `401`;
//! too many failed logins `429`; an e-mail that cannot be sent `503`.

pub mod email_change;
pub mod fields;
pub mod login;
pub mod mails;
pub mod my_account;
pub mod openapi;
pub mod password;
pub mod passwords;
pub mod register;
pub mod throttle;
pub mod tokens;
pub mod users;

use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;

use std::sync::Arc;

use api_core::mail::Mailer;
use axum::extract::FromRef;
use sqlx::PgPool;

pub use openapi::AccountsApi;

/// What the accounts handlers need.
#[derive(Clone)]
pub struct AccountsState {
    pub pool: PgPool,
    /// Activation and password e-mails.
    pub mailer: Arc<dyn Mailer>,
    /// The site's address, for links in e-mails (e.g. `http://127.0.0.1:8080`).
    pub public_url: String,
}

impl FromRef<AccountsState> for PgPool {
    fn from_ref(state: &AccountsState) -> PgPool {
        state.pool.clone()
    }
}

/// A success that only has something to say: `{"data": {"message": "…"}}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Self {
        Message { message: message.into() }
    }
}

/// The accounts routes, to be nested under `/api`.
pub fn router(state: AccountsState) -> Router {
    Router::new()
        .route("/user/auth/register", post(register::register))
        .route("/user/auth/confirm", post(register::confirm).get(register::confirm_get))
        .route("/user/auth/login", post(login::login))
        .route("/user/auth/logout", post(login::logout))
        .route("/user/auth/get", get(login::get))
        .route("/user/auth/forgot-password", post(passwords::forgot_password))
        .route("/user/auth/change-password", post(passwords::change_password))
        .route("/user/user/get-my-account", post(my_account::get_my_account))
        .route("/user/user/update-my-account", post(my_account::update_my_account))
        .route("/user/user/change-email", post(email_change::change_email))
        .route("/user/auth/confirm-email", post(email_change::confirm_email))
        .with_state(state)
}
