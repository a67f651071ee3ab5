//! The dry run (`Client::check`, what `coach finance ksef check` prints): against the
//! stand-in it reads the keys, authenticates, reads the limits, opens and closes a session
//! and sends nothing; with a token KSeF refuses it stops at the authentication and says
//! why. Every exchange conforms to the Ministry's `open-api.json`.

mod common;

use common::{Harness, NIP};

#[tokio::test]
async fn the_check_authenticates_reads_the_limits_and_opens_and_closes_a_session() {
    let h = Harness::start().await;
    let found = h.client().check().await;
    assert!(found.error.is_none(), "{:?}", found.error);
    assert_eq!(found.key_ids.len(), 2);
    assert!(found.authenticated);
    assert_eq!(found.context_limits.as_ref().map(|l| l["onlineSession"]["maxInvoices"].clone()), Some(10000.into()));
    assert_eq!(found.rate_limits.as_ref().map(|l| l["onlineSession"]["perHour"].clone()), Some(120.into()));
    assert!(found.notes.is_empty(), "{:?}", found.notes);
    assert!(found.session.is_some() && found.session_closed);
    assert_eq!(h.statuses("/sessions/online").len(), 2, "opened and closed");
    assert!(h.statuses("/invoices").is_empty(), "nothing sent");
    h.assert_conformant();
}

#[tokio::test]
async fn a_refused_token_stops_the_check_at_the_authentication() {
    let h = Harness::start().await;
    let client = ksef::Client::new(h.config(NIP, "not-the-token")).unwrap();
    let found = client.check().await;
    assert!(!found.authenticated);
    assert!(matches!(found.error, Some(ksef::KsefError::AuthRefused(_))), "{:?}", found.error);
    assert!(found.session.is_none() && found.context_limits.is_none());
    assert!(h.statuses("/sessions/online").is_empty());
}
