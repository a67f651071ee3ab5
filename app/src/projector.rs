//! The projector: the read-model projections on a Tokio runtime, a thread and a
//! connection pool of their own.
//!
//! With `--role all` the projections share the process with the HTTP API. On the API's
//! runtime every round trip of a projection's batch waited its turn behind all the
//! request tasks that were ready, and every `begin` behind the requests queued for a
//! pooled connection; under load that waiting, not the projections' own work, was most of
//! their lag. Here the operating system schedules the projector's thread as it would a
//! `--role projector` process, and its connections are its own. The booking reactions
//! stay on the API's runtime: they issue commands through the API's pools and batchers.

use std::thread::JoinHandle;

use anyhow::Context;
use projections::{Runner, RunnerConfig};
use tokio::sync::oneshot;
use tokio_util::sync::{CancellationToken, DropGuard};

use crate::cli::Cli;
use crate::ops;

/// The running projector. Dropping it stops the projections (without waiting).
pub struct Projector {
    runner: Runner,
    thread: JoinHandle<()>,
    _stop_on_drop: DropGuard,
}

impl Projector {
    /// Start the projections of [`ops::registry`] on their own thread, until `shutdown`
    /// is cancelled or the projector is dropped. Fails when its pool or store cannot be
    /// opened.
    pub async fn start(cli: &Cli, shutdown: &CancellationToken) -> anyhow::Result<Projector> {
        let stop = shutdown.child_token();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("building the projector's runtime")?;
        let (ready, started) = oneshot::channel::<anyhow::Result<Runner>>();
        let (cli, token) = (cli.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("projector".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let opened = async {
                        let pool = ops::connect_sized(&cli, cli.projector_db_max_connections).await?;
                        let store = ops::open_store(&cli, &pool)?;
                        // Read models only: their batches commit without waiting for the flush.
                        let config = RunnerConfig { durable: false, ..RunnerConfig::default() };
                        anyhow::Ok(Runner::new(store, pool, config))
                    };
                    match opened.await {
                        Ok(runner) => {
                            // Nobody waits any more (the start was abandoned): do not run.
                            if ready.send(Ok(runner.clone())).is_ok() {
                                runner.run(ops::registry(), token).await;
                            }
                        }
                        Err(e) => {
                            let _ = ready.send(Err(e));
                        }
                    }
                })
            })
            .context("starting the projector's thread")?;
        // From here on, dropping this (an abandoned start, or the projector) stops the thread.
        let stop_on_drop = stop.drop_guard();
        let runner = started.await.context("the projector's thread ended while starting")??;
        Ok(Projector { runner, thread, _stop_on_drop: stop_on_drop })
    }

    /// The runner, for its errors.
    pub fn runner(&self) -> &Runner {
        &self.runner
    }

    /// Wait until the projections have stopped (after the shutdown was cancelled).
    pub async fn stopped(self) -> anyhow::Result<()> {
        let Projector { thread, _stop_on_drop: guard, .. } = self;
        tokio::task::spawn_blocking(move || thread.join())
            .await
            .context("waiting for the projector's thread")?
            .map_err(|_| anyhow::anyhow!("the projector's thread panicked"))?;
        drop(guard);
        Ok(())
    }
}
