//! `coach finance ksef check` and `coach finance ksef outage` as an operator runs them
//! (the `coach` binary: its exit code and output): the dry run through the running
//! server's stand-in (`KSEF_ENV=sandbox`) prints what it found; a token KSeF refuses is a
//! clear message and exit 1, an unknown environment exit 2; an outage is entered, and a
//! wrong one (an end before its start, an unknown kind, a date that is no date) is
//! refused with a message and enters nothing.

use super::ksef::ksef_app;
use super::*;

pub(super) struct Run {
    pub(super) code: Option<i32>,
    pub(super) out: String,
    pub(super) err: String,
}

/// `coach finance ksef …args` against the test's database with `env` set.
pub(super) async fn coach(app: &BookingApp, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"));
    command
        .args(["finance", "ksef"])
        .args(args)
        .env("DATABASE_URL", crate::helpers::database_url(&app.pool))
        .env("RUST_LOG", "warn")
        .env_remove("KSEF_ENV")
        .env_remove("KSEF_URL")
        .env_remove("KSEF_TOKEN");
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().await.expect("the coach binary runs");
    Run {
        code: output.status.code(),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_check_tries_the_token_the_limits_and_a_session_and_says_what_it_found(pool: PgPool) {
    let app = ksef_app(pool).await;
    let port = app.address.rsplit(':').next().expect("a port").to_string();

    let ok = coach(&app, &["check", "--port", &port], &[("KSEF_ENV", "sandbox")]).await;
    assert_eq!(ok.code, Some(0), "{}{}", ok.out, ok.err);
    for line in [
        "environment: sandbox\n".to_string(),
        format!("url: http://127.0.0.1:{port}/ksef-sandbox/v2\n"),
        "NIP: 8652556348\n".to_string(),
        "authentication: OK\n".to_string(),
        "check: OK\n".to_string(),
    ] {
        assert!(ok.out.contains(&line), "{line:?} in {}", ok.out);
    }
    assert!(ok.out.contains("public keys: "), "{}", ok.out);
    let session = ok.out.lines().find(|l| l.starts_with("session: ")).expect("a session line");
    assert!(session.ends_with(" opened, closed, nothing sent"), "{session}");
    // Nothing was sent: the stand-in received no invoice.
    let stats: Value = app
        .client
        .get(app.url("/ksef-sandbox/v2/sandbox/stats"))
        .send()
        .await
        .expect("stats")
        .json()
        .await
        .expect("json");
    assert_eq!((stats["sessions"].as_u64(), stats["invoicesReceived"].as_u64()), (Some(1), Some(0)), "{stats}");

    let refused =
        coach(&app, &["check", "--port", &port], &[("KSEF_ENV", "sandbox"), ("KSEF_TOKEN", "not-the-token")]).await;
    assert_eq!(refused.code, Some(1), "{}{}", refused.out, refused.err);
    assert!(refused.err.contains("the KSeF check failed: KSeF refused the authentication"), "{}", refused.err);
    assert!(refused.out.contains("authentication: not done"), "{}", refused.out);
    assert!(!refused.err.contains("not-the-token") && !refused.out.contains("not-the-token"));

    let unknown = coach(&app, &["check", "--port", &port], &[("KSEF_ENV", "staging")]).await;
    assert_eq!(unknown.code, Some(2), "{}{}", unknown.out, unknown.err);
    assert!(unknown.err.contains("unknown KSeF environment \"staging\""), "{}", unknown.err);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_outage_is_entered_from_the_command_line_and_a_wrong_one_changes_nothing(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    let count = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from ksef_outages").fetch_one(&app.pool).await.expect("count")
    };
    for (args, said) in [
        (
            ["--kind", "emergency", "--from", "2026-11-24", "--to", "2026-11-23"],
            "--to: the outage ends (2026-11-23) before it starts (2026-11-24)",
        ),
        (
            ["--kind", "total", "--from", "2026-11-23", "--to", "2026-11-24"],
            "--kind: the outage's kind must be unavailable or emergency",
        ),
        (
            ["--kind", "unavailable", "--from", "23.11.2026", "--to", "2026-11-24"],
            "--from: from must be a date YYYY-MM-DD",
        ),
    ] {
        let run = coach(&app, &[&["outage"][..], &args[..]].concat(), &[]).await;
        assert_eq!(run.code, Some(1), "{args:?}: {}{}", run.out, run.err);
        assert!(run.err.contains(said) && run.err.contains("nothing entered"), "{said:?} in {}", run.err);
    }
    assert_eq!(count().await, 0);

    let run =
        coach(&app, &["outage", "--kind", "unavailable", "--from", "2026-11-23", "--to", "2026-11-24"], &[]).await;
    assert_eq!(run.code, Some(0), "{}{}", run.out, run.err);
    assert!(
        run.out.starts_with("outage ") && run.out.contains("entered: unavailable from 2026-11-23 to 2026-11-24"),
        "{}",
        run.out
    );
    let (kind, by): (String, String) =
        sqlx::query_as("select kind, entered_by from ksef_outages").fetch_one(&app.pool).await.expect("the row");
    assert_eq!(kind, "unavailable");
    assert!(by.starts_with("cli:"), "{by}");
    // `status` lists it.
    let status = coach(&app, &["status"], &[]).await;
    assert!(status.out.contains("unavailable 2026-11-23 to 2026-11-24 (entered by cli:"), "{}", status.out);
}
