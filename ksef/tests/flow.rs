//! The client against the stand-in over real HTTP: the happy path and each way it can
//! go wrong, every exchange held to `open-api.json` at the end.

mod common;

use common::{invoice, settle, xsd_check, Harness, NIP, TOKEN};
use ksef::client::Options;
use ksef::hash::sha256_base64;
use ksef::sandbox::{Fault, StandIn, StandInOptions};
use ksef::{Client, InvoiceStatus, KsefError, KsefNumber};
use std::time::Duration;

#[tokio::test]
async fn happy_path_auth_open_send_accept_close_upo() {
    let h = Harness::start().await;
    let client = h.client();
    let xml = invoice("FV/2026/11/1");
    let session = client.open_session().await.unwrap();
    let invoice_ref = client.send(&session, &xml, false).await.unwrap();
    let InvoiceStatus::Accepted { ksef_number, acquired_at } = settle(&client, &session, &invoice_ref).await else {
        panic!("not accepted");
    };
    assert_eq!(ksef_number.nip(), NIP, "the KSeF number starts with the seller's NIP");
    assert_eq!(KsefNumber::parse(ksef_number.as_str()).as_ref(), Ok(&ksef_number), "its CRC-8 holds");
    assert_eq!(ksef_number.as_str()[11..19], acquired_at.format("%Y%m%d").to_string(), "and the day of acceptance");
    client.close(&session.reference).await.unwrap();
    let upo = client.invoice_upo(&session.reference, ksef_number.as_str()).await.unwrap().unwrap();
    assert!(upo.contains(&format!("<NumerKSeFDokumentu>{ksef_number}</NumerKSeFDokumentu>")), "{upo}");
    assert!(upo.contains(&format!("<SkrotDokumentu>{}</SkrotDokumentu>", sha256_base64(&xml))));
    assert!(upo.contains("<NumerFaktury>FV/2026/11/1</NumerFaktury>"));
    assert_eq!(xsd_check(&upo, "upo-v4-3.xsd"), Ok(()), "the UPO is valid against upo-v4-3.xsd");
    assert_eq!(h.standin.received(&sha256_base64(&xml)), 1);
    assert!(h.statuses("/auth/").contains(&200), "the authentication status was polled");
    h.assert_conformant();
}

#[tokio::test]
async fn a_refused_token_or_nip_is_auth_refused() {
    let h = Harness::start().await;
    let wrong_token = Client::new(h.config(NIP, "not-the-token")).unwrap();
    let err = wrong_token.open_session().await.unwrap_err();
    assert!(matches!(&err, KsefError::AuthRefused(m) if m.starts_with("450")), "{err:?}");
    let wrong_nip = Client::new(h.config("5265877635", TOKEN)).unwrap();
    let err = wrong_nip.open_session().await.unwrap_err();
    assert!(matches!(&err, KsefError::AuthRefused(m) if m.starts_with("415")), "{err:?}");
    assert!(!format!("{err:?} {err}").contains(TOKEN), "the token is never in an error");
    h.assert_conformant();
}

#[tokio::test]
async fn down_or_server_error_or_timeout_is_unavailable() {
    let h = Harness::start().await;
    let client = h.client_with(Options { timeout: Duration::from_millis(500), ..Options::default() });
    h.standin.faults().down(true);
    assert!(matches!(client.open_session().await, Err(KsefError::Unavailable(_))));
    h.standin.faults().down(false);
    let session = client.open_session().await.unwrap();
    h.standin.faults().fail_next(Fault::ServerError);
    let err = client.send(&session, &invoice("FV/5XX/1"), false).await.unwrap_err();
    assert!(err.is_outage(), "{err:?}");
    h.standin.faults().fail_next(Fault::Timeout(Duration::from_secs(2)));
    let err = client.status(&session.reference, "20261127-EE-0000000000-0000000000-00").await.unwrap_err();
    assert!(matches!(&err, KsefError::Unavailable(m) if m.contains("timed out")), "{err:?}");
    let nobody = Client::new(h.config(NIP, TOKEN).clone_with_url("http://127.0.0.1:9/v2")).unwrap();
    assert!(matches!(nobody.open_session().await, Err(KsefError::Unavailable(_))), "nothing listening");
}

trait WithUrl {
    fn clone_with_url(&self, url: &str) -> Self;
}

impl WithUrl for ksef::Config {
    fn clone_with_url(&self, url: &str) -> Self {
        Self { api_url: url.into(), ..self.clone() }
    }
}

#[tokio::test]
async fn a_schema_rejection_is_rejected_with_its_code() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    h.standin.faults().fail_next(Fault::SchemaRejection);
    let reference = client.send(&session, &invoice("FV/450/1"), false).await.unwrap();
    let status = settle(&client, &session, &reference).await;
    assert!(
        matches!(&status, InvoiceStatus::Rejected { code: 450, reason } if reason.contains("semantyki")),
        "{status:?}"
    );
    // A really invalid invoice, caught by xmllint against the FA(3) schema.
    let broken =
        String::from_utf8(invoice("FV/450/2")).unwrap().replace("<P_2>", "<P_2x>").replace("</P_2>", "</P_2x>");
    let reference = client.send(&session, broken.as_bytes(), false).await.unwrap();
    let status = settle(&client, &session, &reference).await;
    assert!(matches!(&status, InvoiceStatus::Rejected { code: 450, reason } if reason.contains("P_2x")), "{status:?}");
    // UTF-8 with a BOM is refused as a file (`faktury/weryfikacja-faktury.md`).
    let with_bom = [&[0xEF, 0xBB, 0xBF][..], &invoice("FV/430/1")].concat();
    let reference = client.send(&session, &with_bom, false).await.unwrap();
    let status = settle(&client, &session, &reference).await;
    assert!(matches!(&status, InvoiceStatus::Rejected { code: 430, reason } if reason.contains("BOM")), "{status:?}");
    h.assert_conformant();
}

#[tokio::test]
async fn a_duplicate_names_the_original() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    let xml = invoice("FV/DUP/1");
    let first = client.send(&session, &xml, false).await.unwrap();
    let InvoiceStatus::Accepted { ksef_number, .. } = settle(&client, &session, &first).await else {
        panic!("the first copy is accepted");
    };
    let second = client.send(&session, &xml, false).await.unwrap();
    let status = settle(&client, &session, &second).await;
    assert_eq!(
        status,
        InvoiceStatus::Duplicate {
            ksef_number: ksef_number.clone(),
            original_session: Some(session.reference.clone())
        },
        "a duplicate names the original's KSeF number and session"
    );
    // The fault: KSeF holds the invoice already from an earlier session of its own.
    h.standin.faults().fail_next(Fault::Duplicate);
    let third = client.send(&session, &invoice("FV/DUP/2"), false).await.unwrap();
    let InvoiceStatus::Duplicate { ksef_number: held, original_session: Some(earlier) } =
        settle(&client, &session, &third).await
    else {
        panic!("a duplicate of the copy KSeF holds");
    };
    assert_ne!(earlier, session.reference);
    let upo = client.invoice_upo(&earlier, held.as_str()).await.unwrap().expect("the original's UPO");
    assert!(upo.contains(held.as_str()), "{upo}");
    assert_eq!(h.standin.accepted_count(), 2, "FV/DUP/1 and FV/DUP/2, once each");
    h.assert_conformant();
}

#[tokio::test]
async fn an_expired_access_token_is_refreshed_transparently() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    h.standin.faults().fail_next(Fault::TokenExpired);
    let reference = client.send(&session, &invoice("FV/EXP/1"), false).await.unwrap();
    assert!(matches!(settle(&client, &session, &reference).await, InvoiceStatus::Accepted { .. }));
    assert!(h.statuses("/sessions/online/").contains(&401), "KSeF refused the stale token once");
    assert_eq!(h.statuses("/auth/token/refresh"), vec![200], "then the client refreshed it");
    assert_eq!(h.statuses("/auth/ksef-token").len(), 1, "without authenticating again");
    h.assert_conformant();
}

#[tokio::test]
async fn a_short_lived_access_token_is_refreshed_before_it_expires() {
    let options = StandInOptions { access_token_ttl: chrono::Duration::seconds(20), ..StandInOptions::default() };
    let h = Harness::with(StandIn::with_options(NIP, TOKEN, options).unwrap()).await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    client.send(&session, &invoice("FV/TTL/1"), false).await.unwrap();
    // 20 s left is inside the client's 30 s margin: every call refreshes first, none gets a 401.
    assert!(!h.statuses("").contains(&401));
    assert!(!h.statuses("/auth/token/refresh").is_empty());
    h.assert_conformant();
}

#[tokio::test]
async fn find_sent_finds_an_invoice_by_its_hash() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    let mut wanted = None;
    for i in 0..12 {
        let xml = invoice(&format!("FV/FIND/{i}"));
        let reference = client.send(&session, &xml, i == 11).await.unwrap();
        if i == 11 {
            wanted = Some((reference, sha256_base64(&xml)));
        }
    }
    let (reference, hash) = wanted.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let found = client.find_sent(&session.reference, &hash).await.unwrap();
    let (found_ref, status) = found.unwrap();
    assert_eq!(found_ref, reference, "found past the first page of the list");
    assert!(matches!(status, InvoiceStatus::Accepted { .. } | InvoiceStatus::Processing));
    assert_eq!(client.find_sent(&session.reference, &sha256_base64(b"never sent")).await.unwrap(), None);
    h.assert_conformant();
}

#[tokio::test]
async fn the_rate_limit_is_waited_out_as_retry_after_says() {
    let h = Harness::start().await;
    // Without the client's own throttle (which keeps it under the limits, so that KSeF
    // never answers 429): how a 429 that does come is waited out.
    let client = h.client_with(Options { throttle_margin: None, ..Options::default() });
    let session = client.open_session().await.unwrap();
    let started = std::time::Instant::now();
    for i in 0..12 {
        client.send(&session, &invoice(&format!("FV/RL/{i}")), false).await.unwrap();
    }
    let sends = h.statuses("/sessions/online/");
    assert!(sends.contains(&429), "the stand-in enforced 10 req/s on sending: {sends:?}");
    assert!(started.elapsed() >= Duration::from_millis(900), "the client waited before trying again");
    assert_eq!(sends.iter().filter(|s| **s == 202).count(), 12, "and every invoice got through");
    h.assert_conformant();
}
