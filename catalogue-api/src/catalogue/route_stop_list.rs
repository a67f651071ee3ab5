//! `PUT /route/route-waypoint/save-list?route_id=`: a route's whole ordered stop list,
//! checked as a whole and written in one transaction (`SuperAdmin`).
//!
//! The admin's route editor saves its list here in one request. Before, the browser wrote
//! the list as a sequence of deletes and saves of single stops, first "parking" the kept
//! ones at positions and minutes above 5,000 so that each step passed the single save's
//! checks; a failure or a closed tab half-way left the parked stops where the public search
//! read them at once. Here readers see the old list until the commit, then the new one.
//!
//! Rules, all checked before anything is written, every bad row named at once
//! (`stops[3].minutes_from_start`): 2 to [`MAX_STOPS`] stops; each a known stop
//! (`waypoints`), none twice; minutes 0 at the first stop, then strictly increasing, at most
//! 10,000. A stop's position is its place in the list (0, 1, …). A stop that stays on the
//! route keeps its row (and so its id, its details and its prices); a stop left out is
//! deleted with its details (platform, notes: they describe that stop of this route only).
//! A stop left out that still has prices answers `409` naming it (clear its prices in the
//! grid first: money is never dropped as a side effect), and so does an order that would
//! put a priced trip backwards (`422` on the row of its boarding stop).
//!
//! Courses already generated are not touched: each keeps the stops and minutes its seat
//! inventory was opened with, and the tickets sold on it keep their stretch, times and
//! price (they are in the order's events). New courses are generated from the new list.

use std::collections::HashMap;

use api_core::auth::AdminUser;
use api_core::codes;
use api_core::resource::{map_db, Params, Resource};
use api_core::{ApiError, AppJson, Data, FieldError, Fields};
use axum::extract::State;
use serde::Deserialize;
use sqlx::PgConnection;

use super::route_waypoint::{lock_route, RouteWaypoint, RouteWaypoints};
use crate::CatalogueState;

/// The most stops a route may have.
const MAX_STOPS: usize = 100;
/// The most minutes from the route's departure to a stop (the single save's limit).
const MAX_MINUTES: i64 = 10_000;
/// Added to every stored position of the route inside the save's transaction, so that the
/// new positions never meet an old one: `route_waypoints_route_position` is checked row by
/// row, not at the end of the statement. Nobody sees it (it is never committed).
const SHIFT: i32 = 1_000_000;

/// The body of `save-list`: the route's stops, first to last.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct StopList {
    /// 2 to 100 stops in travel order; a stop's position is its index.
    #[schema(min_items = 2, max_items = 100)]
    pub stops: Vec<StopListEntry>,
}

/// One stop of the list.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
pub struct StopListEntry {
    /// A stop (`/route/waypoint`), at most once in the list.
    #[schema(minimum = 1)]
    pub waypoint_id: i64,
    /// 0 at the first stop, then strictly increasing; at most 10000.
    #[schema(minimum = 0, maximum = 10_000)]
    pub minutes_from_start: i64,
}

/// `SuperAdmin`. Replace the stops of route `?route_id=` with `stops`, in one transaction;
/// the saved list, in order. Courses already generated keep their own stops.
#[utoipa::path(put, path = "/api/route/route-waypoint/save-list", tag = "route", security(("bearer" = [])),
    params(("route_id" = i64, Query, minimum = 1, description = "The route whose stops these are")),
    request_body = StopList,
    responses(
        (status = 200, description = "`{data: [RouteWaypoint]}`, in order", body = Data<Vec<RouteWaypoint>>),
        (status = 401, description = "no token"), (status = 403, description = "not a SuperAdmin"),
        (status = 404, description = "no such route"),
        (status = 409, description = "a stop left out still has prices (`conflict.in_use`)"),
        (status = 422, description = "every bad row named (`stops[i].waypoint_id`, `stops[i].minutes_from_start`)")))]
#[tracing::instrument(skip_all)]
pub async fn save_list(
    _: AdminUser,
    State(state): State<CatalogueState>,
    params: Params,
    AppJson(body): AppJson<StopList>,
) -> Result<Data<Vec<RouteWaypoint>>, ApiError> {
    let route_id = route_param(&params)?;
    let mut tx = state.pool.begin().await?;
    if !lock_route(&mut tx, route_id).await? {
        return Err(ApiError::NotFound(format!("no route with id {route_id}")));
    }
    let mut errors = list_problems(&body.stops);
    // A list of the wrong length is refused as a whole; its rows are not looked at.
    let rows_checkable = !errors.iter().any(|e| e.field == "stops");
    let prices = route_prices(&mut tx, route_id).await?;
    if rows_checkable {
        errors.extend(unknown_stops(&mut tx, &body.stops).await?);
        errors.extend(backwards(&prices, &body.stops));
    }
    finish(errors)?;
    let removed = removed_priced(&prices, &body.stops);
    if !removed.is_empty() {
        let (verb, names) = (if removed.len() == 1 { "has" } else { "have" }, removed.join(", "));
        let message = format!("{names} still {verb} prices on this route: clear them in the price grid first");
        return Err(ApiError::Conflict(message).with_code(codes::IN_USE));
    }
    write(&mut tx, route_id, &body.stops).await?;
    let saved = stops_of(&mut tx, route_id).await?;
    tx.commit().await?;
    Ok(Data::new(saved))
}

/// `?route_id=`: a positive whole number, else `422` naming it.
pub(super) fn route_param(params: &Params) -> Result<i64, ApiError> {
    match params.required("route_id")?.parse::<i64>() {
        Ok(id) if id >= 1 => Ok(id),
        _ => {
            Err(ApiError::refusal_on("route_id", codes::FIELD_OUT_OF_RANGE, "route_id must be a positive whole number"))
        }
    }
}

/// `422` with every error (the one kit's answer), or `Ok` when there is none.
pub(super) fn finish(errors: Vec<FieldError>) -> Result<(), ApiError> {
    let mut fields = Fields::default();
    errors.into_iter().for_each(|e| fields.push(e));
    fields.finish()
}

/// What is wrong with the list on its own: its length, each row's stop and minutes.
fn list_problems(stops: &[StopListEntry]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if !(2..=MAX_STOPS).contains(&stops.len()) {
        let message = format!("a route has 2 to {MAX_STOPS} stops, not {}", stops.len());
        let error = FieldError::new("stops", codes::FIELD_OUT_OF_RANGE, message);
        return vec![error.with_params([("min", 2), ("max", MAX_STOPS as i64)])];
    }
    let mut first_row: HashMap<i64, usize> = HashMap::new();
    for (i, stop) in stops.iter().enumerate() {
        let field = |name: &str| format!("stops[{i}].{name}");
        if stop.waypoint_id < 1 {
            errors.push(FieldError::new(
                field("waypoint_id"),
                codes::FIELD_OUT_OF_RANGE,
                "waypoint_id must be a positive whole number",
            ));
        } else if let Some(row) = first_row.get(&stop.waypoint_id) {
            let message = format!("this stop is on the route already (row {})", row + 1);
            errors.push(FieldError::new(field("waypoint_id"), codes::FIELD_CONFLICT, message));
        } else {
            first_row.insert(stop.waypoint_id, i);
        }
        let minutes = stop.minutes_from_start;
        let previous = i.checked_sub(1).and_then(|p| stops.get(p)).map(|p| p.minutes_from_start);
        let problem = if !(0..=MAX_MINUTES).contains(&minutes) {
            let message = format!("minutes_from_start must be from 0 to {MAX_MINUTES}");
            errors.push(
                FieldError::new(field("minutes_from_start"), codes::FIELD_OUT_OF_RANGE, message)
                    .with_params([("min", 0), ("max", MAX_MINUTES)]),
            );
            None
        } else if i == 0 && minutes != 0 {
            Some((codes::FIELD_INVALID, "the first stop is at minute 0".to_string()))
        } else if let Some(before) = previous.filter(|before| minutes <= *before) {
            let message = format!("minutes must increase along the route: the stop before is at minute {before}");
            Some((codes::FIELD_INVALID, message))
        } else {
            None
        };
        if let Some((code, message)) = problem {
            errors.push(FieldError::new(field("minutes_from_start"), code, message));
        }
    }
    errors
}

/// The rows whose stop does not exist.
async fn unknown_stops(conn: &mut PgConnection, stops: &[StopListEntry]) -> Result<Vec<FieldError>, ApiError> {
    let ids: Vec<i64> = stops.iter().map(|s| s.waypoint_id).collect();
    let known: Vec<i64> =
        sqlx::query_scalar("select id from waypoints where id = any($1)").bind(&ids).fetch_all(conn).await?;
    Ok(stops
        .iter()
        .enumerate()
        .filter(|(_, s)| s.waypoint_id >= 1 && !known.contains(&s.waypoint_id))
        .map(|(i, s)| {
            FieldError::new(
                format!("stops[{i}].waypoint_id"),
                codes::STOP_NOT_FOUND,
                format!("no stop with id {}", s.waypoint_id),
            )
        })
        .collect())
}

/// A priced trip of the route: (from stop, its name, to stop, its name).
type PricedTrip = (i64, String, i64, String);

async fn route_prices(conn: &mut PgConnection, route_id: i64) -> Result<Vec<PricedTrip>, ApiError> {
    Ok(sqlx::query_as(
        "select p.from_waypoint_id, wf.name, p.to_waypoint_id, wt.name from route_prices p \
         join waypoints wf on wf.id = p.from_waypoint_id join waypoints wt on wt.id = p.to_waypoint_id \
         where p.route_id = $1 order by p.id",
    )
    .bind(route_id)
    .fetch_all(conn)
    .await?)
}

/// The priced trips the new order would put backwards, each named on its boarding stop's row.
fn backwards(prices: &[PricedTrip], stops: &[StopListEntry]) -> Vec<FieldError> {
    let row = |w: i64| stops.iter().position(|s| s.waypoint_id == w);
    prices
        .iter()
        .filter_map(|(from, from_name, to, to_name)| match (row(*from), row(*to)) {
            (Some(a), Some(b)) if a > b => Some(FieldError::new(
                format!("stops[{a}].waypoint_id"),
                codes::FIELD_CONFLICT,
                format!("this order would put the priced trip {from_name} → {to_name} backwards"),
            )),
            _ => None,
        })
        .collect()
}

/// The names of the stops left out of the list that still have prices, each once.
fn removed_priced(prices: &[PricedTrip], stops: &[StopListEntry]) -> Vec<String> {
    let kept = |w: i64| stops.iter().any(|s| s.waypoint_id == w);
    let mut names: Vec<String> = Vec::new();
    for (from, from_name, to, to_name) in prices {
        for (id, name) in [(from, from_name), (to, to_name)] {
            if !kept(*id) && !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// Delete the stops left out (with their details), then write every stop of the list at its
/// place: a kept stop's row is updated (its id stays), a new one inserted.
async fn write(conn: &mut PgConnection, route_id: i64, stops: &[StopListEntry]) -> Result<(), ApiError> {
    let ids: Vec<i64> = stops.iter().map(|s| s.waypoint_id).collect();
    let positions: Vec<i32> = (0..stops.len()).map(|i| i as i32).collect();
    // Checked by `list_problems`: 0 to 10000.
    let minutes: Vec<i32> = stops.iter().map(|s| s.minutes_from_start as i32).collect();
    sqlx::query(
        "delete from route_waypoint_details where route_waypoint_id in \
         (select id from route_waypoints where route_id = $1 and waypoint_id <> all($2))",
    )
    .bind(route_id)
    .bind(&ids)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from route_waypoints where route_id = $1 and waypoint_id <> all($2)")
        .bind(route_id)
        .bind(&ids)
        .execute(&mut *conn)
        .await
        .map_err(|e| map_db(e, RouteWaypoints::DELETE.unwrap_or_default()))?;
    sqlx::query("update route_waypoints set position = position + $2 where route_id = $1")
        .bind(route_id)
        .bind(SHIFT)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into route_waypoints (route_id, waypoint_id, position, minutes_from_start) \
         select $1, w, p, m from unnest($2::bigint[], $3::int[], $4::int[]) as t(w, p, m) \
         on conflict on constraint route_waypoints_route_waypoint do update \
         set position = excluded.position, minutes_from_start = excluded.minutes_from_start, \
             updated_at = case when route_waypoints.position = excluded.position + $5 \
                                and route_waypoints.minutes_from_start = excluded.minutes_from_start \
                               then route_waypoints.updated_at else now() end",
    )
    .bind(route_id)
    .bind(&ids)
    .bind(&positions)
    .bind(&minutes)
    .bind(SHIFT)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The route's stops as shown, in order.
pub(super) async fn stops_of(conn: &mut PgConnection, route_id: i64) -> Result<Vec<RouteWaypoint>, ApiError> {
    let sql = format!(
        "select {} from {} where rw.route_id = $1 order by rw.position",
        RouteWaypoints::COLUMNS,
        RouteWaypoints::FROM
    );
    Ok(sqlx::query_as(&sql).bind(route_id).fetch_all(conn).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(rows: &[(i64, i64)]) -> Vec<StopListEntry> {
        rows.iter()
            .map(|&(waypoint_id, minutes_from_start)| StopListEntry { waypoint_id, minutes_from_start })
            .collect()
    }

    fn fields(errors: Vec<FieldError>) -> Vec<String> {
        errors.into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn a_list_of_distinct_stops_with_growing_minutes_from_zero_is_fine() {
        assert!(list_problems(&list(&[(1, 0), (2, 30), (3, 90)])).is_empty());
    }

    #[test]
    fn each_bad_row_is_named() {
        let bad = list(&[(1, 5), (2, 30), (1, 40), (3, 40), (0, 20_000)]);
        assert_eq!(
            fields(list_problems(&bad)),
            [
                "stops[0].minutes_from_start",
                "stops[2].waypoint_id",
                "stops[3].minutes_from_start",
                "stops[4].waypoint_id",
                "stops[4].minutes_from_start"
            ]
        );
    }

    #[test]
    fn a_route_has_two_to_a_hundred_stops() {
        assert_eq!(fields(list_problems(&list(&[(1, 0)]))), ["stops"]);
        let many: Vec<(i64, i64)> = (1..=101).map(|i| (i, i * 10)).collect();
        assert_eq!(fields(list_problems(&list(&many))), ["stops"]);
    }

    #[test]
    fn a_priced_trip_must_not_go_backwards_nor_lose_a_stop() {
        let prices: Vec<PricedTrip> = vec![(1, "A".into(), 3, "C".into()), (2, "B".into(), 3, "C".into())];
        let reversed = list(&[(3, 0), (2, 10), (1, 20)]);
        assert_eq!(fields(backwards(&prices, &reversed)), ["stops[2].waypoint_id", "stops[1].waypoint_id"]);
        assert_eq!(removed_priced(&prices, &list(&[(1, 0), (3, 10)])), ["B"]);
        assert!(removed_priced(&prices, &reversed).is_empty());
    }
}
