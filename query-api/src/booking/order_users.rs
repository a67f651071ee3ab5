//! Whose an order is, and where it travels (admin):
//!
//! - `GET /order/order-user/one?id={order id}`: the account the order belongs to
//!   (`rm_orders.user_id` joined to `users`), or `null` for a guest's order (or an account
//!   that no longer exists). Only who the account is: never its password hash or tokens.
//! - `GET /order/order-user/courses?id={order id}`: the courses the order travels on now.
//!   A ticket may have moved to another course since the order was placed (a change of
//!   course, the customer's or an admin's), so the courses are the tickets' own
//!   (`rm_tickets`), grouped per leg and course; a returned ticket travels on nothing. A
//!   leg with no ticket travelling (not paid yet, expired, cancelled, every ticket
//!   returned) shows the course it was booked on, with no tickets.

use api_core::auth::AdminUser;
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, FixedOffset, Utc};
use domain::order::Leg;
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::model::warsaw;
use super::orders::order_id;
use crate::QueryState;

/// An account, as an admin sees whose an order is.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderAccount {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// `User` or `SuperAdmin`.
    pub role: String,
}

/// The account an order belongs to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderUser {
    pub order_id: Uuid,
    /// `null` for an order placed without an account.
    pub user: Option<OrderAccount>,
}

#[derive(sqlx::FromRow)]
struct UserRow {
    order_id: Uuid,
    id: Option<Uuid>,
    email: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    role: Option<String>,
}

/// The account an order belongs to (admin).
#[utoipa::path(get, path = "/api/order/order-user/one", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order")),
    responses((status = 200, description = "`{\"data\": OrderUser}`", body = Data<OrderUser>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(_: AdminUser, State(state): State<QueryState>, params: Params) -> Result<Data<OrderUser>, ApiError> {
    let id = order_id(&params)?;
    let row: UserRow = sqlx::query_as(
        "select o.order_id, u.id, u.email, u.first_name, u.last_name, u.role \
         from rm_orders o left join users u on u.id = o.user_id where o.order_id = $1",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(format!("there is no order {id}")))?;
    let user = match row {
        UserRow { id: Some(id), email: Some(email), first_name, last_name, role, .. } => Some(OrderAccount {
            id,
            email,
            first_name: first_name.unwrap_or_default(),
            last_name: last_name.unwrap_or_default(),
            role: role.unwrap_or_default(),
        }),
        _ => None,
    };
    Ok(Data::new(OrderUser { order_id: row.order_id, user }))
}

/// A course the order travels on.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderCourse {
    pub course_id: Uuid,
    /// `outbound` or `back`.
    pub kind: String,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    /// At the boarding stop, Warsaw time.
    pub departure_at: DateTime<FixedOffset>,
    /// At the last stop, Warsaw time.
    pub arrival_at: DateTime<FixedOffset>,
    /// The numbers of the order's tickets on this course (none returned).
    pub tickets: Vec<String>,
}

#[derive(sqlx::FromRow)]
struct LegsRow {
    outbound: Json<Leg>,
    back: Option<Json<Leg>>,
}

#[derive(sqlx::FromRow)]
struct TicketRow {
    number: String,
    leg: String,
    course_id: Uuid,
    route_name: String,
    from_name: String,
    to_name: String,
    departure_at: DateTime<Utc>,
    arrival_at: DateTime<Utc>,
}

/// The courses an order travels on now (admin).
#[utoipa::path(get, path = "/api/order/order-user/courses", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order")),
    responses((status = 200, description = "`{\"data\": [OrderCourse]}`: the outbound leg's courses, then the back \
            leg's, each by departure", body = Data<Vec<OrderCourse>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn courses(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<Vec<OrderCourse>>, ApiError> {
    let id = order_id(&params)?;
    let legs: LegsRow = sqlx::query_as("select outbound, back from rm_orders where order_id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no order {id}")))?;
    let tickets: Vec<TicketRow> = sqlx::query_as(
        "select number, leg, course_id, route_name, from_name, to_name, departure_at, arrival_at from rm_tickets \
         where order_id = $1 and status <> 'returned' order by departure_at, course_id, number",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let mut courses = Vec::new();
    for leg in std::iter::once(&legs.outbound.0).chain(legs.back.as_ref().map(|b| &b.0)) {
        let kind = super::model::leg_kind(leg.kind);
        let before = courses.len();
        for ticket in tickets.iter().filter(|t| t.leg == kind) {
            match courses[before..].iter_mut().find(|c: &&mut OrderCourse| c.course_id == ticket.course_id) {
                Some(course) => course.tickets.push(ticket.number.clone()),
                None => courses.push(OrderCourse {
                    course_id: ticket.course_id,
                    kind: kind.to_owned(),
                    route_name: ticket.route_name.clone(),
                    from_name: ticket.from_name.clone(),
                    to_name: ticket.to_name.clone(),
                    departure_at: warsaw(ticket.departure_at),
                    arrival_at: warsaw(ticket.arrival_at),
                    tickets: vec![ticket.number.clone()],
                }),
            }
        }
        if courses.len() == before {
            courses.push(OrderCourse {
                course_id: leg.course_id,
                kind: kind.to_owned(),
                route_name: leg.route_name.clone(),
                from_name: leg.from_name.clone(),
                to_name: leg.to_name.clone(),
                departure_at: warsaw(leg.departure_at),
                arrival_at: warsaw(leg.arrival_at),
                tickets: Vec::new(),
            });
        }
    }
    Ok(Data::new(courses))
}
