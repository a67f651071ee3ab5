//! Invoices to KSeF through the real stand-in, over HTTP: the app serves the stand-in at
//! `/ksef-sandbox/v2` (`KSEF_ENV=sandbox`, the default) and its own rounds are off
//! (`--ksef-every 0`), so each test runs the sender's rounds when it chooses, through a
//! command state whose client speaks to that stand-in.

use command_api::processes::ksef::{self, KsefLink, RoundReport};
use command_api::CommandState;
use domain::order::{KsefStage, OrderEvent};
use event_store::{Direction, EventStore, ReadFrom, StreamName};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::*;

/// The company's NIP ([`company`]).
const SELLER_NIP: &str = "8652556348";

pub(super) async fn ksef_app(pool: PgPool) -> BookingApp {
    company(&pool).await;
    spawn_with(pool, &["--ksef-every", "0"]).await
}

/// A link to the app's stand-in.
pub(super) fn link(app: &BookingApp) -> KsefLink {
    let config = ::ksef::Config {
        env: ::ksef::Environment::Sandbox,
        api_url: app.url(app::ksef_setup::SANDBOX_PATH),
        nip: SELLER_NIP.into(),
        token: app::ksef_sandbox::TOKEN.into(),
    };
    let mut link = KsefLink::new(config).expect("a client");
    link.every = None;
    link
}

/// A command process that sends to the app's stand-in.
pub(super) async fn sender(app: &BookingApp) -> CommandState {
    app.command_state().await.with_ksef(link(app))
}

pub(super) async fn round(state: &CommandState) -> RoundReport {
    ksef::round(state).await.expect("a round")
}

/// The row of `document` once the projection has it in `state`.
pub(super) async fn row_in(app: &BookingApp, document: &str, state: &str) {
    eventually(&format!("{document} {state}"), || async {
        let now: Option<String> = sqlx::query_scalar("select state from rm_ksef_documents where document_number = $1")
            .bind(document)
            .fetch_optional(&app.pool)
            .await
            .expect("row");
        now.as_deref() == Some(state)
    })
    .await;
}

/// The invoice's number once issued and queued.
pub(super) async fn invoice_queued(app: &BookingApp, order_id: Uuid) -> String {
    eventually("the invoice issued", || async {
        app.order(order_id).await.placed().is_some_and(|o| o.invoice.is_some())
    })
    .await;
    let number = app.order(order_id).await.placed().and_then(|o| o.invoice.clone()).expect("invoice").number;
    row_in(app, &number, "waiting").await;
    number
}

/// The order's events of type `event_type`.
pub(super) async fn events_of(app: &BookingApp, order_id: Uuid, event_type: &str) -> Vec<OrderEvent> {
    let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let page = app.store.read_stream(&stream, ReadFrom::Start, Direction::Forwards, 1000).await.expect("read");
    page.iter().filter(|e| e.event_type == event_type).map(|e| e.decode().expect("an order event")).collect()
}

pub(super) fn stage(order: &domain::order::Order, document: &str) -> KsefStage {
    let placed = order.placed().expect("placed");
    placed.ksef.iter().find(|t| t.document == document).expect("a KSeF document").stage.clone()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_companys_paid_invoice_is_accepted_with_a_valid_ksef_number(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    // The tickets' e-mail is there; the invoice's waits for its KSeF number.
    eventually("the tickets e-mail", || async { !super::mailbox::mails(&app.data_dir).is_empty() }).await;
    let pdf = format!("{}.pdf", number.replace('/', "_"));
    let has_invoice = |m: &super::mailbox::Mail| m.attachments.iter().any(|a| a.filename == pdf);
    assert!(!super::mailbox::mails(&app.data_dir).iter().any(has_invoice), "mailed before KSeF numbered it");

    let report = round(&sender(&app).await).await;
    assert_eq!(
        (report.sent.clone(), report.accepted.clone()),
        (vec![number.clone()], vec![number.clone()]),
        "{report:?}"
    );

    let KsefStage::Accepted { ksef_number, .. } = stage(&app.order(order_id).await, &number) else {
        panic!("not accepted")
    };
    assert!(::ksef::KsefNumber::parse(&ksef_number).is_ok(), "{ksef_number}");
    assert!(ksef_number.starts_with(SELLER_NIP));
    assert_eq!(events_of(&app, order_id, "KsefSendStarted").await.len(), 1);
    assert_eq!(events_of(&app, order_id, "KsefAccepted").await.len(), 1);
    row_in(&app, &number, "accepted").await;
    let row_number: Option<String> =
        sqlx::query_scalar("select ksef_number from rm_ksef_documents where document_number = $1")
            .bind(&number)
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(row_number, Some(ksef_number.clone()));
    // The invoice e-mail waited for the number, and names it.
    let file = format!("{}.pdf", number.replace('/', "_"));
    eventually("the invoice e-mail", || async {
        super::mailbox::mails(&app.data_dir).iter().any(|m| m.attachments.iter().any(|a| a.filename == file))
    })
    .await;
    let mail = super::mailbox::mails(&app.data_dir)
        .into_iter()
        .find(|m| m.attachments.iter().any(|a| a.filename == file))
        .expect("the mail");
    assert!(mail.text.contains(&format!("Numer KSeF: {ksef_number}")), "{}", mail.text);
    assert!(mail.text.contains("https://qr-test.ksef.mf.gov.pl/invoice/8652556348/"), "{}", mail.text);
    // A later round fetches the UPO (once KSeF has it) and keeps it on the order's stream.
    let state = sender(&app).await;
    eventually("the UPO", || async {
        round(&state).await;
        !events_of(&app, order_id, "KsefUpoReceived").await.is_empty()
    })
    .await;
    row_in(&app, &number, "accepted").await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_send_cut_short_by_a_crash_is_resumed_without_a_second_copy(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;

    // What a process did before it died: the start recorded, the invoice sent, its answer
    // never recorded.
    let (events, order) = {
        let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
        let page = app.store.read_stream(&stream, ReadFrom::Start, Direction::Forwards, 1000).await.expect("read");
        let events: Vec<OrderEvent> = page.iter().map(|e| e.decode().expect("event")).collect();
        let order = events.iter().fold(domain::order::Order::default(), domain::order::evolve);
        (events, order)
    };
    let rendered =
        ksef::render_xml(&events, order.placed().expect("placed"), &number).expect("a document").expect("valid");
    let client = ::ksef::Client::new(::ksef::Config {
        env: ::ksef::Environment::Sandbox,
        api_url: app.url(app::ksef_setup::SANDBOX_PATH),
        nip: SELLER_NIP.into(),
        token: app::ksef_sandbox::TOKEN.into(),
    })
    .expect("client");
    let session = client.open_session().await.expect("a session");
    let step = domain::order::KsefStep::Start {
        document: number.clone(),
        xml_sha256: rendered.sha256.clone(),
        session_ref: session.reference.clone(),
        replaces: None,
        at: chrono::Utc::now(),
        batch: false,
    };
    let stream = command_api::aggregate::stream_of::<command_api::aggregate::OrderAgg>(&order_id).expect("stream");
    command_api::aggregate::execute::<command_api::aggregate::OrderAgg, _, _>(
        &app.store,
        &stream,
        Uuid::new_v4(),
        &event_store::Metadata::default(),
        |o| domain::order::decide_ksef(&step, o),
    )
    .await
    .expect("the start recorded");
    client.send(&session, rendered.xml.as_bytes(), false).await.expect("sent");

    // A fresh process's round.
    let report = round(&sender(&app).await).await;
    assert_eq!(report.resumed, vec![number.clone()], "{report:?}");
    assert!(report.sent.is_empty(), "{report:?}");
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Accepted { .. }));
    assert_eq!(events_of(&app, order_id, "KsefSendStarted").await.len(), 1);
    let found = client.find_sent(&session.reference, &rendered.sha256).await.expect("lookup");
    assert!(found.is_some());
    let copies = received(&app).await;
    assert_eq!(copies.get(&rendered.sha256).and_then(|v| v.as_u64()), Some(1), "one copy in KSeF: {copies:?}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_correction_waits_for_its_invoices_number_then_names_it(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let cancel = json!({ "id": order_id, "reason": "Kurs odwołany" });
    let (status, cancelled) =
        body(app.post("/api/order/order/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{cancelled}");
    eventually("the correction issued", || async {
        app.order(order_id).await.placed().and_then(|o| o.invoice.clone()).is_some_and(|i| !i.corrections.is_empty())
    })
    .await;
    let correction = app.order(order_id).await.placed().and_then(|o| o.invoice.clone()).expect("invoice").corrections
        [0]
    .number
    .clone();
    row_in(&app, &correction, "waiting").await;

    // The round sends the invoice; the correction waits for its number.
    let report = round(&sender(&app).await).await;
    assert_eq!(report.sent, vec![number.clone()], "{report:?}");
    assert_eq!(report.waiting_for_invoice, vec![correction.clone()], "{report:?}");
    assert_eq!(stage(&app.order(order_id).await, &correction), KsefStage::Waiting);

    let report = round(&sender(&app).await).await;
    assert_eq!(report.sent, vec![correction.clone()], "{report:?}");
    let order = app.order(order_id).await;
    let KsefStage::Accepted { ksef_number, .. } = stage(&order, &number) else { panic!("invoice not accepted") };
    let events = events_of_all(&app, order_id).await;
    let xml = ksef::render_xml(&events, order.placed().expect("placed"), &correction).expect("doc").expect("valid").xml;
    assert!(xml.contains(&ksef_number), "the correction names its invoice's KSeF number");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn two_processes_running_rounds_at_once_send_each_document_once(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let (one, two) = (sender(&app).await, sender(&app).await);
    let (a, b) = tokio::join!(round(&one), round(&two));
    let sent: Vec<_> = a.sent.iter().chain(&b.sent).collect();
    assert_eq!(sent, vec![&number], "{a:?} {b:?}");
    assert_eq!(events_of(&app, order_id, "KsefSendStarted").await.len(), 1);
    assert!(matches!(stage(&app.order(order_id).await, &number), KsefStage::Accepted { .. } | KsefStage::Sent { .. }));
    let (hash, _) = started_hash(&app, order_id, &number).await;
    let copies = received(&app).await;
    assert_eq!(copies.get(&hash).and_then(|v| v.as_u64()), Some(1), "one copy in KSeF: {copies:?}");
}

pub(super) async fn events_of_all(app: &BookingApp, order_id: Uuid) -> Vec<OrderEvent> {
    let stream = StreamName::parse(domain::order::stream_name(order_id)).expect("stream");
    let page = app.store.read_stream(&stream, ReadFrom::Start, Direction::Forwards, 1000).await.expect("read");
    page.iter().map(|e| e.decode().expect("an order event")).collect()
}

/// Tell the app's stand-in to fail (`POST /sandbox/faults`).
pub(super) async fn faults(app: &BookingApp, body: serde_json::Value) {
    let url = app.url(&format!("{}/sandbox/faults", app::ksef_setup::SANDBOX_PATH));
    let answer = app.client.post(url).json(&body).send().await.expect("faults");
    assert_eq!(answer.status(), 204);
}

/// How many copies of each hash the app's stand-in received.
pub(super) async fn received(app: &BookingApp) -> serde_json::Map<String, serde_json::Value> {
    let url = app.url(&format!("{}/sandbox/stats", app::ksef_setup::SANDBOX_PATH));
    let stats: serde_json::Value = app.client.get(url).send().await.expect("stats").json().await.expect("json");
    stats["receivedByHash"].as_object().cloned().unwrap_or_default()
}

/// The hash recorded by the order's last `KsefSendStarted` of `document`.
async fn started_hash(app: &BookingApp, order_id: Uuid, document: &str) -> (String, bool) {
    events_of(app, order_id, "KsefSendStarted")
        .await
        .into_iter()
        .rev()
        .find_map(|e| match e {
            OrderEvent::KsefSendStarted { document: d, xml_sha256, offline, .. } if d == document => {
                Some((xml_sha256, offline))
            }
            _ => None,
        })
        .expect("a send started")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn while_ksef_is_down_invoices_go_offline_with_a_deadline_and_are_sent_in_order_when_it_answers(pool: PgPool) {
    let app = ksef_app(pool).await;
    let first_order = super::invoices::paid_order_with_invoice(&app).await;
    let first = invoice_queued(&app, first_order).await;
    faults(&app, json!({ "down": true })).await;

    let report = round(&sender(&app).await).await;
    assert_eq!(report.went_offline, vec![first.clone()], "{report:?}");
    assert!(report.trouble.as_deref().is_some_and(|t| t.contains("unavailable")), "{report:?}");
    let second_order = super::invoices::paid_order_with_invoice(&app).await;
    let second = invoice_queued(&app, second_order).await;
    let report = round(&sender(&app).await).await;
    assert_eq!(report.went_offline, vec![second.clone()], "{report:?}");
    row_in(&app, &first, "offline").await;
    let deadline: Option<chrono::NaiveDate> =
        sqlx::query_scalar("select deadline from rm_ksef_documents where document_number = $1")
            .bind(&first)
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(deadline, Some(domain::order::offline_deadline(api_core::time::warsaw_today())));

    // The invoice e-mail goes once the invoice went offline, and says so.
    let pdf = format!("{}.pdf", first.replace('/', "_"));
    eventually("the offline invoice's e-mail", || async {
        super::mailbox::mails(&app.data_dir)
            .iter()
            .any(|m| m.attachments.iter().any(|a| a.filename == pdf) && m.text.contains("trybie offline"))
    })
    .await;

    faults(&app, json!({ "down": false })).await;
    let report = round(&sender(&app).await).await;
    assert_eq!(report.sent, vec![first.clone(), second.clone()], "in the queue's order: {report:?}");
    for (order_id, document) in [(first_order, &first), (second_order, &second)] {
        let (_, offline) = started_hash(&app, order_id, document).await;
        assert!(offline, "{document} is sent with offlineMode");
        assert!(matches!(stage(&app.order(order_id).await, document), KsefStage::Accepted { .. }));
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_rejected_invoice_is_shown_then_sent_again_under_its_number_once_the_buyer_is_corrected(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    faults(&app, json!({ "failNext": [{ "kind": "schemaRejection" }] })).await;

    let report = round(&sender(&app).await).await;
    assert_eq!(report.rejected, vec![number.clone()], "{report:?}");
    row_in(&app, &number, "rejected").await;
    let (code, reason): (Option<i64>, Option<String>) =
        sqlx::query_as("select rejection_code, rejection_reason from rm_ksef_documents where document_number = $1")
            .bind(&number)
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(code, Some(450));
    assert!(reason.is_some_and(|r| !r.is_empty()));
    let (first_hash, _) = started_hash(&app, order_id, &number).await;

    // The admin corrects the buyer: the same invoice, amended, no correction invoice.
    let edit = json!({
        "invoice": { "country": "PL", "vat_number": "5260250274", "company_name": "Firma Poprawna Sp. z o.o.",
            "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" },
        "reason": "Poprawna nazwa nabywcy"
    });
    let request = app.client.put(app.url(&format!("/api/order/order/save?id={order_id}"))).json(&edit);
    let (status, saved) = body(request.bearer_auth(&app.admin_token).send().await.expect("request")).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["correction_number"], serde_json::Value::Null, "{saved}");
    assert_eq!(events_of(&app, order_id, "RejectedInvoiceAmended").await.len(), 1);
    assert!(events_of(&app, order_id, "InvoiceCorrected").await.is_empty());
    row_in(&app, &number, "waiting").await;

    let report = round(&sender(&app).await).await;
    assert_eq!(
        (report.sent.clone(), report.accepted.clone()),
        (vec![number.clone()], vec![number.clone()]),
        "{report:?}"
    );
    let (second_hash, _) = started_hash(&app, order_id, &number).await;
    assert_ne!(first_hash, second_hash, "the amended XML");
    let events = events_of_all(&app, order_id).await;
    let order = app.order(order_id).await;
    let xml = ksef::render_xml(&events, order.placed().expect("placed"), &number).expect("doc").expect("valid").xml;
    assert!(xml.contains("Firma Poprawna Sp. z o.o."));
    let copies = received(&app).await;
    assert_eq!(copies.get(&second_hash).and_then(|v| v.as_u64()), Some(1));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_refused_token_is_reported_without_the_token_and_loses_no_invoice(pool: PgPool) {
    let app = ksef_app(pool).await;
    let order_id = super::invoices::paid_order_with_invoice(&app).await;
    let number = invoice_queued(&app, order_id).await;
    let secret = "not-the-token-KSeF-knows";
    let mut wrong = link(&app);
    wrong.client = Some(std::sync::Arc::new(
        ::ksef::Client::new(::ksef::Config {
            env: ::ksef::Environment::Sandbox,
            api_url: app.url(app::ksef_setup::SANDBOX_PATH),
            nip: SELLER_NIP.into(),
            token: secret.into(),
        })
        .expect("client"),
    ));
    let state = app.command_state().await.with_ksef(wrong);

    let report = round(&state).await;
    let trouble = report.trouble.clone().expect("the refusal reported");
    assert!(!trouble.contains(secret), "the token is never told: {trouble}");
    assert!(report.sent.is_empty() && report.went_offline.is_empty(), "{report:?}");
    assert_eq!(stage(&app.order(order_id).await, &number), KsefStage::Waiting, "not offline: KSeF answered");

    // With the right token it goes.
    let report = round(&sender(&app).await).await;
    assert_eq!(report.sent, vec![number], "{report:?}");
}
