//! The Ministry's answers the client must take as the guide says: a refresh refused
//! with 403 is followed by a fresh authentication; an authentication "in progress" is
//! polled until done (KSeF may wait for a certificate's issuer); each status code is
//! sorted by `ksef::answers`; a UPO is asked for and served as `application/xml`, and a
//! wrong `Accept` gets 406; `authenticationMethod` (deprecated) may be absent.

mod common;

use common::{invoice, settle, Harness};
use ksef::sandbox::Fault;
use ksef::{InvoiceStatus, Options};
use std::time::Duration;

#[tokio::test]
async fn a_refresh_refused_with_403_authenticates_again() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    h.standin.faults().fail_next(Fault::TokenExpired);
    h.standin.faults().fail_next(Fault::RefreshForbidden);
    let reference = client.send(&session, &invoice("FV/403/1"), false).await.unwrap();
    assert!(matches!(settle(&client, &session, &reference).await, InvoiceStatus::Accepted { .. }));
    assert_eq!(h.statuses("/auth/token/refresh"), vec![403], "the refresh was refused");
    assert_eq!(h.statuses("/auth/ksef-token").len(), 2, "so the client authenticated anew");
    h.assert_conformant();
}

#[tokio::test]
async fn an_authentication_in_progress_is_polled_until_done() {
    let h = Harness::start().await;
    // The old client gave up after 40 looks; KSeF says to poll "until the result".
    let options = Options { auth_poll_interval: Duration::from_millis(5), ..Options::default() };
    let client = h.client_with(options);
    h.standin.faults().fail_next(Fault::SlowAuthentication(60));
    let session = client.open_session().await.expect("authenticated after 60 looks in progress");
    assert!(!session.reference.is_empty());
    let looks = h.statuses("/auth/20").len();
    assert!(looks > 60, "{looks} looks");
    h.assert_conformant();
}

#[tokio::test]
async fn an_authentication_still_in_progress_past_its_patience_is_busy_not_an_outage() {
    let h = Harness::start().await;
    let options = Options {
        auth_poll_interval: Duration::from_millis(5),
        auth_poll_for: Duration::from_millis(300),
        ..Options::default()
    };
    let client = h.client_with(options);
    h.standin.faults().fail_next(Fault::SlowAuthentication(100_000));
    let error = client.open_session().await.expect_err("still in progress");
    assert!(matches!(error, ksef::KsefError::Busy(_)), "{error:?}");
    assert!(!error.is_outage(), "nothing goes offline for it");
}

#[tokio::test]
async fn each_try_again_status_is_sorted_as_transient_and_410_as_blocked() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    for (i, code) in [405, 500, 550, 435].into_iter().enumerate() {
        h.standin.faults().fail_next(Fault::InvoiceStatus(code));
        let reference = client.send(&session, &invoice(&format!("FV/TRY/{i}")), false).await.unwrap();
        let status = settle(&client, &session, &reference).await;
        assert!(matches!(status, InvoiceStatus::TryAgain { code: c, .. } if c == code), "{code}: {status:?}");
    }
    h.standin.faults().fail_next(Fault::InvoiceStatus(410));
    let reference = client.send(&session, &invoice("FV/TRY/410"), false).await.unwrap();
    assert!(matches!(settle(&client, &session, &reference).await, InvoiceStatus::Blocked { code: 410, .. }));
    assert_eq!(h.standin.accepted_count(), 0, "none of them is in KSeF");
    h.assert_conformant();
}

#[tokio::test]
async fn a_upo_is_xml_and_a_wrong_accept_gets_406() {
    let h = Harness::start().await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    let reference = client.send(&session, &invoice("FV/UPO/1"), false).await.unwrap();
    let InvoiceStatus::Accepted { ksef_number, .. } = settle(&client, &session, &reference).await else {
        panic!("accepted");
    };
    client.close(&session.reference).await.unwrap();
    let upo = client.invoice_upo(&session.reference, ksef_number.as_str()).await.unwrap().expect("a UPO");
    assert!(upo.starts_with("<?xml"), "{upo}");
    assert!(
        h.exchanges
            .lock()
            .unwrap()
            .iter()
            .any(|e| e.path.ends_with("/upo") && e.accept.as_deref() == Some("application/xml")),
        "the client asked for XML"
    );

    let http = reqwest::Client::new();
    let upo_url = format!("{}/sessions/{}/invoices/ksef/{}/upo", h.base, session.reference, ksef_number.as_str());
    let json_upo = http.get(&upo_url).header("accept", "application/json").send().await.unwrap();
    assert_eq!(json_upo.status().as_u16(), 406);
    let keys = http
        .get(format!("{}/security/public-key-certificates", h.base))
        .header("accept", "application/xml")
        .send()
        .await
        .unwrap();
    assert_eq!(keys.status().as_u16(), 406, "a JSON operation asked for XML");
    let any = http.get(format!("{}/security/public-key-certificates", h.base)).header("accept", "*/*").send().await;
    assert_eq!(any.unwrap().status().as_u16(), 200);
}

#[test]
fn an_authentication_status_without_the_deprecated_method_reads() {
    let body = serde_json::json!({
        "startDate": "2026-11-28T10:00:00.000Z",
        "authenticationMethodInfo": { "category": "Token", "code": "token", "displayName": "Token KSeF" },
        "status": { "code": 200, "description": "Uwierzytelnianie zakończone sukcesem" }
    });
    let status: ksef::wire::AuthStatusResponse =
        serde_json::from_value(body).expect("reads without authenticationMethod");
    assert_eq!(status.status.code, 200);
    assert_eq!(status.authentication_method, None);
}
