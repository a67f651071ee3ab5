//! What the admin and the customer see of KSeF, through real HTTP, with the sender off
//! (`--ksef-env off`): the projection writes each due document's row of
//! `rm_ksef_documents` (waiting), and the tests then set the state they show (the
//! sender's steps are tested in `ksef.rs`; the invoice's acceptance, which the
//! correction's XML names, is recorded on the order's stream): each document's state in the admin's invoice list and its filter, the KSeF
//! number of a correction's invoice in the correction's FA(3), the invoice PDF's KOD I
//! (decoded from the PDF's squares) built from the very XML the FA(3) download serves,
//! and the UPO download.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use domain::order::{KsefStep, Order};
use lopdf::content::Content;
use lopdf::Object;
use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::invoices::paid_order_with_invoice;
use super::*;

/// A KSeF number of the schema's form (the company's NIP, the day, the check digits).
const KSEF_NUMBER: &str = "8652556348-20261127-0100001AF629-AF";

pub(super) async fn get(app: &BookingApp, path: &str, token: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

/// The admin's invoice list under `query`, as `(number, ksef)` pairs, by issue.
async fn listed(app: &BookingApp, query: &str) -> Vec<(String, Value)> {
    let path = format!("/api/order/order-invoice/all?sort=issued_at{query}");
    let (status, page) = body(get(app, &path, Some(&app.admin_token)).await).await;
    assert_eq!(status, 200, "{page}");
    let models = page["data"]["models"].as_array().cloned().unwrap_or_default();
    models.iter().map(|m| (m["number"].as_str().unwrap_or_default().to_string(), m["ksef"].clone())).collect()
}

pub(super) async fn documents(app: &BookingApp, order_id: Uuid, count: usize) -> Vec<Value> {
    let path = format!("/api/order/order-invoice/all?filter[order_id][eq]={order_id}&sort=issued_at");
    eventually(&format!("{count} document(s)"), || async {
        let (_, page) = body(get(app, &path, Some(&app.admin_token)).await).await;
        page["data"]["models"].as_array().is_some_and(|m| m.len() >= count)
    })
    .await;
    body(get(app, &path, Some(&app.admin_token)).await).await.1["data"]["models"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The projection's row of `document` (it is due: the buyer has a NIP), once it is there.
async fn await_row(pool: &PgPool, document: &Value) {
    let number = document["number"].as_str().expect("number").to_string();
    eventually(&format!("the KSeF row of {number}"), || {
        let number = number.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select count(*) from rm_ksef_documents where document_number = $1")
                .bind(number)
                .fetch_one(pool)
                .await
                .is_ok_and(|n| n == 1)
        }
    })
    .await;
}

/// `document`'s row set to `state` (after the projection wrote it).
pub(super) async fn ksef_row(pool: &PgPool, document: &Value, state: &str) {
    await_row(pool, document).await;
    sqlx::query("update rm_ksef_documents set state = $2 where document_number = $1")
        .bind(document["number"].as_str().expect("number"))
        .bind(state)
        .execute(pool)
        .await
        .expect("a KSeF row");
}

fn between<'x>(xml: &'x str, tag: &str) -> &'x str {
    let open = format!("<{tag}>");
    let start = xml.find(&open).expect("the tag") + open.len();
    &xml[start..start + xml[start..].find('<').expect("its end")]
}

/// The QR codes the PDF's black squares draw, decoded.
pub(super) fn codes_of(pdf: &[u8]) -> Vec<String> {
    let number = |o: &Object| match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        _ => f32::NAN,
    };
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF");
    let (scale, w, h) = (3.0_f32, 595 * 3, 842 * 3);
    let mut found = Vec::new();
    for page in doc.get_pages().values() {
        let content = Content::decode(&doc.get_page_content(*page)).expect("operations");
        let mut dark = vec![false; w * h];
        let (mut black, mut pending) = (false, Vec::new());
        for op in &content.operations {
            match op.operator.as_str() {
                "rg" => black = op.operands.iter().all(|o| number(o) == 0.0),
                "re" => pending.push(op.operands.iter().map(number).collect::<Vec<_>>()),
                "f" if black => {
                    for r in pending.drain(..) {
                        let (x0, x1) = ((r[0] * scale).floor() as usize, ((r[0] + r[2]) * scale).ceil() as usize);
                        let y0 = h - ((r[1] + r[3]) * scale).ceil() as usize;
                        let y1 = h - (r[1] * scale).floor() as usize;
                        (y0..y1).for_each(|y| dark[y * w + x0..y * w + x1].fill(true));
                    }
                }
                "f" | "S" | "n" => pending.clear(),
                _ => {}
            }
        }
        let mut image = rqrr::PreparedImage::prepare_from_bitmap(w, h, |x, y| dark[y * w + x]);
        found.extend(image.detect_grids().iter().map(|g| g.decode().expect("readable").1));
    }
    found
}

fn text_of(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("text")
}

pub(super) async fn pdf_of(app: &BookingApp, id: &str) -> Vec<u8> {
    let pdf = get(app, &format!("/api/order/order-invoice/pdf?id={id}"), Some(&app.admin_token)).await;
    assert_eq!(pdf.status(), 200);
    pdf.bytes().await.expect("bytes").to_vec()
}

pub(super) async fn fa3_of(app: &BookingApp, id: &str) -> String {
    let fa3 = get(app, &format!("/api/order/order-invoice/fa3?id={id}"), Some(&app.admin_token)).await;
    assert_eq!(fa3.status(), 200);
    fa3.text().await.expect("xml")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_admin_sees_each_documents_ksef_state_and_the_pdf_links_to_its_xml(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let invoice = documents(&app, order_id, 1).await.remove(0);
    let id = invoice["id"].as_str().expect("id").to_string();

    // Not due for KSeF (no row: as for a consumer's invoice when they are not sent): no
    // state, no code on the PDF; the filter calls it `none`.
    await_row(&app.pool, &invoice).await;
    sqlx::query("delete from rm_ksef_documents").execute(&app.pool).await.expect("no row");
    assert_eq!(listed(&app, "").await, vec![(invoice["number"].as_str().unwrap().to_string(), Value::Null)]);
    assert_eq!(listed(&app, "&filter[ksef_state][eq]=none").await.len(), 1);
    assert!(codes_of(&pdf_of(&app, &id).await).is_empty());

    // Waiting to be sent online: not in KSeF yet, nothing to verify, no code.
    sqlx::query(
        "insert into rm_ksef_documents (document_number, order_id, kind, state, issued_at, queue_position, updated_at) \
         values ($1, $2, 'invoice', 'waiting', now(), 1, now())",
    )
    .bind(invoice["number"].as_str().expect("number"))
    .bind(order_id)
    .execute(&app.pool)
    .await
    .expect("the row again");
    assert!(codes_of(&pdf_of(&app, &id).await).is_empty());
    assert_eq!(listed(&app, "").await[0].1["state"], "waiting");
    assert!(listed(&app, "&filter[ksef_state][eq]=none").await.is_empty());

    // Issued offline, not numbered yet: KOD I marked OFFLINE, from the SHA-256 of the FA(3) served.
    sqlx::query("update rm_ksef_documents set offline = true").execute(&app.pool).await.expect("offline");
    let xml = fa3_of(&app, &id).await;
    let issued = chrono::NaiveDate::parse_from_str(between(&xml, "P_1"), "%Y-%m-%d").expect("P_1");
    let kod_i = format!(
        "https://qr-test.ksef.mf.gov.pl/invoice/8652556348/{}/{}",
        issued.format("%d-%m-%Y"),
        URL_SAFE_NO_PAD.encode(Sha256::digest(xml.as_bytes()))
    );
    let pdf = pdf_of(&app, &id).await;
    assert_eq!(codes_of(&pdf), vec![kod_i.clone()]);
    assert!(text_of(&pdf).contains("OFFLINE"));

    // Accepted: its number under KOD I and in the list, the UPO downloadable. Recorded on
    // the order's stream as the sender records it (the XML as issued, the bytes served),
    // so the correction issued later is fixed naming the number.
    let document = invoice["number"].as_str().expect("number").to_string();
    let (session_ref, at) = ("S".to_string(), chrono::Utc::now());
    let xml_sha256 = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(xml.as_bytes()));
    let (ksef_number, invoice_ref) = (KSEF_NUMBER.to_string(), "I".to_string());
    for step in [
        KsefStep::Start {
            document: document.clone(),
            xml_sha256,
            session_ref: session_ref.clone(),
            replaces: None,
            batch: false,
            at,
        },
        KsefStep::Sent { document: document.clone(), session_ref: session_ref.clone(), invoice_ref, at },
        KsefStep::Accepted { document: document.clone(), session_ref, ksef_number, acquired_at: at },
    ] {
        super::ksef_technical::record(&app, order_id, &step).await;
    }
    super::ksef::row_in(&app, &document, "accepted").await;
    sqlx::query("update rm_ksef_documents set state = 'accepted', ksef_number = $1, accepted_at = now(), upo = $2")
        .bind(KSEF_NUMBER)
        .bind("<Potwierdzenie>UPO</Potwierdzenie>")
        .execute(&app.pool)
        .await
        .expect("accepted");
    let pdf = pdf_of(&app, &id).await;
    assert_eq!(codes_of(&pdf), vec![kod_i]);
    assert!(text_of(&pdf).contains(KSEF_NUMBER), "the KSeF number under KOD I");
    let ksef = &listed(&app, "&filter[ksef_state][eq]=accepted").await[0].1;
    assert_eq!((ksef["state"].as_str(), ksef["ksef_number"].as_str()), (Some("accepted"), Some(KSEF_NUMBER)));
    assert_eq!(ksef["upo_url"], format!("/api/order/order-invoice/upo?id={id}"));
    let upo = get(&app, &format!("/api/order/order-invoice/upo?id={id}"), Some(&app.admin_token)).await;
    assert_eq!(upo.status(), 200);
    assert!(upo.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
    assert_eq!(upo.text().await.unwrap(), "<Potwierdzenie>UPO</Potwierdzenie>");
    let customer = get(&app, &format!("/api/order/order-invoice/upo?id={id}"), Some(&app.user_token)).await;
    assert_eq!(customer.status(), 403);
    let (_, one) =
        body(get(&app, &format!("/api/order/order-invoice/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!(one["data"]["ksef"]["ksef_number"], KSEF_NUMBER);

    // A return: the correction's FA(3) names the invoice's KSeF number; rejected, it shows
    // KSeF's code and reason, has no code on its PDF and no UPO (404 in the error shape).
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let number = &state.tickets[0].ticket.number;
    let (status, returned) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": number }), Some(&app.admin_token), None).await,
    )
    .await;
    assert_eq!(status, 200, "{returned}");
    let correction = documents(&app, order_id, 2).await.remove(1);
    let correction_id = correction["id"].as_str().expect("id").to_string();
    let xml = fa3_of(&app, &correction_id).await;
    assert!(xml.contains(&format!("<NrKSeFFaKorygowanej>{KSEF_NUMBER}</NrKSeFFaKorygowanej>")), "{xml}");
    ksef_row(&app.pool, &correction, "rejected").await;
    sqlx::query("update rm_ksef_documents set rejection_code = 450, rejection_reason = 'Błąd weryfikacji semantyki' where kind = 'correction'")
        .execute(&app.pool)
        .await
        .expect("rejected");
    let rejected = listed(&app, "&filter[ksef_state][eq]=rejected").await;
    assert_eq!(rejected.len(), 1);
    assert_eq!((rejected[0].1["rejection_code"].as_i64(), rejected[0].1["upo_url"].is_null()), (Some(450), true));
    assert_eq!(rejected[0].1["rejection_reason"], "Błąd weryfikacji semantyki");
    assert!(codes_of(&pdf_of(&app, &correction_id).await).is_empty());
    let (status, missing) =
        body(get(&app, &format!("/api/order/order-invoice/upo?id={correction_id}"), Some(&app.admin_token)).await)
            .await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("not_found")), "{missing}");
    let states = listed(&app, "&filter[ksef_state][in]=accepted,rejected").await;
    assert_eq!(states.len(), 2);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_offline_invoice_shows_its_deadline(pool: PgPool) {
    let app = spawn_with(pool, &["--ksef-env", "off"]).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let invoice = documents(&app, order_id, 1).await.remove(0);
    ksef_row(&app.pool, &invoice, "offline").await;
    sqlx::query("update rm_ksef_documents set offline = true, deadline = '2026-11-28'")
        .execute(&app.pool)
        .await
        .expect("offline");

    let ksef = &listed(&app, "&filter[ksef_state][eq]=offline").await[0].1;
    assert_eq!((ksef["offline"].as_bool(), ksef["deadline"].as_str()), (Some(true), Some("2026-11-28")));
    let pdf = pdf_of(&app, invoice["id"].as_str().expect("id")).await;
    assert_eq!(codes_of(&pdf).len(), 1);
    assert!(text_of(&pdf).contains("OFFLINE"));
}

/// The stand-in's certificate and key, as the carrier's offline certificate.
fn offline_cert_paths() -> (String, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../ksef/sandbox-keys");
    (format!("{dir}/ksef-standin-cert.pem"), format!("{dir}/ksef-standin-key.pem"))
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_offline_invoice_pdf_shows_kod_ii_signed_with_the_offline_certificate(pool: PgPool) {
    use rsa::pss::{Signature, VerifyingKey};
    use rsa::signature::Verifier;

    let (cert, key) = offline_cert_paths();
    let app = spawn_with(pool, &["--ksef-env", "off", "--ksef-offline-cert", &cert, "--ksef-offline-key", &key]).await;
    company(&app.pool).await;
    let order_id = paid_order_with_invoice(&app).await;
    let invoice = documents(&app, order_id, 1).await.remove(0);
    let id = invoice["id"].as_str().expect("id");
    // Online and waiting: no code at all; then issued offline: KOD I, KOD II and OFFLINE.
    ksef_row(&app.pool, &invoice, "waiting").await;
    assert!(codes_of(&pdf_of(&app, id).await).is_empty());
    ksef_row(&app.pool, &invoice, "offline").await;
    sqlx::query("update rm_ksef_documents set offline = true, deadline = '2026-11-28'")
        .execute(&app.pool)
        .await
        .expect("offline");

    let pdf = pdf_of(&app, id).await;
    assert!(text_of(&pdf).contains("OFFLINE"));
    let codes = codes_of(&pdf);
    assert_eq!(codes.len(), 2, "{codes:?}");
    let xml = fa3_of(&app, id).await;
    let hash = URL_SAFE_NO_PAD.encode(Sha256::digest(xml.as_bytes()));
    let kod_ii = codes.iter().find(|c| c.contains("/certificate/")).expect("KOD II");
    let (signed, signature) = kod_ii.trim_start_matches("https://").rsplit_once('/').expect("a signature");
    let nip = between(&xml, "NIP");
    let (_, serial, public) =
        ::ksef::crypto::certificate_pem(&std::fs::read_to_string(&cert).expect("cert")).expect("the certificate");
    assert_eq!(signed, format!("qr-test.ksef.mf.gov.pl/certificate/Nip/{nip}/{nip}/{serial}/{hash}"));
    let signature = Signature::try_from(URL_SAFE_NO_PAD.decode(signature).expect("Base64URL").as_slice()).expect("PSS");
    VerifyingKey::<Sha256>::new(public).verify(signed.as_bytes(), &signature).expect("signed with the offline key");
    assert!(codes.iter().any(|c| c.starts_with("https://qr-test.ksef.mf.gov.pl/invoice/")), "KOD I: {codes:?}");

    // Accepted later: its number, and still both codes (the buyer's copy carries them).
    ksef_row(&app.pool, &invoice, "accepted").await;
    sqlx::query("update rm_ksef_documents set ksef_number = $1").bind(KSEF_NUMBER).execute(&app.pool).await.expect("n");
    assert_eq!(codes_of(&pdf_of(&app, id).await).len(), 2);
}
