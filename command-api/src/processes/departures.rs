//! The watch on courses that have not left (issue 39; EU Regulation 181/2011, art. 20:
//! passengers are told of a delay as soon as possible, at the latest 30 minutes after the
//! scheduled departure). A course the driver has not marked as departed
//! ([`domain::seat_inventory::decide_mark_departed`]) [`LATE_MINUTES`] minutes after its
//! time (with its announced delay) alerts the office once: a row in `departure_alerts`
//! (counted on the admin home page's "needs attention") and an e-mail to the order-report
//! address, so someone announces the delay. The alert is resolved when the course leaves,
//! is cancelled, or its delay is announced past now; a later delay that passes too alerts
//! again.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::CommandState;

/// How late a course may be without a word before the office is alerted.
pub const LATE_MINUTES: i32 = 20;

/// How far back the watch looks: a course that never left is not alerted about forever.
const LOOK_BACK_HOURS: i32 = 12;

/// One round at `now`: resolve what left or was announced, alert what is newly late.
/// Answers how many alerts were raised.
pub async fn watch(state: &CommandState, now: DateTime<Utc>) -> Result<usize, sqlx::Error> {
    sqlx::query(
        "update departure_alerts d set resolved_at = $1 from rm_course_availability a \
         where a.course_id = d.course_id and d.resolved_at is null \
           and (a.departed_at is not null or (a.cancelled and a.cancelled_from_stop is null) \
                or a.departure_at + make_interval(mins => coalesce(a.delay_minutes, 0)::int + $2) > $1)",
    )
    .bind(now)
    .bind(LATE_MINUTES)
    .execute(&state.pool)
    .await?;
    let raised: Vec<(Uuid, DateTime<Utc>)> = sqlx::query_as(
        "insert into departure_alerts (course_id, expected_at, alerted_at) \
         select a.course_id, a.departure_at + make_interval(mins => coalesce(a.delay_minutes, 0)::int), $1 \
         from rm_course_availability a \
         where a.departed_at is null and not (a.cancelled and a.cancelled_from_stop is null) \
           and a.departure_at + make_interval(mins => coalesce(a.delay_minutes, 0)::int + $2) <= $1 \
           and a.departure_at > $1 - make_interval(hours => $3) \
         on conflict (course_id) do update set expected_at = excluded.expected_at, alerted_at = excluded.alerted_at, \
             resolved_at = null \
         where departure_alerts.resolved_at is not null and departure_alerts.expected_at < excluded.expected_at \
         returning course_id, expected_at",
    )
    .bind(now)
    .bind(LATE_MINUTES)
    .bind(LOOK_BACK_HOURS)
    .fetch_all(&state.pool)
    .await?;
    for (course_id, expected_at) in &raised {
        tell_office(state, *course_id, *expected_at).await;
    }
    Ok(raised.len())
}

/// The office's e-mail about a late course (once per course and expected time).
async fn tell_office(state: &CommandState, course_id: Uuid, expected_at: DateTime<Utc>) {
    let settings = match state.settings.get(&state.pool).await {
        Ok(settings) => settings,
        Err(e) => {
            tracing::warn!(%course_id, error = %e, "no settings to alert the office of a late course");
            return;
        }
    };
    tracing::warn!(%course_id, %expected_at, "a course has not left {LATE_MINUTES} minutes after its time");
    let Some(to) = settings.order_report_email.clone() else { return };
    let route: Option<String> =
        sqlx::query_scalar("select r.name from courses c join routes r on r.id = c.route_id where c.id = $1")
            .bind(course_id)
            .fetch_optional(&state.pool)
            .await
            .ok()
            .flatten();
    let when = api_core::time::warsaw(expected_at).format("%d.%m.%Y %H:%M");
    let route = route.unwrap_or_default();
    let email = api_core::mail::Email {
        to,
        subject: format!("Kurs {route} {when} nie odjechał"),
        text: format!(
            "Kurs {route} z odjazdem {when} nie został oznaczony jako odjechany {LATE_MINUTES} minut po czasie.\n\
             Jeśli jest opóźniony, ogłoś opóźnienie w panelu (Kursy → kurs → Opóźnienie): pasażerowie dostaną \
             wiadomość z nową godziną.\n{}/admin/course/course/{course_id}\n",
            state.public_url
        ),
        attachments: Vec::new(),
    };
    let key = format!("departure-alert/{course_id}/{}", expected_at.timestamp());
    let message = outbox::Message::Email(email);
    let envelope = outbox::Envelope { key: &key, order_id: None, kind: "departure-alert", message: &message };
    if let Err(e) = state.outbox.send_now(envelope).await {
        tracing::warn!(%course_id, error = %e, "could not queue the late course's alert");
    }
}

/// Watch every minute until `shutdown`.
pub async fn run(state: CommandState, shutdown: tokio_util::sync::CancellationToken) {
    super::every(std::time::Duration::from_secs(60), shutdown, || async {
        if let Err(e) = watch(&state, Utc::now()).await {
            tracing::warn!(error = %e, "the watch on late courses failed");
        }
    })
    .await
}
