//! The invoice e-mails through the real application: a paid order's invoice goes to the
//! customer with its PDF (the same bytes the download gives) and a copy to the company's
//! invoice office; a return's correction goes the same way; a replay of the reactions
//! sends nothing twice.

use command_api::processes::reactions::BookingReactions;
use domain::order::Order;
use event_store::SubscriptionFilter;
use projections::Projection;
use serde_json::json;

use super::invoices::paid_order_with_invoice;
use super::mailbox::{mails, mails_to, Mail};
use super::*;

const CUSTOMER: &str = "jan.kowalski@example.test";
const INVOICE_OFFICE: &str = "faktury@niskobus.test";
pub(super) const REPORT_OFFICE: &str = "raporty@niskobus.test";

/// The carrier's company row: the seller's NIP and address, and both offices' addresses.
pub(super) async fn company_with_offices(pool: &PgPool) {
    sqlx::query(
        "insert into companies (name, invoice_prefix, tax_id, address, postal_code, city, country, \
                                invoice_email, order_report_email) \
         values ('Nisko Bus sp. z o.o.', 'NB', '8652556348', 'ul. Kolejowa 12', '37-400', 'Nisko', 'PL', $1, $2)",
    )
    .bind(INVOICE_OFFICE)
    .bind(REPORT_OFFICE)
    .execute(pool)
    .await
    .expect("company");
}

/// The one message to `to` carrying `filename`, once it has come.
async fn the_mail_with(app: &BookingApp, to: &str, filename: &str) -> Mail {
    eventually(&format!("{filename} to {to}"), || async {
        mails_to(&app.data_dir, to).iter().any(|m| m.attachment(filename).is_some())
    })
    .await;
    let found: Vec<Mail> =
        mails_to(&app.data_dir, to).into_iter().filter(|m| m.attachment(filename).is_some()).collect();
    assert_eq!(found.len(), 1, "{filename} to {to} once: {found:#?}");
    found.into_iter().next().expect("one")
}

/// Whether the order's row in `rm_orders` (the `orders` projection) has every event of its
/// stream so far.
async fn order_row_caught_up(app: &BookingApp, order_id: Uuid) -> bool {
    let version = app.stream_version(order_id).await;
    let row: Option<i64> = sqlx::query_scalar("select version from rm_orders where order_id = $1")
        .bind(order_id)
        .fetch_optional(&app.pool)
        .await
        .expect("the order's row");
    row.and_then(|v| u64::try_from(v).ok()) == Some(version)
}

/// The PDF of the order's document `number`, downloaded as the admin.
async fn downloaded(app: &BookingApp, order_id: Uuid, number: &str) -> Vec<u8> {
    let id = || async {
        let list = format!("/api/order/order-invoice/all?filter[order_id][eq]={order_id}");
        let response = app.client.get(app.url(&list)).bearer_auth(&app.admin_token).send().await.expect("list");
        let (_, page) = body(response).await;
        page["data"]["models"]
            .as_array()
            .and_then(|d| d.iter().find(|d| d["number"] == number))
            .and_then(|d| d["id"].as_str().map(str::to_owned))
    };
    // The PDF is drawn from the document's row (`invoices`) and from the order's
    // (`orders`: its lines, its payment and when it was paid), two projections at their
    // own pace: wait for both, or the download can be of an order row behind the events
    // the e-mailed PDF was made from.
    eventually(&format!("{number} in the invoice list and the order's row up to date"), || async {
        id().await.is_some() && order_row_caught_up(app, order_id).await
    })
    .await;
    let path = format!("/api/order/order-invoice/pdf?id={}", id().await.expect("an id"));
    let pdf = app.client.get(app.url(&path)).bearer_auth(&app.admin_token).send().await.expect("pdf");
    assert_eq!(pdf.status(), 200);
    pdf.bytes().await.expect("bytes").to_vec()
}

/// Every event the booking reactions follow, offered to them again, as a runner
/// resumed from an old checkpoint (or a rebuild) would.
async fn replay_reactions(app: &BookingApp) {
    let state = app.command_state().await;
    let reactions = BookingReactions { state };
    let SubscriptionFilter::EventType(types) = reactions.filter() else { panic!("the reactions filter by type") };
    let events: Vec<_> = app
        .store
        .read_all(None, 100_000)
        .await
        .expect("events")
        .into_iter()
        .filter(|e| types.contains(&e.event_type))
        .collect();
    assert!(events.iter().any(|e| e.event_type == "InvoiceCorrected"), "the history has a correction");
    let mut conn = app.pool.acquire().await.expect("a connection");
    reactions.apply(&mut conn, &events).await.expect("the replay");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_invoice_and_its_correction_go_to_the_customer_and_the_invoice_office_once(pool: PgPool) {
    // Without KSeF: every document is mailed as soon as it is issued.
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company_with_offices(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let year = chrono::Datelike::year(&api_core::time::warsaw_today());
    let number = format!("NB/{year}/1");
    let file = format!("NB_{year}_1.pdf");

    // The customer's e-mail: the invoice PDF attached, the words in Polish (the order's language).
    let mail = the_mail_with(&app, CUSTOMER, &file).await;
    let pdf = mail.attachment(&file).expect("the invoice");
    assert_eq!(pdf.content_type, "application/pdf");
    assert!(pdf.bytes.starts_with(b"%PDF-"), "a PDF");
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(mail.subject, format!("Faktura {number} – zamówienie {}", state.display_number()));
    assert!(mail.text.contains(&format!("w załączniku faktura VAT {number} do zamówienia")), "{}", mail.text);
    assert!(mail.text.contains("kwota brutto 36,00"), "{}", mail.text);
    assert!(mail.text.contains(&format!("/order/success/{}", state.hash_id)), "{}", mail.text);
    assert!(!mail.text.contains("In English"), "a Polish order's e-mail is Polish only: {}", mail.text);
    // The document mailed is the document downloaded, to the byte.
    assert_eq!(pdf.bytes, downloaded(&app, order_id, &number).await, "one mapping, one PDF");

    // The invoice office's copy: the same file, with what it is filed by.
    let copy = the_mail_with(&app, INVOICE_OFFICE, &file).await;
    assert_eq!(copy.attachment(&file).expect("the invoice").bytes, pdf.bytes);
    assert_eq!(copy.subject, format!("Kopia: {}", mail.subject));
    assert!(copy.text.contains("Nabywca: Firma Sp. z o.o., NIP 5260250274"), "{}", copy.text);
    assert!(copy.text.contains(&format!("Kopia dokumentu wysłanego klientowi ({CUSTOMER})")), "{}", copy.text);

    // A returned ticket: its correction goes the same way, in a message of its own.
    let ticket = &state.tickets[0].ticket;
    let ret = json!({ "number": ticket.number, "code": ticket.code });
    let (status, returned) = body(app.post("/api/order/order/return-ticket", &ret, None, None).await).await;
    assert_eq!(status, 200, "{returned}");
    let correction = format!("NB-KOR/{year}/1");
    let correction_file = format!("NB-KOR_{year}_1.pdf");
    let mail = the_mail_with(&app, CUSTOMER, &correction_file).await;
    assert_eq!(mail.attachments.len(), 1, "the correction alone");
    let corrected = mail.attachment(&correction_file).expect("the correction");
    assert!(corrected.bytes.starts_with(b"%PDF-"));
    assert_eq!(corrected.bytes, downloaded(&app, order_id, &correction).await);
    assert!(mail.text.contains(&format!("faktura korygująca {correction} do faktury {number}")), "{}", mail.text);
    assert!(mail.text.contains(&format!("Przyczyna korekty: Zwrot biletu {}", ticket.number)), "{}", mail.text);
    let refunded = returned["data"]["price"].as_i64().expect("price") - returned["data"]["fee"].as_i64().expect("fee");
    assert!(
        mail.text.contains(&format!("zmiana kwoty brutto -{}", domain::money::format_pln(refunded))),
        "{}",
        mail.text
    );
    let copy = the_mail_with(&app, INVOICE_OFFICE, &correction_file).await;
    assert_eq!(copy.attachment(&correction_file).expect("the correction").bytes, corrected.bytes);

    // The reactions offered every event again: nothing is sent twice (the tickets neither).
    let before = mails(&app.data_dir).len();
    replay_reactions(&app).await;
    assert_eq!(mails(&app.data_dir).len(), before, "a replay sends nothing");
    the_mail_with(&app, CUSTOMER, &file).await;
    the_mail_with(&app, INVOICE_OFFICE, &correction_file).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn without_an_invoice_office_only_the_customer_gets_the_invoice(pool: PgPool) {
    // Without KSeF: every document is mailed as soon as it is issued.
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    paid_order_with_invoice(&app).await;
    let year = chrono::Datelike::year(&api_core::time::warsaw_today());
    the_mail_with(&app, CUSTOMER, &format!("NB_{year}_1.pdf")).await;
    // The tickets and the invoice, both to the customer, and nothing to anyone else.
    // (Besides the link to pay, when the booking process reached the placement before the
    // payment: that one says nothing of the invoice.)
    let payment_link = |m: &Mail| m.subject.starts_with("Dokończ płatność");
    eventually("the tickets e-mail", || async {
        mails(&app.data_dir).iter().filter(|m| !payment_link(m)).count() >= 2
    })
    .await;
    let all: Vec<Mail> = mails(&app.data_dir).into_iter().filter(|m| !payment_link(m)).collect();
    assert!(all.iter().all(|m| m.to == CUSTOMER), "{all:#?}");
    assert_eq!(all.len(), 2, "{all:#?}");
}
