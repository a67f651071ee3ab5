//! `spawn_app`: the accounts API on a random port over the test's own database, a client,
//! and ready-made accounts (`admin`, `user`) with session tokens (`test_support::TestApp`),
//! and the folder the app writes its e-mails to.

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;

use accounts_api::{router, AccountsState};
use api_core::mail::FileMailer;
use sqlx::PgPool;
use uuid::Uuid;

pub use test_support::assert_error;

/// The shared `TestApp` (address, client, pool, tokens, requests) and the e-mail folder.
pub struct TestApp {
    app: test_support::TestApp,
    /// Where this app's e-mails are written.
    pub mail_dir: PathBuf,
}

impl Deref for TestApp {
    type Target = test_support::TestApp;

    fn deref(&self) -> &test_support::TestApp {
        &self.app
    }
}

pub async fn spawn_app(pool: PgPool) -> TestApp {
    let mail_dir = std::env::temp_dir().join(format!("coach-test-mail-{}", Uuid::new_v4()));
    let state = AccountsState {
        pool: pool.clone(),
        mailer: Arc::new(FileMailer::new(&mail_dir, "Nisko Bus <no-reply@example.com>")),
        public_url: "http://127.0.0.1:8080".into(),
    };
    TestApp { app: test_support::TestApp::serve(pool, router(state)).await, mail_dir }
}

impl TestApp {
    /// Every e-mail written so far, as text, oldest first.
    pub fn emails(&self) -> Vec<String> {
        let Ok(dir) = std::fs::read_dir(&self.mail_dir) else { return vec![] };
        let mut paths: Vec<_> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
    }
}
