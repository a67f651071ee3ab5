//! The Ministry's public keys (`bezpieczenstwo/klucze-publiczne-do-szyfrowania.md`): the
//! client names the key it used (`publicKeyId`), and when KSeF says that key is withdrawn
//! (21470) it fetches the certificates again and repeats the call.

mod common;

use common::Harness;
use ksef::sandbox::Fault;

#[tokio::test]
async fn a_withdrawn_key_is_fetched_again_and_the_call_repeated() {
    let h = Harness::start().await;
    let client = h.client();
    h.standin.faults().fail_next(Fault::KeyWithdrawn);
    client.open_session().await.unwrap();
    assert_eq!(h.statuses("/auth/ksef-token"), vec![400, 202], "refused with 21470, then accepted");
    assert_eq!(h.statuses("/security/public-key-certificates").len(), 2);
    h.standin.faults().fail_next(Fault::KeyWithdrawn);
    client.open_session().await.unwrap();
    let opens: Vec<u16> = h.statuses("/sessions/online");
    assert_eq!(opens, vec![201, 400, 201], "the session's key wrapping too");
    assert_eq!(h.statuses("/security/public-key-certificates").len(), 3);
    let exchanges = h.exchanges.lock().unwrap().clone();
    let refused =
        exchanges.iter().filter(|e| e.status == 400).map(|e| String::from_utf8_lossy(&e.response_body).into_owned());
    assert!(refused.into_iter().all(|body| body.contains("21470")));
    h.assert_conformant();
}
