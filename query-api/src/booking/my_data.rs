//! `GET /user/user/my-data`: everything the carrier holds about the logged-in customer, in
//! one machine-readable answer (RODO art. 15 and 20): the account, their orders with the
//! names, contacts and invoice data they gave and the tickets, their complaints, and the
//! messages sent to them about their orders (what and when, not the text; not the invoice
//! office's copies, nor the marks of corrections made). The web app offers it as
//! a JSON file and shows it as a readable page. What was erased reads as erased.

use api_core::auth::AuthUser;
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use projections::whose::Whose;

use crate::QueryState;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyData {
    pub generated_at: DateTime<Utc>,
    /// The customer's account; `null` for a guest's data (their orders without one).
    pub account: Option<MyAccountData>,
    pub orders: Vec<MyOrderData>,
    pub complaints: Vec<MyComplaintData>,
    pub messages: Vec<MyMessageData>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MyAccountData {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyOrderData {
    pub number: String,
    pub placed_at: DateTime<Utc>,
    pub status: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    /// The invoice's buyer as given, when an invoice was asked for.
    #[schema(value_type = Option<Object>)]
    pub invoice: Option<Value>,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub departure_at: DateTime<Utc>,
    /// Grosz.
    pub total: i64,
    pub tickets: Vec<MyTicketData>,
    /// The consents given with the order: an order placed online cannot be placed without
    /// accepting the terms (`terms`) and consenting to the processing of the data
    /// (`personal_data`), both given when it was placed; a sale at the office asks for none.
    pub consents: Vec<MyConsentData>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyConsentData {
    /// `terms` (the terms and conditions) or `personal_data` (the processing of the data).
    pub kind: String,
    pub given_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MyTicketData {
    pub number: String,
    pub status: String,
    pub from_name: String,
    pub to_name: String,
    pub departure_at: DateTime<Utc>,
    pub passenger_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MyComplaintData {
    pub number: String,
    pub order_number: String,
    pub filed_at: DateTime<Utc>,
    pub state: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MyMessageData {
    pub order_number: String,
    /// What was sent (`tickets`, `invoice`, a disruption's notice, …).
    pub kind: String,
    pub sent_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct OrderRow {
    order_id: Uuid,
    number: String,
    placed_at: DateTime<Utc>,
    status: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    invoice: Option<Value>,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    total: i64,
    payment_provider: String,
}

/// Everything held about the logged-in customer (user).
#[utoipa::path(get, path = "/api/user/user/my-data", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": MyData}`", body = Data<MyData>),
        (status = 401, description = "no token")))]
#[tracing::instrument(skip(state, user), fields(user_id = %user.id))]
pub async fn my_data(user: AuthUser, State(state): State<QueryState>) -> Result<Data<MyData>, ApiError> {
    let data = collect(&state.pool, Whose::Account(user.id)).await?;
    if data.account.is_none() {
        return Err(ApiError::Unauthorized);
    }
    Ok(Data::new(data))
}

/// The consents an order records: both of the online form, none at the office's desk.
fn consents(payment_provider: &str, placed_at: DateTime<Utc>) -> Vec<MyConsentData> {
    if matches!(payment_provider, "cash" | "card_terminal") {
        return Vec::new();
    }
    ["terms", "personal_data"].map(|kind| MyConsentData { kind: kind.into(), given_at: placed_at }).into()
}

/// Everything held about `whose`, erased values reading erased.
pub async fn collect(pool: &sqlx::PgPool, whose: Whose<'_>) -> Result<MyData, ApiError> {
    let (account_id, email) = whose.binds();
    let account: Option<MyAccountData> = sqlx::query_as(&format!(
        "select email, first_name, last_name, phone, created_at from users where {}",
        whose.account()
    ))
    .bind(account_id)
    .bind(&email)
    .fetch_optional(pool)
    .await?;
    let rows: Vec<OrderRow> = sqlx::query_as(&format!(
        "select order_id, number, placed_at, status, first_name, last_name, email, phone, invoice, route_name,
                from_name, to_name, departure_at, total, payment_provider
         from rm_orders o where {} order by placed_at",
        whose.orders()
    ))
    .bind(account_id)
    .bind(&email)
    .fetch_all(pool)
    .await?;
    let mut orders = Vec::with_capacity(rows.len());
    for row in rows {
        let tickets: Vec<MyTicketData> = sqlx::query_as(
            "select number, status, from_name, to_name, departure_at, passenger_name
             from rm_tickets where order_id = $1 order by number",
        )
        .bind(row.order_id)
        .fetch_all(pool)
        .await?;
        orders.push(MyOrderData {
            number: row.number,
            placed_at: row.placed_at,
            status: row.status,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            phone: row.phone,
            invoice: row.invoice,
            route_name: row.route_name,
            from_name: row.from_name,
            to_name: row.to_name,
            departure_at: row.departure_at,
            total: row.total,
            tickets,
            consents: consents(&row.payment_provider, row.placed_at),
        });
    }
    let complaints: Vec<MyComplaintData> = sqlx::query_as(&format!(
        "select number, order_number, filed_at, state, text from rm_complaints c where {} order by filed_at",
        whose.complaints()
    ))
    .bind(account_id)
    .bind(&email)
    .fetch_all(pool)
    .await?;
    let messages: Vec<MyMessageData> = sqlx::query_as(&format!(
        "select o.number as order_number, m.kind, m.sent_at from sent_messages m
         join rm_orders o on o.order_id = m.order_id
         where {} and m.kind not like 'invoice-copy/%' and m.kind not like 'invoice-correction/%'
         order by m.sent_at",
        whose.orders()
    ))
    .bind(account_id)
    .bind(&email)
    .fetch_all(pool)
    .await?;
    Ok(MyData { generated_at: Utc::now(), account, orders, complaints, messages })
}
