//! The replay against the PostgreSQL event store, each case in a fresh database: invoice
//! events appended to order streams among other events, the register rebuilt as of
//! different moments.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use domain::money::vat_split;
use domain::order::{stream_name, InvoiceRequest, OrderEvent};
use event_store::postgres::PgEventStore;
use event_store::{Direction, EventStore, ExpectedVersion, Metadata, NewEvent, ReadFrom, StreamName};
use finance::{replay, CsvSink, JsonSink, RegisterQuery, Summary};
use sqlx::PgPool;
use uuid::Uuid;

/// Append `event` to its order's stream; the instant the store recorded it.
async fn append(store: &PgEventStore, event: &OrderEvent) -> DateTime<Utc> {
    let stream = StreamName::parse(stream_name(event.order_id())).unwrap();
    let new = NewEvent::json(event.event_id(), event.event_type(), event, Metadata::default()).unwrap();
    store.append(&stream, ExpectedVersion::Any, vec![new]).await.expect("append");
    let last = store.read_stream(&stream, ReadFrom::End, Direction::Backwards, 1).await.expect("read back");
    last[0].recorded_at
}

/// An event of another stream and type, which the register must skip.
async fn append_other(store: &PgEventStore, n: usize) {
    let stream = StreamName::parse(format!("course-{}", Uuid::new_v4())).unwrap();
    let events = (0..n)
        .map(|i| NewEvent::from_json_text(Uuid::new_v4(), "SeatsHeld", &format!(r#"{{"n":{i}}}"#), Metadata::default()))
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    store.append(&stream, ExpectedVersion::Any, events).await.expect("append other");
}

fn buyer() -> InvoiceRequest {
    InvoiceRequest {
        country: "PL".into(),
        vat_number: "5260250274".into(),
        company_name: "Firma; \"Kolej\" Sp. z o.o.".into(),
        address: "ul. Kolejowa 1".into(),
        postal_code: "37-400".into(),
        city: "Nisko".into(),
    }
}

fn issued(order_id: Uuid, number: &str, issued_at: DateTime<Utc>, total: i64) -> OrderEvent {
    let split = vat_split(total, 8);
    OrderEvent::InvoiceIssued {
        order_id,
        number: number.into(),
        issued_at,
        total,
        vat_rate: 8,
        sale_date: Some(finance::register::warsaw_date(issued_at)),
        seller: None,
        buyer: Some(buyer()),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: false,
    }
}

fn corrected(
    order_id: Uuid,
    number: &str,
    corrects: &str,
    issued_at: DateTime<Utc>,
    before: i64,
    amount: i64,
) -> OrderEvent {
    let split = vat_split(before + amount, 8).minus(vat_split(before, 8));
    OrderEvent::InvoiceCorrected {
        order_id,
        number: number.into(),
        corrects: corrects.into(),
        amount,
        issued_at,
        reason: "Zwrot biletu".into(),
        line: None,
        total_before: Some(before),
        vat_rate: Some(8),
        corrects_issued_at: Some(issued_at),
        sale_date: None,
        seller: None,
        buyer: Some(buyer()),
        net: Some(split.net),
        vat: Some(split.vat),
        ksef: false,
    }
}

fn today() -> NaiveDate {
    finance::register::warsaw_date(Utc::now())
}

/// The register as CSV text, with a time limit (a replay that missed the head would wait
/// for ever).
async fn csv(store: &PgEventStore, query: RegisterQuery) -> (String, Summary) {
    let mut sink = CsvSink::new(Vec::new()).unwrap();
    let summary = tokio::time::timeout(Duration::from_secs(20), replay(store, &query, &mut sink))
        .await
        .expect("the replay ends")
        .expect("the replay");
    (String::from_utf8(sink.into_inner().unwrap()).unwrap(), summary)
}

fn numbers(csv: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(csv.as_bytes());
    reader.records().map(|r| r.unwrap()[0].to_string()).collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_register_cut_before_a_correction_was_recorded_lacks_it(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let order = Uuid::new_v4();
    let now = Utc::now();
    append_other(&store, 3).await;
    let invoice_recorded = append(&store, &issued(order, "FV/2026/1", now, 7800)).await;
    append_other(&store, 2).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let correction_recorded =
        append(&store, &corrected(order, "FV-KOR/2026/1", "FV/2026/1", Utc::now(), 7800, -3900)).await;
    // KSeF accepted the invoice after the correction was recorded.
    let accepted = OrderEvent::KsefAccepted {
        order_id: order,
        document: "FV/2026/1".into(),
        session_ref: "S1".into(),
        ksef_number: "5260250274-20261127-0100000000AB-7C".into(),
        acquired_at: Utc::now(),
        duplicate_sent_in: None,
    };
    append(&store, &accepted).await;
    // The head is another stream's event: the replay must still know it has read all.
    append_other(&store, 1).await;
    assert!(invoice_recorded < correction_recorded);
    let whole = RegisterQuery::new(today(), today().pred_opt().unwrap(), today().succ_opt().unwrap()).unwrap();

    // Cut at the instant the correction was recorded: it is not in the register.
    let (before, summary) = csv(&store, whole.recorded_before(correction_recorded)).await;
    assert_eq!(numbers(&before), ["FV/2026/1"]);
    assert_eq!((summary.rows, summary.totals.gross), (1, 7800));

    // As of today, both documents, the correction naming its invoice with negative sums.
    let (after, summary) = csv(&store, whole).await;
    assert_eq!(numbers(&after), ["FV/2026/1", "FV-KOR/2026/1"]);
    assert_eq!((summary.rows, summary.totals.net, summary.totals.vat, summary.totals.gross), (2, 3611, 289, 3900));
    let correction_line = after.lines().nth(2).unwrap();
    assert!(correction_line.ends_with(";-36,11;-2,89;-39,00;FV/2026/1;"), "{correction_line}");
    // The KSeF number column: the invoice's number as of today, none in the earlier cut.
    assert!(after.lines().nth(1).unwrap().ends_with(";5260250274-20261127-0100000000AB-7C"), "{after}");
    assert!(before.lines().nth(1).unwrap().ends_with(';'), "{before}");
    assert!(after.contains("\"Firma; \"\"Kolej\"\" Sp. z o.o.\""), "quoted: {after}");

    // As of yesterday (Warsaw), neither.
    let yesterday = RegisterQuery::new(today().pred_opt().unwrap(), whole.from, whole.to).unwrap();
    let (nothing, summary) = csv(&store, yesterday).await;
    assert_eq!(numbers(&nothing), Vec::<String>::new());
    assert_eq!(summary, Summary::default());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_json_register_lists_the_documents_issued_between_the_dates(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let now = Utc::now();
    let long_ago = now - chrono::TimeDelta::days(40);
    append(&store, &issued(Uuid::new_v4(), "FV/2026/1", long_ago, 3900)).await;
    append(&store, &issued(Uuid::new_v4(), "FV/2026/2", now, 12345)).await;
    let query = RegisterQuery::new(today(), today(), today()).unwrap();

    let mut sink = JsonSink::new(Vec::new(), &query).unwrap();
    replay(&store, &query, &mut sink).await.expect("the replay");
    let json: serde_json::Value = serde_json::from_slice(&sink.into_inner()).unwrap();

    let rows = json["data"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{json}");
    assert_eq!(rows[0]["number"], "FV/2026/2");
    assert_eq!(rows[0]["kind"], "VAT");
    assert_eq!(rows[0]["buyer_tax_id"], "5260250274");
    assert_eq!(json["data"]["totals"], serde_json::json!({ "net": 11431, "vat": 914, "gross": 12345 }));
    assert_eq!(json["data"]["as_of"], today().to_string());
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_empty_store_and_a_store_without_invoices_give_an_empty_register(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let query = RegisterQuery::new(today(), today(), today()).unwrap();
    let (empty, summary) = csv(&store, query).await;
    assert_eq!(empty.lines().count(), 1, "the header alone");
    assert_eq!(summary, Summary::default());

    append_other(&store, 5).await;
    let (empty, _) = csv(&store, query).await;
    assert_eq!(empty.lines().count(), 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_register_as_of_a_day_before_the_events_were_recorded_has_none_of_them(pool: PgPool) {
    let store = PgEventStore::new(pool);
    // Dated in the register's days, but recorded now.
    let dated: DateTime<Utc> = "2020-01-15T10:00:00Z".parse().unwrap();
    for i in 0..20 {
        append(&store, &issued(Uuid::new_v4(), &format!("FV/2020/{i}"), dated, 100)).await;
    }
    let old = "2020-01-31".parse().unwrap();
    let query = RegisterQuery::new(old, "2020-01-01".parse().unwrap(), old).unwrap();
    let (register, summary) = csv(&store, query).await;
    assert_eq!(register.lines().count(), 1);
    assert_eq!(summary.rows, 0);
    // As of today, all twenty.
    let (register, summary) = csv(&store, RegisterQuery::new(today(), query.from, old).unwrap()).await;
    assert_eq!((register.lines().count(), summary.rows), (21, 20));
}
