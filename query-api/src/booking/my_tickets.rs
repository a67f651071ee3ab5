//! `POST /user/user/my-tickets`: the logged-in user's tickets (those of the orders they
//! placed while logged in), with the list conventions in the query string (`page`,
//! `per-page`, `sort`, `filter[field][op]`). Nobody sees another user's tickets: the
//! user's id restricts the query before any filter.

use api_core::auth::AuthUser;
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data};
use axum::extract::State;
use chrono::{DateTime, FixedOffset, Utc};
use domain::money::format_pln;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::invoices::InvoiceSummary;
use super::model::warsaw;
use crate::QueryState;
use api_core::resource::{fetch_page, Scope};

const FIELDS: &[ListField] = &[
    ListField { name: "id", column: "t.ticket_id", kind: FieldType::Uuid },
    ListField { name: "number", column: "t.number", kind: FieldType::Text },
    ListField { name: "status", column: "t.status", kind: FieldType::Text },
    ListField { name: "leg", column: "t.leg", kind: FieldType::Text },
    ListField { name: "price", column: "t.price", kind: FieldType::Integer },
    ListField { name: "order_id", column: "t.order_id", kind: FieldType::Uuid },
    ListField { name: "hash_id", column: "o.hash_id", kind: FieldType::Text },
    ListField { name: "order_number", column: "o.number", kind: FieldType::Text },
    ListField { name: "order_status", column: "o.status", kind: FieldType::Text },
    ListField { name: "route_name", column: "t.route_name", kind: FieldType::Text },
    ListField { name: "from_name", column: "t.from_name", kind: FieldType::Text },
    ListField { name: "to_name", column: "t.to_name", kind: FieldType::Text },
    ListField { name: "departure_at", column: "t.departure_at", kind: FieldType::Timestamp },
    ListField { name: "arrival_at", column: "t.arrival_at", kind: FieldType::Timestamp },
    ListField { name: "course_changed", column: "t.course_changed", kind: FieldType::Boolean },
    ListField { name: "placed_at", column: "o.placed_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "t.departure_at desc, t.number" };
const COLUMNS: &str = "t.ticket_id, t.number, t.code, t.status, t.leg, t.line, t.price, t.order_id, o.hash_id, \
    o.number as order_number, o.status as order_status, t.route_name, t.from_name, t.to_name, t.departure_at, \
    t.arrival_at, t.course_changed, t.course_id, t.from_waypoint_id, t.to_waypoint_id, t.discount_name, \
    t.passenger_name";
const FROM: &str = "rm_tickets t join rm_orders o on o.order_id = t.order_id";

#[derive(sqlx::FromRow)]
struct Row {
    ticket_id: Uuid,
    number: String,
    code: String,
    status: String,
    leg: String,
    line: i32,
    price: i64,
    order_id: Uuid,
    hash_id: String,
    order_number: String,
    order_status: String,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    arrival_at: DateTime<Utc>,
    course_changed: bool,
    course_id: Uuid,
    from_waypoint_id: i64,
    to_waypoint_id: i64,
    discount_name: Option<String>,
    passenger_name: Option<String>,
}

/// One of the user's tickets.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyTicket {
    pub id: Uuid,
    pub number: String,
    pub code: String,
    /// `valid`, `returned`, `used`, or `cancelled` (its order was cancelled).
    pub status: String,
    /// `outbound` or `back`.
    pub leg: String,
    pub line: i32,
    pub price: i64,
    pub price_formatted: String,
    pub order_id: Uuid,
    /// The order's public id (`success-data?hash_id=` shows the whole order).
    pub hash_id: String,
    /// The order's readable number (`NB-2026-000123`); `null` for an order placed before
    /// orders were numbered.
    pub order_number: Option<String>,
    pub order_status: String,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    /// Warsaw time.
    pub departure_at: DateTime<FixedOffset>,
    pub arrival_at: DateTime<FixedOffset>,
    pub course_changed: bool,
    /// The ticket's signed code (`NB1.…`, `docs/tickets.md`): what its QR code carries.
    pub qr: String,
    /// The invoice and corrections of the ticket's order, with their PDFs' links.
    pub invoices: Vec<InvoiceSummary>,
    /// The statutory discount of the ticket's price, e.g. `Student`: the passenger shows
    /// the document that entitles them to it. `null` for a full fare.
    pub discount_name: Option<String>,
    /// The passenger's name given on the order form; `null`: the buyer travels on it.
    pub passenger_name: Option<String>,
    /// The carrier cancelled or delayed its course (issue 28); `null` when it runs normally.
    pub disruption: Option<super::disruption::TicketDisruption>,
    #[serde(skip)]
    course_id: Uuid,
    #[serde(skip)]
    to_waypoint_id: i64,
}

impl MyTicket {
    fn of(r: Row, signer: &ticket_token::TicketSigner) -> Self {
        let qr = signer.token(&ticket_token::TicketFacts {
            number: &r.number,
            course_id: r.course_id,
            from_waypoint_id: r.from_waypoint_id,
            to_waypoint_id: r.to_waypoint_id,
            discount: r.discount_name.as_deref(),
            departure_at: r.departure_at,
            arrival_at: r.arrival_at,
        });
        MyTicket {
            id: r.ticket_id,
            number: r.number,
            code: r.code,
            status: r.status,
            leg: r.leg,
            line: r.line,
            price: r.price,
            price_formatted: format_pln(r.price),
            order_id: r.order_id,
            hash_id: r.hash_id,
            order_number: (!r.order_number.is_empty()).then_some(r.order_number),
            order_status: r.order_status,
            route_name: r.route_name,
            from_name: r.from_name,
            to_name: r.to_name,
            departure_at: warsaw(r.departure_at),
            arrival_at: warsaw(r.arrival_at),
            course_changed: r.course_changed,
            qr,
            invoices: Vec::new(),
            discount_name: r.discount_name,
            passenger_name: r.passenger_name,
            disruption: None,
            course_id: r.course_id,
            to_waypoint_id: r.to_waypoint_id,
        }
    }
}

/// The logged-in user's tickets, newest departure first by default (user).
#[utoipa::path(post, path = "/api/user/user/my-tickets", tag = "accounts", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "id, number, status, leg, price, order_id, hash_id, order_number, order_status, \
            route_name, from_name, to_name, departure_at, arrival_at, course_changed, placed_at; -field descends", pattern = "^-?(id|number|status|leg|price|order_id|hash_id|order_number|order_status|route_name|from_name|to_name|departure_at|arrival_at|course_changed|placed_at)(,-?(id|number|status|leg|price|order_id|hash_id|order_number|order_status|route_name|from_name|to_name|departure_at|arrival_at|course_changed|placed_at))*$"),
        ("filter[status][eq]" = Option<String>, Query, max_length = 200, description = "valid, returned, used or cancelled; any field above, ops eq, lt, gt, lte, gte, like, in")),
    responses((status = 200, description = "`{\"data\": {\"models\": [MyTicket], \"pagination\": …}}`", body = Data<Page<MyTicket>>),
        (status = 401, description = "no token"), (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query, user), fields(user_id = %user.id))]
pub async fn my_tickets(
    user: AuthUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<MyTicket>>, ApiError> {
    let q = query.parse(SPEC)?;
    let page = fetch_page::<Row>(&state.pool, COLUMNS, FROM, Scope::Owner("t.user_id", user.id), &q).await?;
    let mut models: Vec<MyTicket> = page.models.into_iter().map(|r| MyTicket::of(r, &state.tickets)).collect();
    let orders: Vec<Uuid> = models.iter().map(|t| t.order_id).collect();
    let invoices = super::invoices::summaries_of_orders(&state.pool, &orders).await?;
    let courses: Vec<Uuid> = models.iter().map(|t| t.course_id).collect();
    let disrupted = super::disruption::of_courses(&state.pool, &courses).await?;
    let now = Utc::now();
    for ticket in &mut models {
        if let Some(documents) = invoices.get(&ticket.order_id) {
            ticket.invoices.clone_from(documents);
        }
        if let Some(d) = disrupted.get(&ticket.course_id) {
            ticket.disruption =
                d.for_ticket(ticket.order_id, &ticket.status, ticket.to_waypoint_id, &state.tickets, now);
        }
    }
    Ok(Data::new(Page { models, pagination: page.pagination }))
}
