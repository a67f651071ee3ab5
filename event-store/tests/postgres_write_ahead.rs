//! `COMMIT_AHEAD`: a statement that reads it runs, and commits, with `synchronous_commit`
//! off, and the session keeps its own setting afterwards.

use event_store::postgres::COMMIT_AHEAD;
use sqlx::PgPool;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn commit_ahead_turns_the_flush_wait_off_for_its_own_transaction_only(pool: PgPool) {
    let mut conn = pool.acquire().await.expect("a connection");
    let setting = "select current_setting('synchronous_commit')";
    let before: String = sqlx::query_scalar(setting).fetch_one(&mut *conn).await.expect("read");
    assert_eq!(before, "on");
    let during: String = sqlx::query_scalar(&format!("{setting} from (values (1)) v cross join {COMMIT_AHEAD}"))
        .fetch_one(&mut *conn)
        .await
        .expect("read");
    assert_eq!(during, "off", "the statement's own transaction commits without waiting for its flush");
    let after: String = sqlx::query_scalar(setting).fetch_one(&mut *conn).await.expect("read");
    assert_eq!(after, "on", "the next statement waits again");
}
