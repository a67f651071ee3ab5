//! `PUT /route/route-price/save-grid?route_id=`: a route's whole price grid, checked as a
//! whole and written in one transaction (`SuperAdmin`).
//!
//! The admin's price grid saves here in one request (before: one request per changed cell,
//! so a failure half-way left some cells saved and others not). The body is every priced
//! trip of the route; a trip of the route left out loses its price (an emptied cell).
//!
//! Rules, as for a single price (`super::route_price`), every bad cell named at once
//! (`prices[3].price`, its message naming the trip): both stops are stops of the route,
//! the trip goes forward along it, one price per trip, a price of 1 to 10,000,000 grosz.
//! Checked under the lock of the route's row, like the route's stops. Tickets already sold
//! keep the price they were sold at (it is in the order's events).

use std::collections::HashMap;

use api_core::auth::AdminUser;
use api_core::codes;
use api_core::resource::{Params, Resource};
use api_core::{ApiError, AppJson, Data, FieldError};
use axum::extract::State;
use serde::Deserialize;
use sqlx::PgConnection;

use super::route_price::{RoutePrice, RoutePrices, MAX_PRICE};
use super::route_stop_list::{finish, route_param};
use super::route_waypoint::lock_route;
use crate::CatalogueState;

/// The most cells a grid may have: every forward trip of a route of 100 stops.
const MAX_PRICES: usize = 4950;

/// The body of `save-grid`: every priced trip of the route.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct PriceGrid {
    /// At most 4950 trips (every forward pair of 100 stops); none clears the grid.
    #[schema(max_items = 4950)]
    pub prices: Vec<PriceCell>,
}

/// One trip's fare.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
pub struct PriceCell {
    /// A stop of the route.
    #[schema(minimum = 1)]
    pub from_waypoint_id: i64,
    /// A stop of the route after `from_waypoint_id`.
    #[schema(minimum = 1)]
    pub to_waypoint_id: i64,
    /// Grosz (39 PLN = 3900), above zero.
    #[schema(minimum = 1, maximum = 10_000_000)]
    pub price: i64,
}

/// `SuperAdmin`. Replace the prices of route `?route_id=` with `prices`, in one
/// transaction; the route's prices as saved.
#[utoipa::path(put, path = "/api/route/route-price/save-grid", tag = "route", security(("bearer" = [])),
    params(("route_id" = i64, Query, minimum = 1, description = "The route whose prices these are")),
    request_body = PriceGrid,
    responses(
        (status = 200, description = "`{data: [RoutePrice]}`", body = Data<Vec<RoutePrice>>),
        (status = 401, description = "no token"), (status = 403, description = "not a SuperAdmin"),
        (status = 404, description = "no such route"),
        (status = 422, description = "every bad cell named (`prices[i].price`, `prices[i].to_waypoint_id`…)")))]
#[tracing::instrument(skip_all)]
pub async fn save_grid(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<PriceGrid>,
) -> Result<Data<Vec<RoutePrice>>, ApiError> {
    let route_id = route_param(&params)?;
    let mut tx = state.pool.begin().await?;
    if !lock_route(&mut tx, route_id).await? {
        return Err(ApiError::NotFound(format!("no route with id {route_id}")));
    }
    let stops: Vec<RouteStop> = sqlx::query_as(
        "select rw.waypoint_id, w.name, rw.position from route_waypoints rw \
                        join waypoints w on w.id = rw.waypoint_id where rw.route_id = $1",
    )
    .bind(route_id)
    .fetch_all(&mut *tx)
    .await?;
    finish(grid_problems(route_id, &stops, &body.prices))?;
    write(&mut tx, route_id, &body.prices).await?;
    let sql = format!(
        "select {} from {} where p.route_id = $1 order by p.from_waypoint_id, p.to_waypoint_id",
        RoutePrices::COLUMNS,
        RoutePrices::FROM
    );
    let saved: Vec<RoutePrice> = sqlx::query_as(&sql).bind(route_id).fetch_all(&mut *tx).await?;
    tx.commit().await?;
    Ok(Data::new(saved.into_iter().map(RoutePrices::shown).collect()))
}

/// A stop of the route: (stop, its name, its position).
type RouteStop = (i64, String, i32);

/// Every bad cell of the grid, each under its own field.
fn grid_problems(route_id: i64, stops: &[RouteStop], prices: &[PriceCell]) -> Vec<FieldError> {
    if prices.len() > MAX_PRICES {
        let message = format!("a route has at most {MAX_PRICES} prices, not {}", prices.len());
        let error = FieldError::new("prices", codes::FIELD_OUT_OF_RANGE, message);
        return vec![error.with_param("max", MAX_PRICES as i64)];
    }
    let stop = |w: i64| stops.iter().find(|(id, _, _)| *id == w);
    let name = |w: i64| stop(w).map_or_else(|| format!("stop {w}"), |(_, name, _)| name.clone());
    let mut errors = Vec::new();
    let mut first_row: HashMap<(i64, i64), usize> = HashMap::new();
    for (i, cell) in prices.iter().enumerate() {
        let field = |name: &str| format!("prices[{i}].{name}");
        let PriceCell { from_waypoint_id: from, to_waypoint_id: to, price } = *cell;
        let trip = format!("{} → {}", name(from), name(to));
        for (name, id) in [("from_waypoint_id", from), ("to_waypoint_id", to)] {
            if stop(id).is_none() {
                let message = format!("{trip}: stop {id} is not on route {route_id}");
                errors.push(FieldError::new(field(name), codes::STOP_NOT_FOUND, message));
            }
        }
        if let (Some((_, _, a)), Some((_, _, b))) = (stop(from), stop(to)) {
            if a >= b {
                let message = format!("{trip}: a trip only goes forward along the route");
                errors.push(FieldError::new(field("to_waypoint_id"), codes::FIELD_INVALID, message));
            } else if let Some(row) = first_row.get(&(from, to)) {
                let message = format!("{trip}: this trip has a price already (row {})", row + 1);
                errors.push(FieldError::new(field("to_waypoint_id"), codes::FIELD_CONFLICT, message));
            } else {
                first_row.insert((from, to), i);
            }
        }
        if !(1..=MAX_PRICE).contains(&price) {
            let message = format!("{trip}: the price must be from 1 to {MAX_PRICE} grosz, not {price}");
            let error = FieldError::new(field("price"), codes::FIELD_OUT_OF_RANGE, message);
            errors.push(error.with_params([("min", 1), ("max", MAX_PRICE)]));
        }
    }
    errors
}

/// Delete the route's prices left out of the grid, then write every cell (a trip priced
/// already keeps its row, and its `updated_at` when the price is the same).
async fn write(conn: &mut PgConnection, route_id: i64, prices: &[PriceCell]) -> Result<(), ApiError> {
    let from: Vec<i64> = prices.iter().map(|p| p.from_waypoint_id).collect();
    let to: Vec<i64> = prices.iter().map(|p| p.to_waypoint_id).collect();
    let price: Vec<i64> = prices.iter().map(|p| p.price).collect();
    sqlx::query(
        "delete from route_prices where route_id = $1 \
         and (from_waypoint_id, to_waypoint_id) not in (select f, t from unnest($2::bigint[], $3::bigint[]) as u(f, t))",
    )
    .bind(route_id)
    .bind(&from)
    .bind(&to)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into route_prices (route_id, from_waypoint_id, to_waypoint_id, price) \
         select $1, f, t, p from unnest($2::bigint[], $3::bigint[], $4::bigint[]) as u(f, t, p) \
         on conflict on constraint route_prices_pair do update set price = excluded.price, updated_at = now() \
         where route_prices.price <> excluded.price",
    )
    .bind(route_id)
    .bind(&from)
    .bind(&to)
    .bind(&price)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stops() -> Vec<RouteStop> {
        vec![(1, "A".into(), 0), (2, "B".into(), 1), (3, "C".into(), 2)]
    }

    fn cell(from_waypoint_id: i64, to_waypoint_id: i64, price: i64) -> PriceCell {
        PriceCell { from_waypoint_id, to_waypoint_id, price }
    }

    #[test]
    fn every_bad_cell_is_named_with_its_trip() {
        let grid = [cell(1, 2, 1000), cell(1, 3, 0), cell(3, 2, 500), cell(1, 2, 900), cell(9, 3, -5)];
        let errors = grid_problems(7, &stops(), &grid);
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "prices[1].price",
                "prices[2].to_waypoint_id",
                "prices[3].to_waypoint_id",
                "prices[4].from_waypoint_id",
                "prices[4].price"
            ]
        );
        assert!(errors[0].message.starts_with("A → C:"), "{}", errors[0].message);
    }

    #[test]
    fn a_forward_grid_is_fine_and_an_empty_one_clears() {
        assert!(grid_problems(7, &stops(), &[cell(1, 2, 1), cell(1, 3, MAX_PRICE), cell(2, 3, 900)]).is_empty());
        assert!(grid_problems(7, &stops(), &[]).is_empty());
    }
}
