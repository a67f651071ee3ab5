//! `GET /order/order/success-data?hash_id=`: the order a customer just placed or paid,
//! for the after-payment and success pages. Public: the hash id in the link is the
//! capability (it is long and random); it shows nothing of any other order.
//!
//! Each ticket carries its course's disruption (the ticket page is the only page a guest
//! has), and the order what was paid back.
//!
//! Right after placing, the order may not be in the read model yet (the projection
//! follows the events within moments): the page polls, and `404` means "not yet".

use api_core::{ApiError, Data};
use axum::extract::State;

use super::db::order_with_tickets;
use super::model::OrderView;
use crate::QueryState;
use api_core::Params;

/// The order of a hash id, with its legs, lines, coupon, totals and tickets (public).
#[utoipa::path(get, path = "/api/order/order/success-data", tag = "order", security((), ("bearer" = [])),
    params(("hash_id" = inline(api_core::values::NotBlank), Query, description = "the order's public id, from the links")),
    responses((status = 200, description = "`{\"data\": OrderView}`", body = Data<OrderView>),
        (status = 404, description = "no order with this hash id (yet)"),
        (status = 422, description = "hash_id is missing")))]
#[tracing::instrument(skip(state, params))]
pub async fn success_data(State(state): State<QueryState>, params: Params) -> Result<Data<OrderView>, ApiError> {
    let hash_id = params.required("hash_id")?;
    let not_found = || ApiError::NotFound("there is no order with this hash id".into());
    if hash_id.len() > 200 {
        return Err(not_found());
    }
    let (order, tickets) =
        order_with_tickets(&state.pool, "hash_id", hash_id.to_string()).await?.ok_or_else(not_found)?;
    let invoices = super::invoices::summaries(&state.pool, order.order_id).await?;
    let mut view = order.view(&tickets, invoices, &state.public_url, &state.tickets);
    // Each ticket tells its course's current truth: cancelled, delayed, the new time.
    let courses: Vec<uuid::Uuid> = view.tickets.iter().map(|t| t.course_id).collect();
    let disrupted = super::disruption::of_courses(&state.pool, &courses).await?;
    let now = chrono::Utc::now();
    for ticket in &mut view.tickets {
        if let Some(d) = disrupted.get(&ticket.course_id) {
            ticket.disruption = d.for_ticket(view.id, &ticket.status, ticket.to_waypoint_id, &state.tickets, now);
        }
    }
    Ok(Data::new(view))
}
