//! The month's JPK_V7M(3) replayed from the PostgreSQL event store: a November with
//! invoices (accepted by KSeF, one issued offline, one outside KSeF to a consumer), a
//! correction, an invoice issued afterwards to an online sale already in its day's
//! document (FP), online and desk sales without invoices with a return, and an October
//! sale that is not November's. The file validates against the official schema, its
//! control sum and declaration are the rows' sums, and the sales register lists the same
//! rows with the same sums.

use std::collections::HashMap;

use chrono::{FixedOffset, NaiveDate, TimeZone};
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use finance::jpk::{self, Company, JpkRequest, Month};
use finance::sales_register::{CollectSink, CsvSalesSink};
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

const NOV: Month = Month { year: 2026, month: 11 };

async fn append(store: &PgEventStore, order: u128, event_type: &str, data: Value) {
    let stream = StreamName::parse(format!("order-{}", Uuid::from_u128(order))).unwrap();
    let event = NewEvent::from_json_text(Uuid::new_v4(), event_type, &data.to_string(), Metadata::default()).unwrap();
    store.append(&stream, ExpectedVersion::Any, vec![event]).await.expect("append");
}

fn id(order: u128) -> Uuid {
    Uuid::from_u128(order)
}

async fn placed(store: &PgEventStore, order: u128, total: i64, provider: &str, invoice: bool) {
    let buyer = json!({ "country": "PL", "vat_number": "5260250274", "company_name": "Kolej Sp. z o.o.",
        "address": "ul. Kolejowa 1", "postal_code": "37-400", "city": "Nisko" });
    let data = json!({ "type": "OrderPlaced", "order_id": id(order), "total": total,
        "invoice": if invoice { buyer } else { Value::Null },
        "payment": { "provider": provider, "session_id": "s", "token": "t" } });
    append(store, order, "OrderPlaced", data).await;
}

async fn paid(store: &PgEventStore, order: u128, at: &str) {
    let data = json!({ "type": "OrderPaid", "order_id": id(order), "paid_at": at, "amount": 1,
        "transaction_id": "t", "tickets": [] });
    append(store, order, "OrderPaid", data).await;
}

async fn invoice(store: &PgEventStore, order: u128, number: &str, at: &str, total: i64, nip: &str, ksef: bool) {
    let split = domain::money::vat_split(total, 8);
    let data = json!({ "type": "InvoiceIssued", "order_id": id(order), "number": number, "issued_at": at,
        "total": total, "vat_rate": 8, "sale_date": &at[..10], "net": split.net, "vat": split.vat, "ksef": ksef,
        "buyer": { "country": "PL", "vat_number": nip, "company_name": if nip.is_empty() { "" } else { "Kolej Sp. z o.o." },
            "address": "", "postal_code": "", "city": "" } });
    append(store, order, "InvoiceIssued", data).await;
}

async fn accepted(store: &PgEventStore, order: u128, document: &str, ksef_number: &str) {
    let data = json!({ "type": "KsefAccepted", "order_id": id(order), "document": document,
        "ksef_number": ksef_number, "session_ref": "s", "at": "2026-11-20T10:00:00Z" });
    append(store, order, "KsefAccepted", data).await;
}

/// The month's events (see the module's guide).
async fn november(store: &PgEventStore) {
    // A: a company's invoice at the sale, accepted; a ticket returned: its correction, accepted.
    placed(store, 1, 10_800, "przelewy24", true).await;
    paid(store, 1, "2026-11-03T09:00:00Z").await;
    invoice(store, 1, "FV/2026/11/1", "2026-11-03T09:00:01Z", 10_800, "5260250274", true).await;
    accepted(store, 1, "FV/2026/11/1", "5250001233-20261103-010080DD2B5E-26").await;
    let split = domain::money::vat_split(-5_400, 8);
    append(
        store,
        1,
        "InvoiceCorrected",
        json!({ "type": "InvoiceCorrected", "order_id": id(1),
        "number": "KOR/2026/11/1", "corrects": "FV/2026/11/1", "amount": -5_400, "issued_at": "2026-11-10T12:00:00Z",
        "total_before": 10_800, "vat_rate": 8, "net": split.net, "vat": split.vat, "ksef": true,
        "buyer": { "country": "PL", "vat_number": "5260250274", "company_name": "Kolej Sp. z o.o.",
            "address": "", "postal_code": "", "city": "" } }),
    )
    .await;
    accepted(store, 1, "KOR/2026/11/1", "5250001233-20261110-0100A0B0C0D0-1F").await;
    // B: a company's invoice issued while KSeF was down: OFF.
    placed(store, 2, 7_800, "przelewy24", true).await;
    paid(store, 2, "2026-11-04T10:00:00Z").await;
    invoice(store, 2, "FV/2026/11/2", "2026-11-04T10:00:01Z", 7_800, "5260250274", true).await;
    append(
        store,
        2,
        "KsefWentOffline",
        json!({ "type": "KsefWentOffline", "order_id": id(2),
        "document": "FV/2026/11/2", "at": "2026-11-04T10:00:02Z", "deadline": "2026-11-05" }),
    )
    .await;
    // C: an online sale without an invoice (23:30Z on the 4th is the 5th in Warsaw), then a
    // consumer's invoice to it afterwards, outside KSeF: FP and BFK.
    placed(store, 3, 3_900, "przelewy24", false).await;
    paid(store, 3, "2026-11-04T23:30:00Z").await;
    invoice(store, 3, "FV/2026/11/3", "2026-11-12T08:00:00Z", 3_900, "", false).await;
    // D, E: two desk sales in cash on the 7th, a ticket of one returned that day (fee 3,90).
    placed(store, 4, 7_800, "cash", false).await;
    paid(store, 4, "2026-11-07T09:00:00Z").await;
    placed(store, 5, 2_000, "card_terminal", false).await;
    paid(store, 5, "2026-11-07T11:00:00Z").await;
    append(
        store,
        4,
        "TicketReturned",
        json!({ "type": "TicketReturned", "order_id": id(4),
        "ticket_id": Uuid::new_v4(), "number": "NK-1", "returned_at": "2026-11-07T15:00:00Z", "by_user_id": null,
        "price": 3_900, "fee": 390, "coupon_refund": 0, "money_refund": 3_510 }),
    )
    .await;
    // F: an online sale of October: not November's.
    placed(store, 6, 5_000, "przelewy24", false).await;
    paid(store, 6, "2026-10-31T10:00:00Z").await;
}

fn request() -> JpkRequest {
    JpkRequest {
        month: NOV,
        tax_office: "1811".into(),
        purpose: 1,
        created_at: FixedOffset::east_opt(3600).unwrap().with_ymd_and_hms(2026, 12, 10, 9, 0, 0).unwrap(),
    }
}

fn company() -> Company {
    Company {
        nip: "8650001238".into(),
        name: "Nisko Bus Sp. z o.o.".into(),
        email: "biuro@example.test".into(),
        vat_rate: 8,
    }
}

fn between<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    xml.match_indices(&open)
        .filter_map(|(at, _)| {
            let rest = &xml[at + open.len()..];
            rest.find(&close).map(|end| &rest[..end])
        })
        .collect()
}

fn grosz(text: &str) -> i64 {
    let (zl, gr) = text.split_once('.').expect("two decimals");
    let sign = if zl.starts_with('-') { -1 } else { 1 };
    sign * (zl.trim_start_matches('-').parse::<i64>().unwrap() * 100 + gr.parse::<i64>().unwrap())
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_month_of_invoices_and_sales_without_them_makes_a_valid_jpk_whose_sums_agree(pool: PgPool) {
    let store = PgEventStore::new(pool);
    november(&store).await;
    let z = HashMap::from([(NaiveDate::from_ymd_opt(2026, 11, 7).unwrap(), "Z/0042".to_owned())]);
    let mut out = Vec::new();
    let mut writer = jpk::jpk_writer(&mut out, &request(), &company());
    let summary = jpk::generate(&store, NOV, 8, &z, &mut writer).await.expect("the file");
    drop(writer);
    let xml = String::from_utf8(out).unwrap();
    if let Err(e) = test_support::jpk::validate("november", &xml) {
        panic!("{e}\n{xml}");
    }

    // The rows: 3 invoices and a correction, the online day (5th) and the desk's day (7th).
    assert_eq!(
        between(&xml, "DowodSprzedazy"),
        ["FV/2026/11/1", "KOR/2026/11/1", "FV/2026/11/2", "FV/2026/11/3", "WEW/2026-11-05", "RO Z/0042"]
    );
    assert_eq!((summary.invoices, summary.corrections, summary.fp, summary.day_documents), (3, 1, 1, 2));
    assert_eq!(between(&xml, "NrKSeF"), ["5250001233-20261103-010080DD2B5E-26", "5250001233-20261110-0100A0B0C0D0-1F"]);
    assert_eq!(between(&xml, "OFF").len(), 1, "FV/2026/11/2 was issued offline");
    assert_eq!(between(&xml, "BFK").len(), 1, "FV/2026/11/3 was issued outside KSeF");
    assert_eq!(between(&xml, "DI").len(), 2, "the day documents");
    assert_eq!(between(&xml, "TypDokumentu"), ["FP", "WEW", "RO"]);
    assert_eq!(between(&xml, "NrKontrahenta"), ["5260250274", "5260250274", "5260250274", "BRAK", "BRAK", "BRAK"]);
    assert_eq!(summary.not_in_ksef, vec!["FV/2026/11/2".to_owned()]);

    // The desk's day: 78,00 + 20,00 − (39,00 − 3,90) = 62,90 gross at 8 %.
    let nets: Vec<i64> = between(&xml, "K_17").iter().map(|t| grosz(t)).collect();
    let vats: Vec<i64> = between(&xml, "K_18").iter().map(|t| grosz(t)).collect();
    let split = domain::money::vat_split(6_290, 8);
    assert_eq!((nets[5], vats[5]), (split.net, split.vat));

    // The control sum is the rows' tax less FP's; the declaration is it in whole złoty.
    let counted: i64 = vats.iter().enumerate().filter(|(i, _)| *i != 3).map(|(_, v)| v).sum();
    assert_eq!(grosz(between(&xml, "PodatekNalezny")[0]), counted);
    assert_eq!(summary.tax_due, counted);
    assert_eq!(between(&xml, "LiczbaWierszySprzedazy"), ["6"]);
    let counted_net: i64 = nets.iter().enumerate().filter(|(i, _)| *i != 3).map(|(_, v)| v).sum();
    let whole = |g: i64| ((g.abs() + 50) / 100 * g.signum()).to_string();
    assert_eq!(between(&xml, "P_17"), [whole(counted_net)]);
    assert_eq!(between(&xml, "P_18"), [whole(counted)]);
    assert_eq!(between(&xml, "P_38"), [whole(counted)]);
    assert_eq!(between(&xml, "P_51"), [whole(counted)]);

    // The sales register: the same rows, the same sums per rate.
    let mut register = CollectSink::default();
    let again = jpk::generate(&store, NOV, 8, &z, &mut register).await.expect("the register");
    assert_eq!(again.tax_due, summary.tax_due);
    let documents: Vec<&str> = register.records.iter().map(|r| r.document.as_str()).collect();
    assert_eq!(documents, between(&xml, "DowodSprzedazy"));
    let totals = register.totals();
    assert_eq!(totals.len(), 1);
    assert_eq!((totals[0].rate, totals[0].vat, totals[0].net), (8, counted, counted_net));
    assert!(register.records[3].fp);

    let mut csv = Vec::new();
    let mut sink = CsvSalesSink::new(&mut csv).unwrap();
    jpk::generate(&store, NOV, 8, &z, &mut sink).await.expect("the CSV");
    drop(sink);
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.starts_with('\u{feff}'));
    assert!(csv.contains("RO Z/0042;RO;;2026-11-07"), "{csv}");
    assert!(csv.contains(";Razem 8 %;"), "{csv}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_empty_month_is_a_valid_file_of_no_rows(pool: PgPool) {
    let store = PgEventStore::new(pool);
    let mut out = Vec::new();
    let mut writer = jpk::jpk_writer(&mut out, &request(), &company());
    let summary = jpk::generate(&store, NOV, 8, &HashMap::new(), &mut writer).await.expect("the file");
    drop(writer);
    let xml = String::from_utf8(out).unwrap();
    if let Err(e) = test_support::jpk::validate("empty", &xml) {
        panic!("{e}\n{xml}");
    }
    assert_eq!(summary.rows, 0);
    assert_eq!(between(&xml, "P_38"), ["0"]);
    let _ = store.head().await;
}
