//! A restored backup does not bring an erased person back: the database is copied
//! (`pg_dump`), the office then erases a guest's data (written to the journal of erasures
//! as well as to the database), and a new database is made from the copy, holding the
//! person's key and plain read rows again. The app started on it with the same journal
//! erases them again before it serves: the key is gone, the read rows and the events read
//! erased, and the register says why.

use serde_json::json;

use super::personal_data_requests::guest_order;
use super::*;
use crate::helpers::database_url;

const EMAIL: &str = "odtworzona@example.test";

fn run(program: &str, args: &[&str]) {
    let out = std::process::Command::new(format!("/usr/lib/postgresql/15/bin/{program}"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    assert!(out.status.success(), "{program}: {}", String::from_utf8_lossy(&out.stderr));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_restored_backup_forgets_again_at_start_what_was_erased_after_it(pool: PgPool) {
    let dir = std::env::temp_dir().join(format!("coach-restore-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("dir");
    let journal = dir.join("erasures.log");
    let journal_arg = journal.to_str().expect("utf-8").to_owned();
    let app = spawn_with(pool.clone(), &["--privacy-journal", &journal_arg]).await;
    let (order_id, _) = guest_order(&app, EMAIL, false).await;

    // The backup, before the erasure.
    let backup = dir.join("backup.sql");
    let url = database_url(&pool);
    run("pg_dump", &["--no-owner", "--file", backup.to_str().expect("utf-8"), &url]);

    let asked = json!({ "kind": "erasure", "channel": "desk", "email": EMAIL });
    let (status, request) =
        body(app.post("/api/privacy/request/save", &asked, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 201, "{request}");
    let id = json!({ "id": request["data"]["request_id"] });
    let (status, erased) = body(app.post("/api/privacy/request/erase", &id, Some(&app.admin_token), None).await).await;
    assert_eq!((status, &erased["data"]["orders_erased"]), (200, &json!(1)), "{erased}");
    let subject = format!("order:{order_id}:customer");
    let written = std::fs::read_to_string(&journal).expect("the journal");
    assert!(written.contains(&subject), "{written}");

    // The restore: a new database from the backup holds the key and the plain rows again.
    let restored_name = format!("restored_{}", Uuid::new_v4().simple());
    sqlx::query(&format!("create database {restored_name}")).execute(&pool).await.expect("create");
    let (server, _) = url.rsplit_once('/').expect("a URL");
    let restored_url = format!("{server}/{restored_name}");
    run("psql", &["--quiet", "--set", "ON_ERROR_STOP=1", "--file", backup.to_str().expect("utf-8"), &restored_url]);
    let restored = PgPool::connect(&restored_url).await.expect("connect");
    let email = |pool: PgPool| async move {
        sqlx::query_scalar::<_, String>("select email from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_one(&pool)
            .await
            .expect("row")
    };
    assert_eq!(email(restored.clone()).await, EMAIL, "the backup brings the plain row back");

    // Started on the restored database with the same journal: erased again before serving.
    let data = dir.join("data");
    let args = [
        "coach",
        "serve",
        "--port",
        "0",
        "--database-url",
        &restored_url,
        "--data-dir",
        data.to_str().expect("utf-8"),
        "--web-dist",
        data.to_str().expect("utf-8"),
        "--privacy-journal",
        &journal_arg,
    ];
    let cli = Cli::try_parse_from(args).expect("valid arguments");
    let Command::Serve(serve) = &cli.command else { unreachable!("serve was parsed") };
    let again = Application::build(&cli, serve).await.expect("the app builds on the restored copy");
    assert_eq!(email(restored.clone()).await, "", "the read row is erased again");
    let (keys, reason): (i64, String) = sqlx::query_as(
        "select (select count(*) from privacy_keys where subject = $1),
                (select reason from privacy_erasures where subject = $1)",
    )
    .bind(&subject)
    .fetch_one(&restored)
    .await
    .expect("the register");
    assert_eq!(keys, 0, "the key is gone again");
    assert!(reason.starts_with("ponownie po odtworzeniu kopii"), "{reason}");
    let store = privacy::SealingStore::over_postgres(restored.clone());
    let stream = event_store::StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let placed = event_store::EventStore::read_stream(
        &store,
        &stream,
        event_store::ReadFrom::Start,
        event_store::Direction::Forwards,
        1,
    )
    .await
    .expect("read");
    assert!(placed[0].data.contains(r#""email":"""#) && !placed[0].data.contains(EMAIL), "{}", placed[0].data);

    drop(again);
    restored.close().await;
    sqlx::query(&format!("drop database {restored_name} with (force)")).execute(&pool).await.expect("drop");
    std::fs::remove_dir_all(&dir).expect("clean");
}
