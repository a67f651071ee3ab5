//! Erasure reaching the read tables: after a data subject's key is gone (crate
//! `privacy`), the rows the projections wrote while it could still be read are written
//! again as erased, in one transaction. The events of the order, read again through the
//! sealing store, are what `rm_order_events` holds from then on; a rebuild writes the same.

use event_store::RecordedEvent;
use sqlx::PgPool;
use uuid::Uuid;

/// What an erased name reads as in a read table (the events' own erased form).
pub const ERASED: &str = "[usunięto]";

/// What of an order to scrub.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderScrub {
    /// The customer and the passengers they named.
    pub customer: bool,
    /// The order's payment sessions (the sandbox gateway keeps the e-mail with each).
    pub payment_sessions: Vec<String>,
    /// The invoice's buyer (the order's invoice data, the register's rows, the issued XML).
    pub buyer: bool,
}

/// Rewrites `order_id`'s rows as erased, `events` being the order's events as the sealing
/// store reads them now (the erased values already erased).
pub async fn order(pool: &PgPool, order_id: Uuid, scrub: &OrderScrub, events: &[RecordedEvent]) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    if scrub.customer {
        sqlx::query("update rm_orders set first_name = $2, last_name = $2, email = '', phone = '' where order_id = $1")
            .bind(order_id)
            .bind(ERASED)
            .execute(&mut *tx)
            .await?;
        // The ticket lines' passenger names (an empty one stays empty: it named nobody).
        sqlx::query(
            "update rm_orders set lines = (
                 select coalesce(jsonb_agg(case when jsonb_typeof(l->'passengers') = 'array'
                     then jsonb_set(l, '{passengers}', (
                         select coalesce(jsonb_agg(case when p = '\"\"'::jsonb then p else to_jsonb($2::text) end
                                                   order by j), '[]'::jsonb)
                         from jsonb_array_elements(l->'passengers') with ordinality as q(p, j)))
                     else l end order by i), '[]'::jsonb)
                 from jsonb_array_elements(lines) with ordinality as t(l, i))
             where order_id = $1",
        )
        .bind(order_id)
        .bind(ERASED)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "update rm_tickets set passenger_name = $2
             where order_id = $1 and passenger_name is not null and passenger_name <> ''",
        )
        .bind(order_id)
        .bind(ERASED)
        .execute(&mut *tx)
        .await?;
        // The first answer kept for a retried request names the customer.
        sqlx::query("delete from idempotency_keys where resource_id = $1").bind(order_id).execute(&mut *tx).await?;
        // The outbox's messages about the order: their address and words (a queued one
        // is not sent any more: there is nobody to send it to).
        sqlx::query(
            "update outbox set recipient = '', subject = '', body = '', attachments = '[]', attachment_bytes = '{}',
                 state = case when state = 'queued' then 'failed' else state end,
                 last_error = case when state = 'queued' then 'erased' else last_error end
             where order_id = $1",
        )
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("update payment_sandbox_transactions set email = '' where session_id = any($1)")
            .bind(&scrub.payment_sessions)
            .execute(&mut *tx)
            .await?;
    }
    if scrub.buyer {
        sqlx::query(
            "update rm_orders set invoice = jsonb_build_object(
                 'country', invoice->'country', 'vat_number', $2::text, 'company_name', $2::text,
                 'address', $2::text, 'postal_code', $2::text, 'city', $2::text)
             where order_id = $1 and invoice is not null",
        )
        .bind(order_id)
        .bind(ERASED)
        .execute(&mut *tx)
        .await?;
        sqlx::query("update rm_invoices set buyer = null, buyer_name = $2, buyer_tax_id = $2 where order_id = $1")
            .bind(order_id)
            .bind(ERASED)
            .execute(&mut *tx)
            .await?;
        sqlx::query("delete from issued_document_xml where order_id = $1").bind(order_id).execute(&mut *tx).await?;
    }
    for event in events.iter().filter(|e| e.data.contains(ERASED) || e.data.contains("\"\"")) {
        sqlx::query("update rm_order_events set data = $3::jsonb where order_id = $1 and version = $2")
            .bind(order_id)
            .bind(i64::try_from(event.version).unwrap_or(i64::MAX))
            .bind(&event.data)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// Rewrites complaint `complaint_id`'s row as erased (the e-mail, the text, the answer and
/// the files' names, as a rebuild from its sealed events writes them) and deletes its files
/// and the answer kept for a retried filing. One transaction.
pub async fn complaint(pool: &PgPool, complaint_id: Uuid) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "update rm_complaints set email = '', text = $2,
             answer = case when answer is null then null else $2 end,
             attachments = (select coalesce(jsonb_agg(jsonb_set(a, '{name}', to_jsonb($2::text)) order by i), '[]'::jsonb)
                            from jsonb_array_elements(attachments) with ordinality as t(a, i))
         where complaint_id = $1",
    )
    .bind(complaint_id)
    .bind(ERASED)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from complaint_attachments where complaint_id = $1")
        .bind(complaint_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("delete from complaint_filings where complaint_id = $1").bind(complaint_id).execute(&mut *tx).await?;
    sqlx::query("delete from idempotency_keys where resource_id = $1").bind(complaint_id).execute(&mut *tx).await?;
    // Its messages (kept under the complaint's id): their address and words.
    sqlx::query(
        "update outbox set recipient = '', subject = '', body = '', attachments = '[]', attachment_bytes = '{}',
             state = case when state = 'queued' then 'failed' else state end
         where order_id = $1",
    )
    .bind(complaint_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
