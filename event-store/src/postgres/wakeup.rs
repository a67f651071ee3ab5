//! Wake-ups for live subscribers.
//!
//! An append in this process bumps a watch counter (subscribers here wake at once) and
//! asks a background task to send `NOTIFY es_events`. The task coalesces: however many
//! appends happen while a NOTIFY is on its way, one more follows. Another task LISTENs and
//! bumps the counter when any process notifies. Subscribers also poll, so a lost
//! notification (a dropped connection) only delays them.

use std::sync::Arc;

use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

const CHANNEL: &str = "es_events";

pub(super) struct Wakeup {
    counter: Arc<watch::Sender<u64>>,
    notify_requested: Arc<Notify>,
    tasks: Vec<JoinHandle<()>>,
}

impl Wakeup {
    pub(super) fn start(pool: PgPool) -> Self {
        let (counter, _) = watch::channel(0u64);
        let counter = Arc::new(counter);
        let notify_requested = Arc::new(Notify::new());
        let tasks = vec![
            tokio::spawn(send_notifications(pool.clone(), notify_requested.clone())),
            tokio::spawn(listen(pool, counter.clone())),
        ];
        Wakeup { counter, notify_requested, tasks }
    }

    /// Events were appended: wake subscribers here and elsewhere.
    pub(super) fn appended(&self) {
        self.counter.send_modify(|n| *n = n.wrapping_add(1));
        self.notify_requested.notify_one();
    }

    pub(super) fn subscribe(&self) -> watch::Receiver<u64> {
        self.counter.subscribe()
    }
}

impl Drop for Wakeup {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

async fn send_notifications(pool: PgPool, requested: Arc<Notify>) {
    loop {
        requested.notified().await;
        // A notification is only a hint (subscribers also poll), so its transaction need
        // not wait for a durable commit: that would be a second fsync per append.
        let sent = sqlx::query("select set_config('synchronous_commit', 'off', true), pg_notify($1, '')")
            .bind(CHANNEL)
            .execute(&pool)
            .await;
        if let Err(e) = sent {
            tracing::debug!(error = %e, "could not send the event-store notification");
            if pool.is_closed() {
                return;
            }
        }
    }
}

async fn listen(pool: PgPool, counter: Arc<watch::Sender<u64>>) {
    loop {
        if pool.is_closed() {
            return;
        }
        match PgListener::connect_with(&pool).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while listener.recv().await.is_ok() {
                        counter.send_modify(|n| *n = n.wrapping_add(1));
                    }
                }
            }
            Err(e) => tracing::debug!(error = %e, "could not listen for event-store notifications"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}
