//! The choice window's end: the passengers of a cancelled course who did not choose
//! within it are refunded in full (docs/disruptions.md).

use chrono::{DateTime, Utc};
use domain::order::{self, ChosenBy, CourseDisruption, DisruptionError, CHOICE_WINDOW_DAYS};
use event_store::Metadata;
use uuid::Uuid;

use super::{err, DisruptedRow, ROW};
use crate::aggregate::{self, ExecuteError, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// Refund in full every passenger of a cancelled course who did not choose within the
/// window, for the courses announced [`CHOICE_WINDOW_DAYS`] days or more before `now` (the
/// timer passes the clock; a test passes a later one). Answers how many orders were
/// refunded. A course is marked done once every order on it was decided, so the next
/// round skips it.
pub async fn refund_when_choice_closes(state: &CommandState, now: DateTime<Utc>) -> Result<usize, String> {
    let due: Vec<DisruptedRow> = sqlx::query_as(&format!(
        "select {ROW} from disrupted_courses where delay_minutes is null and refunds_done_at is null \
         and coalesce(announced_at, departure_at - make_interval(days => $2)) + make_interval(days => $2) <= $1 \
         order by departure_at limit 100"
    ))
    .bind(now)
    .bind(CHOICE_WINDOW_DAYS as i32)
    .fetch_all(&state.pool)
    .await
    .map_err(err)?;
    let mut refunded = 0;
    for row in due {
        let disruption = row.disruption();
        let orders: Vec<Uuid> =
            sqlx::query_scalar("select order_id from disruption_course_orders where course_id = $1")
                .bind(disruption.course_id)
                .fetch_all(&state.pool)
                .await
                .map_err(err)?;
        for order_id in orders {
            if refund_one(state, order_id, &disruption, now).await? {
                refunded += 1;
            }
        }
        sqlx::query("update disrupted_courses set refunds_done_at = $2 where course_id = $1")
            .bind(disruption.course_id)
            .bind(now)
            .execute(&state.pool)
            .await
            .map_err(err)?;
    }
    Ok(refunded)
}

async fn refund_one(
    state: &CommandState,
    order_id: Uuid,
    disruption: &CourseDisruption,
    now: DateTime<Utc>,
) -> Result<bool, String> {
    let metadata = Metadata { correlation_id: Some(order_id), occurred_at: now, ..Metadata::default() };
    let command = order::ChooseDisruption {
        order_id,
        disruption: disruption.clone(),
        move_to: None,
        by: ChosenBy::Automatic,
        by_user_id: None,
        now,
    };
    let command_id = Uuid::new_v5(&order_id, format!("disruption-choice/{}", disruption.course_id).as_bytes());
    let result = aggregate::execute::<OrderAgg, _, _>(
        state.store.as_ref(),
        &order_stream(order_id).map_err(err)?,
        command_id,
        &metadata,
        |o| order::decide_choose_disruption(&command, o),
    )
    .await;
    match result {
        Ok((events, _)) => Ok(!events.is_empty()),
        // Chosen already, or nothing (left) on the course: nothing to refund.
        Err(ExecuteError::Refused(
            DisruptionError::AlreadyChosen | DisruptionError::NotOnCourse | DisruptionError::NotFound,
        )) => Ok(false),
        Err(ExecuteError::Refused(e)) => Err(format!("refunding order {order_id}: {e}")),
        Err(ExecuteError::Store(e)) => Err(e.to_string()),
    }
}

/// Refund the passengers whose choice closed, every 30 seconds until `shutdown`.
pub async fn run(state: CommandState, shutdown: tokio_util::sync::CancellationToken) {
    crate::processes::every(std::time::Duration::from_secs(30), shutdown, || async {
        match refund_when_choice_closes(&state, Utc::now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(refunded = n, "passengers of cancelled courses refunded when the choice closed"),
            Err(e) => tracing::warn!(error = %e, "the refunds of cancelled courses' passengers failed"),
        }
    })
    .await
}
