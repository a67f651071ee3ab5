//! Erasing one person's data wherever it is (RODO art. 17): the orders of their account,
//! or those they placed as a guest, or everything under an e-mail address (a request the
//! office received); with the complaints they filed, their account, sessions, links and
//! login attempts. Each order goes as far as the law lets it now ([`super::erase_order`]);
//! what must stay waits in `privacy_pending` and is named with until when.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub use projections::whose::Whose;

use super::{erase_complaint, erase_order, pending, Kept, Request};
use crate::CommandState;

/// One subject's data kept for now.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct KeptData {
    pub order_number: String,
    /// `customer` (name, contact, passengers), `buyer` (the invoice's buyer) or
    /// `complaint` (an open complaint's e-mail, text and files).
    pub data: String,
    /// The first instant it may go (the sweep erases it then).
    pub until: DateTime<Utc>,
    /// `awaiting_payment`, `journey_ahead`, `invoice` or `open_complaint`.
    pub why: String,
}

/// What an erasure of a person did.
#[derive(Debug, Clone, Default)]
pub struct PersonErased {
    /// The numbers of the orders it covered.
    pub orders: Vec<String>,
    /// Orders whose personal data were erased now (all or part).
    pub orders_erased: usize,
    pub kept: Vec<KeptData>,
}

impl PersonErased {
    /// What was done, for the register of requests, in the office's words: numbers,
    /// dates and reasons only.
    pub fn outcome(&self) -> String {
        let mut text = format!("usunięto dane (w całości lub w części) z zamówień: {}", self.orders_erased);
        for kept in &self.kept {
            let until = api_core::time::warsaw(kept.until).format("%d.%m.%Y");
            let what = match kept.data.as_str() {
                "buyer" => "dane nabywcy faktury",
                "complaint" => "reklamacja",
                _ => "dane zamawiającego",
            };
            let why = match kept.why.as_str() {
                "awaiting_payment" => "zamówienie czeka na płatność",
                "journey_ahead" => "podróż jeszcze się nie odbyła",
                "invoice" => "faktura, do końca okresu podatkowego",
                _ => "reklamacja czeka na odpowiedź",
            };
            text.push_str(&format!("; {}: {what} zachowane do {until} ({why})", kept.order_number));
        }
        text
    }
}

/// Erases `whose` data as far as the law allows now; what stays waits for the sweep.
/// The account (when `whose` names one) is emptied and locked, its sessions and login
/// attempts gone; the guest's links to their data are dead.
pub async fn erase(state: &CommandState, whose: Whose<'_>, request: &Request<'_>) -> Result<PersonErased, ApiError> {
    let (account, email) = whose.binds();
    let orders: Vec<(Uuid, String)> = sqlx::query_as(&format!(
        "select o.order_id, o.number from rm_orders o where {} order by o.placed_at",
        whose.orders()
    ))
    .bind(account)
    .bind(&email)
    .fetch_all(&state.pool)
    .await?;
    let mut done = PersonErased::default();
    for (order_id, number) in &orders {
        let outcome = erase_order(state.store.as_ref(), &state.keys, &state.pool, *order_id, request)
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        done.orders_erased += usize::from(!outcome.erased.is_empty());
        for kept in outcome.kept {
            pending::wait(&state.pool, *order_id, &kept, request).await?;
            done.kept.push(kept_data(number, &kept));
        }
        done.orders.push(number.clone());
    }
    // The complaints they filed about an order not among theirs (a fellow passenger's).
    let ids: Vec<Uuid> = orders.iter().map(|(id, _)| *id).collect();
    let complaints: Vec<(Uuid, Uuid, String)> = sqlx::query_as(&format!(
        "select c.complaint_id, c.order_id, c.order_number from rm_complaints c
         where {} and c.order_id <> all($3)",
        whose.complaints()
    ))
    .bind(account)
    .bind(&email)
    .bind(&ids)
    .fetch_all(&state.pool)
    .await?;
    for (complaint_id, order_id, number) in complaints {
        let kept = erase_complaint(state.store.as_ref(), &state.keys, &state.pool, complaint_id, request)
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        if let Some(kept) = kept {
            pending::wait(&state.pool, order_id, &kept, request).await?;
            done.kept.push(kept_data(&number, &kept));
        }
    }
    close_account(state, whose, request).await?;
    Ok(done)
}

/// Account `id`'s row emptied of every personal value and locked (its id stays: orders and
/// stamps name it), its sessions and links and the login attempts of its e-mail gone.
pub async fn empty_account(conn: &mut sqlx::PgConnection, id: Uuid) -> sqlx::Result<()> {
    let email: Option<String> =
        sqlx::query_scalar("select email from users where id = $1").bind(id).fetch_optional(&mut *conn).await?;
    sqlx::query("delete from auth_tokens where user_id = $1").bind(id).execute(&mut *conn).await?;
    if let Some(email) = &email {
        sqlx::query("delete from login_attempts where email = lower($1)").bind(email).execute(&mut *conn).await?;
        // The account's own messages (activation, password, e-mail change): their address.
        sqlx::query(
            "update outbox set recipient = '', subject = '', body = '', attachments = '[]', attachment_bytes = '{}',
                 state = case when state = 'queued' then 'failed' else state end
             where order_id is null and lower(recipient) = lower($1)",
        )
        .bind(email)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "update users set email = 'usuniete-' || id || '@invalid', first_name = $2, last_name = '', phone = '',
                password_hash = '!', active = false, updated_at = now()
         where id = $1",
    )
    .bind(id)
    .bind(privacy::ERASED_TEXT)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn kept_data(number: &str, kept: &Kept) -> KeptData {
    let subject = kept.subject.as_str();
    let data = if subject.ends_with(":buyer") {
        "buyer"
    } else if subject.starts_with("complaint:") {
        "complaint"
    } else {
        "customer"
    };
    KeptData { order_number: number.to_string(), data: data.into(), until: kept.until, why: kept.why.code().into() }
}

/// The customer's account row kept (orders and stamps name its id) without a personal
/// value and unable to log in; its sessions, links and login attempts gone; the guest
/// links to the e-mail's data dead. One transaction; then the account's erasure registered.
async fn close_account(state: &CommandState, whose: Whose<'_>, request: &Request<'_>) -> Result<(), ApiError> {
    let mut tx = state.pool.begin().await?;
    let (account, email): (Option<Uuid>, Option<String>) = match whose {
        Whose::Account(id) => {
            let email: Option<String> =
                sqlx::query_scalar("select email from users where id = $1").bind(id).fetch_optional(&mut *tx).await?;
            (Some(id), email)
        }
        Whose::Guest(email) => (None, Some(email.to_owned())),
        Whose::Email(email) => {
            let id: Option<Uuid> =
                sqlx::query_scalar("select id from users where lower(email) = lower($1) and role = 'User'")
                    .bind(email)
                    .fetch_optional(&mut *tx)
                    .await?;
            (id, Some(email.to_owned()))
        }
    };
    if let Some(email) = &email {
        sqlx::query("delete from privacy_links where lower(email) = lower($1)").bind(email).execute(&mut *tx).await?;
    }
    if let Some(id) = account {
        empty_account(&mut tx, id).await?;
    }
    tx.commit().await?;
    if let Some(id) = account {
        state
            .keys
            .erase(&privacy::Subject::account(id), request.actor, request.by, request.reason)
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
    }
    Ok(())
}
