//! One client shared by the sender's tasks: they authenticate once between them; and an
//! invoice is seen processing before it is accepted.

mod common;

use common::{invoice, settle, Harness, NIP, TOKEN};
use ksef::sandbox::{StandIn, StandInOptions};
use ksef::InvoiceStatus;
use std::sync::Arc;
use std::time::Duration;

#[tokio::test]
async fn tasks_share_one_client_and_one_authentication() {
    let h = Harness::start().await;
    let client = Arc::new(h.client());
    let session = Arc::new(client.open_session().await.unwrap());
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let (client, session) = (client.clone(), session.clone());
            tokio::spawn(async move {
                let reference = client.send(&session, &invoice(&format!("FV/TASK/{i}")), false).await.unwrap();
                settle(&client, &session, &reference).await
            })
        })
        .collect();
    for task in tasks {
        assert!(matches!(task.await.unwrap(), InvoiceStatus::Accepted { .. }));
    }
    assert_eq!(h.statuses("/auth/ksef-token").len(), 1, "one authentication for all the tasks");
    assert_eq!(h.standin.accepted_count(), 8);
    h.assert_conformant();
}

#[tokio::test]
async fn an_invoice_is_processing_before_it_is_accepted() {
    let options = StandInOptions { processing_delay: Duration::from_millis(300), ..StandInOptions::default() };
    let h = Harness::with(StandIn::with_options(NIP, TOKEN, options).unwrap()).await;
    let client = h.client();
    let session = client.open_session().await.unwrap();
    let reference = client.send(&session, &invoice("FV/SLOW/1"), false).await.unwrap();
    assert_eq!(client.status(&session.reference, &reference).await.unwrap(), InvoiceStatus::Processing);
    assert!(matches!(settle(&client, &session, &reference).await, InvoiceStatus::Accepted { .. }));
    h.assert_conformant();
}
