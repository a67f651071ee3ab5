//! `coach serve`: build the application for a role, then run it until a signal.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use api_core::mail::{FileMailer, Mailer, SmtpMailer};
use api_core::sms::FileSms;
use axum::Router;
use projections::{Runner, RunnerConfig};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::cli::{Cli, MailArgs, ServeArgs};
use crate::ops;
use crate::projector::Projector;
use crate::routes::{self, OpsState};

/// A built, bound application: call [`Application::run_until_stopped`].
pub struct Application {
    listener: TcpListener,
    router: Router,
    shutdown: CancellationToken,
    projector: Option<Projector>,
    reactions: Option<JoinHandle<()>>,
    timers: Vec<JoinHandle<()>>,
}

/// A restored backup of the database forgets again what was erased after it was made.
async fn reapply_erasures(
    store: &Arc<dyn event_store::EventStore>,
    keys: &privacy::Keyring,
    pool: &sqlx::PgPool,
) -> anyhow::Result<()> {
    let again = command_api::erasure::reapply(store.as_ref(), keys, pool).await?;
    if again > 0 {
        tracing::warn!(subjects = again, "erasures the database did not hold were made again from the journal");
    }
    Ok(())
}

/// The tickets' signing key: `TICKET_SIGNING_KEY`, else one kept in the database.
async fn ticket_signer(args: &ServeArgs, pool: &sqlx::PgPool) -> anyhow::Result<ticket_token::TicketSigner> {
    if args.ticket_signing_key.is_none() {
        tracing::warn!(
            "TICKET_SIGNING_KEY is not set: tickets are signed with a key kept in the database (set it in production)"
        );
    }
    Ok(api_core::ticket_keys::load(pool, args.ticket_signing_key.as_deref()).await?)
}

/// Where `WL_API_URL=sandbox` serves the register of VAT payers' stand-in.
const WL_SANDBOX_PATH: &str = "/wl-sandbox";

/// The register of VAT payers the NIP lookup asks (`WL_API_URL`): none (`off`), this
/// server's stand-in (`sandbox`, and whether to serve it), or the given address.
fn white_list(args: &ServeArgs, port: u16) -> anyhow::Result<(Option<taxpayers::WhiteList>, bool)> {
    let (url, sandbox) = match args.wl_api_url.as_str() {
        "off" => (None, false),
        "sandbox" => (Some(format!("http://127.0.0.1:{port}{WL_SANDBOX_PATH}")), true),
        url => (Some(url.to_owned()), false),
    };
    Ok((url.map(|url| taxpayers::WhiteList::new(&url)).transpose()?, sandbox))
}

impl Application {
    pub async fn build(cli: &Cli, args: &ServeArgs) -> anyhow::Result<Self> {
        let pool = ops::connect(cli).await?;
        if args.migrate {
            ops::migrate(&pool).await?;
        }
        let (store, keys) = ops::open_sealed(cli, &pool)?;
        reapply_erasures(&store, &keys, &pool).await?;
        let shutdown = CancellationToken::new();

        let mailer = mailer(&args.mail)?;
        let addr = SocketAddr::new(args.host, args.port);
        let listener = TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
        let public_url = public_url(args, listener.local_addr()?);
        let (gateway, payment_page_base, sandbox) = payment_gateway(args, &pool, &public_url)?;
        let tickets = ticket_signer(args, &pool).await?;
        let ksef = crate::ksef_setup::setup(&args.ksef, &pool, listener.local_addr()?).await?;
        let ksef_offline = ksef.offline();
        let commands = command_api::CommandState::new(
            store.clone(),
            pool.clone(),
            gateway,
            mailer,
            sms_sender(&args.mail, &public_url)?,
            public_url.clone(),
            payment_page_base,
            tickets.clone(),
        )
        .with_ksef(ksef.link)
        .with_keys(keys)
        .with_payment_reminder(args.payment_reminder_seconds.map(std::time::Duration::from_secs))
        .with_sms_callback_key(Some(args.mail.smsapi_callback_key.clone()));

        let Readers { projector, reactions, runners } = start_readers(cli, args, &store, &commands, &shutdown).await?;
        let timers = start_timers(args, &commands, &shutdown);

        let ops_state = OpsState { pool: pool.clone(), store: store.clone(), runners };
        let mut router = Router::new();
        if args.role.serves_commands() {
            if let Some(sandbox) = sandbox {
                router = router.merge(payment::sandbox_router(sandbox));
            }
            if let Some(stand_in) = ksef.sandbox {
                router = router.nest(crate::ksef_setup::SANDBOX_PATH, stand_in);
            }
        }
        let queries = args.role.serves_queries().then(|| ReadSide {
            pool: pool.clone(),
            // The accounts' e-mails go through the outbox too.
            mailer: commands.mailer.clone(),
            public_url: public_url.clone(),
            tickets: tickets.clone(),
            ksef_env: ksef.env,
            ksef_offline,
        });
        // The finance register replays the event store, which the query API may not hold:
        // its own router, served where the queries are (a proxy sends a GET there).
        let finance = args
            .role
            .serves_queries()
            .then(|| finance::http::FinanceState { store: store.clone(), pool: pool.clone() });
        let (register, register_sandbox) = white_list(args, listener.local_addr()?.port())?;
        if register_sandbox {
            router = router.nest(WL_SANDBOX_PATH, taxpayers::stand_in::router());
        }
        let mut api = api_routes_with_finance(args.role.serves_commands().then(|| commands.clone()), queries, finance);
        if args.role.serves_queries() {
            api = api.merge(taxpayers::http::router(taxpayers::http::TaxpayersState::new(pool.clone(), register)));
        }
        router = router.nest("/api", crate::security::with_api_headers(api));
        if args.role.serves_queries() {
            let web = routes::web_app(&args.web_dist, crate::pages::Pages::new(pool.clone()));
            let policy = crate::security::page_policy_for(&args.web_dist);
            router = router.fallback_service(crate::security::with_headers(web, &policy));
        }
        let router = routes::with_ops_and_layers(router, ops_state);

        tracing::info!(address = %listener.local_addr()?, %public_url, role = ?args.role, store = store.kind(), "coach is listening");
        Ok(Application { listener, router, shutdown, projector, reactions, timers })
    }

    /// The port it listens on (useful with `--port 0`).
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or_default()
    }

    /// Serve until SIGINT or SIGTERM, then stop gracefully.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.run_until(wait_for_signal()).await
    }

    /// Serve until `stop` completes, then stop gracefully: answer the requests under
    /// way, and wait for the projections, the reactions and the timers to end.
    pub async fn run_until(self, stop: impl std::future::Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let shutdown = self.shutdown.clone();
        tokio::spawn({
            let shutdown = shutdown.clone();
            async move {
                stop.await;
                tracing::info!("shutting down");
                shutdown.cancel();
            }
        });
        axum::serve(self.listener, self.router.into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(async move { shutdown.cancelled().await })
            .await
            .context("serving HTTP")?;
        if let Some(projector) = self.projector {
            projector.stopped().await.context("stopping the projections")?;
        }
        if let Some(reactions) = self.reactions {
            reactions.await.context("stopping the booking reactions")?;
        }
        for timer in self.timers {
            timer.await.context("stopping the booking processes")?;
        }
        tracing::info!("stopped");
        Ok(())
    }
}

/// What the routes of the query role need: the query API (reads of read models and the
/// search), the catalogue and content CRUD, and accounts.
#[derive(Clone)]
pub struct ReadSide {
    pub pool: sqlx::PgPool,
    /// The accounts' e-mails.
    pub mailer: Arc<dyn api_core::mail::Mailer>,
    /// The site's address (payment links, links in e-mails).
    pub public_url: String,
    /// Signs the tickets' QR codes in the order and ticket answers.
    pub tickets: ticket_token::TicketSigner,
    /// Where the invoice PDFs' KSeF codes link.
    pub ksef_env: ksef::Environment,
    /// The offline certificate that signs KOD II on offline invoices' PDFs, if configured.
    pub ksef_offline: Option<query_api::KsefOffline>,
}

/// The routes under `/api`: the command API's and the course writes when `commands` is
/// given; the query API's, the catalogue's, the accounts' and the OpenAPI document of the
/// whole API when `queries` is. Every request passes the raw-input gate first, and an
/// unknown path answers JSON.
pub fn api_routes(commands: Option<command_api::CommandState>, queries: Option<ReadSide>) -> Router {
    api_routes_with_finance(commands, queries, None)
}

/// [`api_routes`], and the finance register (`finance::http`) when `finance` is given.
pub fn api_routes_with_finance(
    commands: Option<command_api::CommandState>,
    queries: Option<ReadSide>,
    finance: Option<finance::http::FinanceState>,
) -> Router {
    let mut api = Router::new();
    if let Some(finance) = finance {
        api = api.merge(finance::http::router(finance));
    }
    if let Some(commands) = commands {
        api = api.merge(catalogue_api::course_router(commands.clone())).merge(command_api::router(commands));
    }
    if let Some(ReadSide { pool, mailer, public_url, tickets, ksef_env, ksef_offline }) = queries {
        let query_state = query_api::QueryState::new(pool.clone(), public_url.clone(), tickets)
            .with_ksef_env(ksef_env)
            .with_ksef_offline(ksef_offline);
        api = api
            .merge(query_api::router(query_state))
            .merge(catalogue_api::router(catalogue_api::CatalogueState { pool: pool.clone() }))
            .merge(accounts_api::router(accounts_api::AccountsState { pool, mailer, public_url }))
            .merge(crate::openapi::router());
    }
    api.fallback(routes::api_not_found)
        .method_not_allowed_fallback(routes::api_method_not_allowed)
        .layer(axum::middleware::from_fn(crate::guard::reject_raw_input))
}

/// The SMS transport the settings choose: SMSAPI.pl, or `.txt` files under `DATA_DIR/sms`.
pub fn sms_sender(args: &MailArgs, public_url: &str) -> anyhow::Result<Arc<dyn api_core::sms::SmsSender>> {
    match args.sms_provider.as_str() {
        "file" => Ok(Arc::new(FileSms::new(args.data_dir.join("sms")))),
        "smsapi" => {
            anyhow::ensure!(!args.smsapi_token.is_empty(), "SMS_PROVIDER=smsapi needs SMSAPI_TOKEN");
            let notify_url = (!args.smsapi_callback_key.is_empty())
                .then(|| format!("{public_url}/api/sms/smsapi-report?key={}", args.smsapi_callback_key));
            Ok(Arc::new(outbox::smsapi::SmsApi::new(outbox::smsapi::SmsApiConfig {
                base_url: args.smsapi_url.clone(),
                token: args.smsapi_token.clone(),
                from: (!args.smsapi_from.is_empty()).then(|| args.smsapi_from.clone()),
                notify_url,
                test: args.smsapi_test,
            })))
        }
        other => anyhow::bail!("SMS_PROVIDER must be file or smsapi, not {other:?}"),
    }
}

/// The mailer the settings choose: SMTP, or `.eml` files under `DATA_DIR/mail`.
pub fn mailer(args: &MailArgs) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(match &args.smtp_url {
        Some(url) => Arc::new(SmtpMailer::new(url, &args.mail_from)?),
        None => Arc::new(FileMailer::new(args.data_dir.join("mail"), &args.mail_from)),
    })
}

/// The configured public address, or this server's own address when none is configured
/// (an unspecified host such as `0.0.0.0` becomes `127.0.0.1`).
fn public_url(args: &ServeArgs, bound: SocketAddr) -> String {
    match &args.public_url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let mut own = bound;
            if own.ip().is_unspecified() {
                own.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            }
            format!("http://{own}")
        }
    }
}

/// A gateway, the start of its payment page's address, and the sandbox when it is one.
type Gateway = (Arc<dyn payment::PaymentGateway>, String, Option<Arc<payment::Sandbox>>);

/// What reads the event store in this process: the read models' projector and the
/// runner of the booking reactions (for `/status/projections`).
struct Readers {
    projector: Option<Projector>,
    reactions: Option<JoinHandle<()>>,
    runners: Vec<Runner>,
}

/// The read models on their own thread (see `projector`); the booking reactions here,
/// since they issue commands through this runtime's pools and batchers. None for a role
/// that does not run projections.
async fn start_readers(
    cli: &Cli,
    args: &ServeArgs,
    store: &Arc<dyn event_store::EventStore>,
    commands: &command_api::CommandState,
    shutdown: &CancellationToken,
) -> anyhow::Result<Readers> {
    if !args.role.runs_projections() {
        return Ok(Readers { projector: None, reactions: None, runners: Vec::new() });
    }
    let projector = Projector::start(cli, shutdown).await?;
    let runner = Runner::new(store.clone(), commands.pool.clone(), RunnerConfig::default());
    let runners = vec![projector.runner().clone(), runner.clone()];
    let booking = command_api::processes::reactions::BookingReactions { state: commands.clone() };
    let disruptions = command_api::processes::disruptions::DisruptionProcess { state: commands.clone() };
    let complaint_mails = command_api::complaints::mails::ComplaintMails { state: commands.clone() };
    let shutdown = shutdown.clone();
    let reactions = tokio::spawn(async move {
        runner.run(vec![Arc::new(booking), Arc::new(disruptions), Arc::new(complaint_mails)], shutdown).await
    });
    Ok(Readers { projector: Some(projector), reactions: Some(reactions), runners })
}

/// The timed processes of the command side (none for a role that does not serve commands).
fn start_timers(
    args: &ServeArgs,
    commands: &command_api::CommandState,
    shutdown: &CancellationToken,
) -> Vec<JoinHandle<()>> {
    if !args.role.serves_commands() {
        return Vec::new();
    }
    let mut timers = command_api::processes::spawn_timers(commands, shutdown);
    timers.push(tokio::spawn(catalogue_api::course::recovery::run(commands.clone(), shutdown.clone())));
    timers
}

/// The payment gateway the settings choose, where its payment page is, and the sandbox
/// (whose pages this server serves) when it is the one.
fn payment_gateway(args: &ServeArgs, pool: &sqlx::PgPool, public_url: &str) -> anyhow::Result<Gateway> {
    match args.payment_provider.as_str() {
        "sandbox" => {
            let config = payment::SandboxConfig {
                public_url: public_url.to_string(),
                crc: args.sandbox_crc.clone(),
                ..payment::SandboxConfig::default()
            };
            let sandbox = Arc::new(payment::Sandbox::new(pool.clone(), config)?);
            Ok((sandbox.clone(), format!("{public_url}/payment/sandbox/"), Some(sandbox)))
        }
        "przelewy24" => {
            let p24 = payment::Przelewy24::new(payment::Przelewy24Config {
                base_url: args.p24_url.clone(),
                merchant_id: args.p24_merchant_id,
                pos_id: args.p24_pos_id,
                api_key: args.p24_api_key.clone(),
                crc: args.p24_crc.clone(),
            })?;
            let base = p24.redirect_url("");
            Ok((Arc::new(p24), base, None))
        }
        other => anyhow::bail!("PAYMENT_PROVIDER must be sandbox or przelewy24, not {other:?}"),
    }
}

async fn wait_for_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}
