//! The orders placed and paid in a row (most of a batch under load), taken together: a run
//! is two statements whatever its length, because nothing between two of its events
//! changes which courses are disrupted.

use std::collections::HashMap;

use domain::order::{self, CourseDisruption, OrderEvent};
use event_store::RecordedEvent;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{err, tell, DisruptedRow, DisruptionProcess, Step, ROW};

impl DisruptionProcess {
    /// A run of placed and paid orders, in two statements: which courses the placed ones
    /// are on recorded, then the disruptions of every order's courses read. Each order
    /// is then told of those, in the log's order; a paid one is also sent the messages it
    /// was told while unpaid (they waited for the payment; once per notice).
    pub(super) async fn orders_in_run(&self, conn: &mut PgConnection, run: Vec<InRun>) -> Step {
        if run.is_empty() {
            return Ok(());
        }
        let (courses, orders): (Vec<Uuid>, Vec<Uuid>) = run
            .iter()
            .flat_map(|step| match step {
                InRun::Placed(order_id, courses) => courses.iter().map(|c| (*c, *order_id)).collect(),
                InRun::Paid(_) => Vec::new(),
            })
            .unzip();
        if !courses.is_empty() {
            sqlx::query(
                "insert into disruption_course_orders (course_id, order_id) \
                 select * from unnest($1::uuid[], $2::uuid[]) on conflict do nothing",
            )
            .bind(&courses)
            .bind(&orders)
            .execute(&mut *conn)
            .await
            .map_err(err)?;
        }
        let ids: Vec<Uuid> = run.iter().map(InRun::order_id).collect();
        let disruptions = disruptions_of_orders(conn, &ids).await?;
        for step in &run {
            let Some(on) = disruptions.get(&step.order_id()) else { continue };
            for disruption in on.iter() {
                tell(&self.state, step.order_id(), disruption).await?;
            }
            if let InRun::Paid(order_id) = step {
                for disruption in on.iter() {
                    crate::booking::disruption::notify(&self.state, *order_id, disruption, false).await;
                }
            }
        }
        Ok(())
    }
}

/// An order's event that `apply` takes in a run with its neighbours.
pub(super) enum InRun {
    /// `OrderPlaced`: the order and its courses.
    Placed(Uuid, Vec<Uuid>),
    /// `OrderPaid`.
    Paid(Uuid),
}

impl InRun {
    fn order_id(&self) -> Uuid {
        match self {
            InRun::Placed(order_id, _) | InRun::Paid(order_id) => *order_id,
        }
    }
}

/// `recorded` as a step of a run, when it is an order's `OrderPlaced` or `OrderPaid`
/// (read without decoding anything else).
pub(super) fn in_run(recorded: &RecordedEvent) -> Result<Option<InRun>, String> {
    if !matches!(recorded.event_type.as_str(), "OrderPlaced" | "OrderPaid")
        || !recorded.stream.starts_with(order::STREAM_PREFIX)
    {
        return Ok(None);
    }
    match recorded.decode::<OrderEvent>().map_err(err)? {
        OrderEvent::OrderPlaced { order_id, outbound, back, .. } => Ok(Some(InRun::Placed(
            order_id,
            std::iter::once(outbound.course_id).chain(back.map(|b| b.course_id)).collect(),
        ))),
        OrderEvent::OrderPaid { order_id, .. } => Ok(Some(InRun::Paid(order_id))),
        _ => Ok(None),
    }
}

#[derive(sqlx::FromRow)]
struct OrderDisruptedRow {
    order_id: Uuid,
    #[sqlx(flatten)]
    course: DisruptedRow,
}

/// The disruptions of the courses each of these orders is on, by order, as the process
/// last recorded them (orders on no disrupted course are absent).
async fn disruptions_of_orders(
    conn: &mut PgConnection,
    orders: &[Uuid],
) -> Result<HashMap<Uuid, Vec<CourseDisruption>>, String> {
    let rows: Vec<OrderDisruptedRow> = sqlx::query_as(&format!(
        "select o.order_id, {ROW} from disruption_course_orders o join disrupted_courses d using (course_id) \
         where o.order_id = any($1) order by o.order_id, course_id"
    ))
    .bind(orders)
    .fetch_all(&mut *conn)
    .await
    .map_err(err)?;
    let mut by_order: HashMap<Uuid, Vec<CourseDisruption>> = HashMap::new();
    for row in rows {
        by_order.entry(row.order_id).or_default().push(row.course.disruption());
    }
    Ok(by_order)
}
