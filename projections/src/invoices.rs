//! The `invoices` projection: every invoice and correction as a row of `rm_invoices`
//! (the admin's invoice list and the documents' source), from the order streams'
//! `InvoiceIssued` and `InvoiceCorrected` (and `RejectedInvoiceAmended`: the buyer of a
//! document KSeF rejected, corrected under the same number).
//!
//! A document never changes once issued, so a row is inserted once (`on conflict do
//! nothing`: a replayed batch adds nothing) and never updated, except to link a
//! correction to the row of the invoice it corrects. The events carry what the document
//! prints; events recorded before they did (no buyer, no split) get the VAT split of
//! their gross at their rate and an empty buyer ([`IssuedDocument::of_event`]).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::order::{InvoiceRequest, IssuedDocument, OrderEvent, Seller};
use event_store::{RecordedEvent, SubscriptionFilter};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::rows::insert_new;
use crate::{Projection, ProjectionError};

/// See the module documentation.
pub struct InvoicesProjection;

/// A row of `rm_invoices`.
#[derive(Debug, Clone, Serialize)]
struct InvoiceRow {
    invoice_id: Uuid,
    order_id: Uuid,
    number: String,
    kind: &'static str,
    issued_at: DateTime<Utc>,
    sale_date: Option<NaiveDate>,
    seller: Option<Seller>,
    buyer: Option<InvoiceRequest>,
    buyer_name: String,
    buyer_tax_id: String,
    vat_rate: u32,
    net: i64,
    vat: i64,
    gross: i64,
    corrects_number: Option<String>,
    reason: Option<String>,
    line: Option<String>,
    total_before: Option<i64>,
    corrects_issued_at: Option<DateTime<Utc>>,
    recorded_at: DateTime<Utc>,
}

/// The row of an invoice event; `None` for the order's other events. The document is
/// read as the domain reads it ([`IssuedDocument::of_event`], with the fallbacks for
/// older events), the reading the invoice e-mails print from too.
fn row(id: Uuid, recorded_at: DateTime<Utc>, event: OrderEvent) -> Option<InvoiceRow> {
    let doc = IssuedDocument::of_event(&event)?;
    Some(InvoiceRow {
        invoice_id: id,
        order_id: event.order_id(),
        number: doc.number,
        kind: doc.kind.code(),
        issued_at: doc.issued_at,
        sale_date: doc.sale_date,
        buyer_name: doc.buyer.as_ref().map(|b| b.company_name.clone()).unwrap_or_default(),
        buyer_tax_id: doc.buyer.as_ref().map(|b| b.vat_number.clone()).unwrap_or_default(),
        seller: doc.seller,
        buyer: doc.buyer,
        vat_rate: doc.vat_rate,
        net: doc.net,
        vat: doc.vat,
        gross: doc.gross,
        corrects_number: doc.corrects_number,
        reason: doc.reason,
        line: doc.line,
        total_before: doc.total_before,
        corrects_issued_at: doc.corrects_issued_at,
        recorded_at,
    })
}

#[async_trait]
impl Projection for InvoicesProjection {
    fn name(&self) -> &'static str {
        "invoices"
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::EventType(vec![
            "InvoiceIssued".into(),
            "InvoiceCorrected".into(),
            "RejectedInvoiceAmended".into(),
        ])
    }

    async fn apply(&self, conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut rows = Vec::with_capacity(events.len());
        let mut amended = Vec::new();
        for e in events {
            match e.decode::<OrderEvent>()? {
                OrderEvent::RejectedInvoiceAmended { order_id, document, buyer, .. } => {
                    amended.push((order_id, document, buyer));
                }
                event => rows.extend(row(e.id, e.recorded_at, event)),
            }
        }
        insert_new(conn, "rm_invoices", &rows).await?;
        // A document KSeF rejected, amended with the buyer's new data (same number): the
        // download prints what is sent again. Setting the same data twice is harmless.
        for (order_id, document, buyer) in amended {
            sqlx::query(
                "update rm_invoices set buyer = $3, buyer_name = $4, buyer_tax_id = $5 \
                  where order_id = $1 and number = $2",
            )
            .bind(order_id)
            .bind(&document)
            .bind(sqlx::types::Json(&buyer))
            .bind(&buyer.company_name)
            .bind(&buyer.vat_number)
            .execute(&mut *conn)
            .await?;
        }
        if rows.is_empty() {
            return Ok(());
        }
        // Link the corrections to the invoice they correct (issued before them, so
        // inserted in this batch or an earlier one).
        sqlx::query(
            "update rm_invoices k set corrects_id = v.invoice_id from rm_invoices v \
              where k.corrects_id is null and k.kind = 'KOR' and v.kind = 'VAT' \
                and v.order_id = k.order_id and v.number = k.corrects_number \
                and k.order_id = any($1)",
        )
        .bind(rows.iter().filter(|r| r.kind == "KOR").map(|r| r.order_id).collect::<Vec<_>>())
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn reset(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query("truncate rm_invoices").execute(&mut *conn).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_correction_without_its_split_gets_the_split_of_its_change() {
        let event = OrderEvent::InvoiceCorrected {
            order_id: Uuid::nil(),
            number: "FV-KOR/2026/1".into(),
            corrects: "FV/2026/1".into(),
            amount: -3900,
            issued_at: DateTime::UNIX_EPOCH,
            reason: String::new(),
            line: None,
            total_before: None,
            vat_rate: None,
            corrects_issued_at: None,
            sale_date: None,
            seller: None,
            buyer: None,
            net: None,
            vat: None,
            ksef: false,
        };
        let row = row(Uuid::nil(), DateTime::UNIX_EPOCH, event).expect("a row");
        assert_eq!((row.kind, row.net, row.vat, row.gross), ("KOR", -3611, -289, -3900));
        assert_eq!(row.corrects_number.as_deref(), Some("FV/2026/1"));
    }

    #[test]
    fn other_order_events_make_no_row() {
        let event = OrderEvent::OrderExpired { order_id: Uuid::nil(), expired_at: DateTime::UNIX_EPOCH };
        assert!(row(Uuid::nil(), DateTime::UNIX_EPOCH, event).is_none());
    }
}
