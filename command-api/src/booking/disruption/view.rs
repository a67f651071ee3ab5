//! The answers of the disruption endpoints (docs/disruptions.md): the admin's view of a
//! course's disruption with every passenger's state ([`Disruption`]), and the passenger's
//! offer ([`DisruptionOffer`]). Read from the course's and the orders' own streams (the
//! choice and its deadline are theirs), and the alternatives from the availability read
//! model.

use api_core::ApiError;
use chrono::{DateTime, Duration, Utc};
use domain::order::{self, OrderState, OrderStatus};
use domain::seat_inventory::Inventory;
use serde::Serialize;
use uuid::Uuid;

use super::{course_disruption, load_order};
use crate::CommandState;

/// A course's disruption and its passengers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Disruption {
    pub course_id: Uuid,
    /// `running`, `delayed` or `cancelled`.
    pub status: &'static str,
    pub reason: Option<String>,
    pub delay_minutes: Option<u32>,
    pub changed_at: Option<DateTime<Utc>>,
    /// The admin's e-mail.
    pub changed_by: Option<String>,
    /// Cancelled, or delayed 120 minutes or more.
    pub choice_offered: bool,
    pub passengers: Vec<DisruptionPassenger>,
}

/// An order with tickets on the course and where it stands.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DisruptionPassenger {
    pub order_id: Uuid,
    pub order_number: String,
    pub customer_name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub tickets: u32,
    /// `to_tell`, `told`, `moved`, `refunded` or `order_cancelled`.
    pub state: &'static str,
    pub told_at: Option<DateTime<Utc>>,
    pub chosen_at: Option<DateTime<Utc>>,
    /// `passenger`, `office` or `automatic`.
    pub chosen_by: Option<&'static str>,
    pub moved_to: Option<MovedTo>,
    /// Grosz refunded (money and coupon).
    pub refund_amount: Option<i64>,
}

/// The course tickets moved to.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MovedTo {
    pub course_id: Uuid,
    pub departure_at: DateTime<Utc>,
}

/// The admin's view of `inventory`'s disruption; `orders`: the orders that had seats on it.
pub(super) async fn disruption(
    state: &CommandState,
    inventory: &Inventory,
    orders: &[Uuid],
) -> Result<Disruption, ApiError> {
    let d = inventory.disruption.as_ref();
    let mut passengers = Vec::new();
    for order_id in orders {
        if let Some(order) = load_order(state, *order_id).await? {
            if let Some(p) = passenger(&order, inventory.course_id) {
                passengers.push(p);
            }
        }
    }
    for p in &mut passengers {
        if let Some(moved) = &mut p.moved_to {
            if let Some(departure_at) = departure_of(state, moved.course_id).await? {
                moved.departure_at = departure_at;
            }
        }
    }
    passengers.sort_by(|a, b| a.order_number.cmp(&b.order_number));
    Ok(Disruption {
        course_id: inventory.course_id,
        status: match d {
            None => "running",
            Some(d) if d.cancelled() => "cancelled",
            Some(_) => "delayed",
        },
        reason: d.map(|d| d.reason.clone()),
        delay_minutes: d.and_then(|d| d.delay_minutes),
        changed_at: d.map(|d| d.at),
        changed_by: d.map(|d| d.by.clone()),
        choice_offered: d.is_some_and(|d| d.choice_offered()),
        passengers,
    })
}

/// The order as a passenger of `course_id`: `None` when it has nothing on it (an order
/// expired before, or whose tickets were all returned before the disruption).
pub(super) fn passenger(order: &OrderState, course_id: Uuid) -> Option<DisruptionPassenger> {
    let record = order.disruption(course_id);
    let chosen = record.and_then(|r| r.chosen.as_ref());
    let on_course = order::tickets_on(order, course_id).len();
    let tickets_of_choice = order.tickets.iter().filter(|t| was_on(order, t, course_id)).count();
    let cancelled_by_disruption = order.status == OrderStatus::Cancelled && record.is_some();
    let pending = order.status == OrderStatus::PendingPayment && order.legs().any(|l| l.course_id == course_id);
    if on_course == 0 && chosen.is_none() && !cancelled_by_disruption && !pending {
        return None;
    }
    let state = match (chosen.map(|c| c.choice), cancelled_by_disruption, record.and_then(|r| r.told_at)) {
        (Some(order::DisruptionChoice::Move), _, _) => "moved",
        (Some(order::DisruptionChoice::Refund), _, _) => "refunded",
        (None, true, _) => "order_cancelled",
        (None, false, Some(_)) => "told",
        (None, false, None) => "to_tell",
    };
    let seats = if on_course > 0 {
        on_course
    } else if pending || cancelled_by_disruption {
        order.passengers() as usize
    } else {
        tickets_of_choice
    };
    let blank = |s: &str| (!s.trim().is_empty()).then(|| s.to_owned());
    Some(DisruptionPassenger {
        order_id: order.order_id,
        order_number: order.display_number().to_owned(),
        customer_name: format!("{} {}", order.customer.first_name, order.customer.last_name).trim().to_owned(),
        email: blank(&order.customer.email),
        phone: blank(&order.customer.phone),
        tickets: seats as u32,
        state,
        told_at: record.and_then(|r| r.told_at),
        chosen_at: chosen.map(|c| c.at),
        chosen_by: chosen.map(|c| c.by.as_str()),
        moved_to: chosen.and_then(|c| c.to_course_id).map(|course_id| MovedTo {
            course_id,
            // The moved tickets are on that course now: their leg says when it leaves. (Once
            // they are all returned, the callers read the course's departure instead.)
            departure_at: order
                .tickets
                .iter()
                .find(|t| t.course.course_id == course_id)
                .map_or(DateTime::UNIX_EPOCH, |t| t.course.departure_at),
        }),
        refund_amount: chosen.filter(|c| c.choice == order::DisruptionChoice::Refund).map(|c| c.refund_amount),
    })
}

/// The ticket's leg is (or was, before a move) on `course_id`.
fn was_on(order: &OrderState, t: &domain::order::TicketState, course_id: Uuid) -> bool {
    t.course.course_id == course_id || order.leg(t.ticket.leg).is_some_and(|l| l.course_id == course_id)
}

async fn departure_of(state: &CommandState, course_id: Uuid) -> Result<Option<DateTime<Utc>>, ApiError> {
    Ok(sqlx::query_scalar("select departure_at from courses where id = $1")
        .bind(course_id)
        .fetch_optional(&state.pool)
        .await?)
}

/// The passenger's offer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DisruptionOffer {
    pub order_number: String,
    /// `pl` or `en`.
    pub language: &'static str,
    /// `cancelled` or `delayed`.
    pub status: &'static str,
    pub reason: String,
    pub delay_minutes: Option<u32>,
    pub course: OfferCourse,
    pub tickets: u32,
    pub choice_open: bool,
    /// A cancellation's departure; `null` for a delay.
    pub deadline: Option<DateTime<Utc>>,
    /// Grosz a refund gives back in full (money and coupon).
    pub refund_amount: i64,
    pub alternatives: Vec<Alternative>,
    pub chosen: Option<Chosen>,
}

/// The disrupted course, for the passenger's stops.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferCourse {
    pub course_id: Uuid,
    pub route_name: String,
    pub from_name: String,
    pub to_name: String,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
}

/// Another course the tickets may move to.
#[derive(Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct Alternative {
    pub course_id: Uuid,
    pub departure_at: DateTime<Utc>,
    pub arrival_at: DateTime<Utc>,
    pub seats_available: i64,
}

/// What was chosen.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Chosen {
    /// `move` or `refund`.
    pub choice: &'static str,
    pub at: DateTime<Utc>,
    /// `passenger`, `office` or `automatic`.
    pub by: &'static str,
    pub to_course: Option<MovedTo>,
    pub refund_amount: Option<i64>,
}

/// The offer of `order` on the disrupted `inventory` (`None`: the course runs normally, or
/// the order has nothing on it).
pub(super) async fn offer(
    state: &CommandState,
    order: &OrderState,
    inventory: &Inventory,
) -> Result<Option<DisruptionOffer>, ApiError> {
    let (Some(d), Some(course)) = (course_disruption(inventory), inventory.disruption.as_ref()) else {
        return Ok(None);
    };
    let Some(mut p) = passenger(order, inventory.course_id) else { return Ok(None) };
    if let Some(moved) = p.moved_to.as_mut().filter(|m| m.departure_at == DateTime::UNIX_EPOCH) {
        if let Some(departure_at) = departure_of(state, moved.course_id).await? {
            moved.departure_at = departure_at;
        }
    }
    let leg = order
        .tickets
        .iter()
        .find(|t| was_on(order, t, inventory.course_id))
        .map(|t| order.leg(t.ticket.leg).cloned().unwrap_or_else(|| t.course.clone()))
        .or_else(|| order.legs().find(|l| l.course_id == inventory.course_id).cloned());
    let Some(leg) = leg else { return Ok(None) };
    let now = Utc::now();
    let on_course = order::tickets_on(order, inventory.course_id);
    let choice_open = p.chosen_at.is_none()
        && order.status == OrderStatus::Paid
        && !on_course.is_empty()
        && d.choice_offered()
        && now < d.deadline();
    let alternatives = if choice_open {
        alternatives(state, &leg, inventory.course_id, on_course.len() as i64, now).await?
    } else {
        Vec::new()
    };
    let chosen = match (p.chosen_at, p.chosen_by) {
        (Some(at), Some(by)) => Some(Chosen {
            choice: if p.state == "moved" { "move" } else { "refund" },
            at,
            by,
            to_course: p.moved_to,
            refund_amount: p.refund_amount,
        }),
        _ => None,
    };
    Ok(Some(DisruptionOffer {
        order_number: p.order_number,
        language: order.customer.language.code(),
        status: if course.cancelled() { "cancelled" } else { "delayed" },
        reason: course.reason.clone(),
        delay_minutes: course.delay_minutes,
        course: OfferCourse {
            course_id: inventory.course_id,
            route_name: leg.route_name.clone(),
            from_name: leg.from_name.clone(),
            to_name: leg.to_name.clone(),
            departure_at: leg.departure_at,
            arrival_at: leg.arrival_at,
        },
        tickets: p.tickets,
        choice_open,
        deadline: course.cancelled().then_some(inventory.departure_at),
        refund_amount: order::full_refund(order, inventory.course_id),
        alternatives,
        chosen,
    }))
}

/// Other courses of the leg's route between its stops, on sale, not cancelled, with
/// `seats` free, nearest first (at most 20).
async fn alternatives(
    state: &CommandState,
    leg: &order::Leg,
    except: Uuid,
    seats: i64,
    now: DateTime<Utc>,
) -> Result<Vec<Alternative>, ApiError> {
    let cutoff = state.settings.get(&state.pool).await?.sales_close.get();
    let rows: Vec<Alternative> = sqlx::query_as(
        "select * from (select a.course_id, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.f]::int) as departure_at, \
                a.departure_at + make_interval(mins => a.stop_minutes[p.t]::int) as arrival_at, \
                (a.seats - coalesce((select max(l) from unnest(a.segment_loads[p.f:p.t - 1]) l), 0))::bigint as seats_available \
         from rm_course_availability a \
         cross join lateral (select array_position(a.stop_ids, $2) as f, array_position(a.stop_ids, $3) as t) p \
         join courses c on c.id = a.course_id and c.sale_open \
         where a.route_id = $1 and a.course_id <> $4 and not a.cancelled and p.f < p.t) x \
         where x.departure_at > $5 and x.seats_available >= $6 order by x.departure_at limit 20",
    )
    .bind(leg.route_id)
    .bind(leg.from_waypoint_id)
    .bind(leg.to_waypoint_id)
    .bind(except)
    .bind(now + Duration::minutes(i64::from(cutoff)))
    .bind(seats)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows)
}
