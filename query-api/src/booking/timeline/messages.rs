//! The messages sent about an order, as entries of its history.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::words::both;
use super::{Actor, TimelineEntry};
use crate::QueryState;

#[derive(sqlx::FromRow)]
struct MessageRow {
    kind: String,
    sent_at: DateTime<Utc>,
    sent_by: Option<Uuid>,
    email: Option<String>,
    role: Option<String>,
    /// The outbox's state of the message (`None`: sent before the outbox, or on request).
    state: Option<String>,
    attempts: Option<i32>,
    last_error: Option<String>,
    channel: Option<String>,
}

/// The messages sent about the order: its tickets, each invoice and correction (and its
/// copy to the invoice office), the link to pay, each disruption's message, a move's and a
/// return's (`sent_messages`, where the sending processes mark what they queued so a
/// replay sends nothing twice), each with where the outbox has it: queued, sent,
/// delivered or failed, with the attempts and the reason.
pub(super) async fn messages(state: &QueryState, order_id: Uuid) -> Result<Vec<TimelineEntry>, ApiError> {
    let rows: Vec<MessageRow> = sqlx::query_as(
        "select m.kind, m.sent_at, m.sent_by, u.email, u.role, x.state, x.attempts, x.last_error, x.channel \
           from sent_messages m left join users u on u.id = m.sent_by \
           left join outbox x on x.dedupe_key = m.order_id::text || '/' || m.kind \
          where m.order_id = $1 order by m.sent_at",
    )
    .bind(order_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|MessageRow { kind, sent_at, sent_by, email, role, state, attempts, last_error, channel }| {
            let (mut summary, mut summary_en) = message_summary(&kind)?;
            if let Some((pl, en)) =
                state.as_deref().and_then(|s| state_words(s, attempts.unwrap_or(0), last_error.as_deref()))
            {
                summary.push_str(&format!(" ({pl})"));
                summary_en.push_str(&format!(" ({en})"));
            }
            // Sent by a process once, or again on someone's request: by a user, or by the
            // holder of the order's link.
            let actor = match (sent_by, kind.contains("/again/")) {
                (Some(user), _) => {
                    let kind = if role.as_deref() == Some("SuperAdmin") { "admin" } else { "customer" };
                    Actor { kind, user_id: Some(user.to_string()), email }
                }
                (None, true) => Actor { kind: "guest", user_id: None, email: None },
                (None, false) => Actor { kind: "process", user_id: None, email: None },
            };
            Some(TimelineEntry {
                subject: super::subject_of("messages"),
                stream: "messages".into(),
                version: None,
                event_type: "MessageSent".into(),
                recorded_at: sent_at,
                actor,
                summary,
                summary_en,
                data: serde_json::json!({
                    "kind": kind,
                    "channel": channel,
                    "state": state,
                    "attempts": attempts,
                    "last_error": last_error,
                }),
            })
        })
        .collect())
}

/// Where the outbox has a message, in words.
fn state_words(state: &str, attempts: i32, error: Option<&str>) -> Option<(String, String)> {
    let error = error.unwrap_or_default();
    Some(match state {
        "queued" if attempts > 1 => both(
            format!("w kolejce, próba {attempts} nieudana: {error}"),
            format!("queued, attempt {attempts} failed: {error}"),
        ),
        "queued" => both("w kolejce".into(), "queued".into()),
        // Sent as it should be: the summary says it.
        "sent" => return None,
        "delivered" => both("dostarczono".into(), "delivered".into()),
        "failed" => both(format!("nie wysłano: {error}"), format!("not sent: {error}")),
        _ => return None,
    })
}

/// A sent message in words, Polish and English, from its `sent_messages` kind.
fn message_summary(kind: &str) -> Option<(String, String)> {
    let sms = kind.ends_with("/sms");
    let by = |pl: &str, en: &str| {
        if sms {
            both(format!("{pl} SMS-em"), format!("{en} by SMS"))
        } else {
            both(format!("{pl} e-mailem"), format!("{en} by e-mail"))
        }
    };
    if kind.starts_with("disruption/") {
        return Some(by("Powiadomiono o zmianie kursu", "Told of the trip's disruption"));
    }
    if kind.starts_with("disruption-refund/") {
        return Some(by("Potwierdzono zwrot za zakłócony kurs", "Confirmed the refund of the disrupted trip"));
    }
    if kind.starts_with("ticket-moved/") {
        return Some(by("Wysłano bilety na nowy kurs", "Sent the tickets for the new departure"));
    }
    if kind.starts_with("ticket-returned/") {
        return Some(by("Potwierdzono zwrot biletu", "Confirmed the ticket's return"));
    }
    if kind == "payment-link" {
        return Some(by("Wysłano link do płatności", "Sent the link to pay"));
    }
    if let Some(number) = kind.strip_prefix("invoice-mail/") {
        return Some(both(
            format!("Wysłano dokument {number} e-mailem do klienta"),
            format!("Document {number} e-mailed to the customer"),
        ));
    }
    if let Some(number) = kind.strip_prefix("invoice-copy/") {
        return Some(both(
            format!("Wysłano kopię dokumentu {number} do biura faktur"),
            format!("A copy of document {number} sent to the invoice office"),
        ));
    }
    let again = kind.contains("/again/");
    let (pl, en) = match (kind.starts_with("tickets-sms"), again) {
        (true, false) => ("Wysłano bilety SMS-em", "Tickets sent by SMS"),
        (true, true) => ("Wysłano ponownie bilety SMS-em", "Tickets sent again by SMS"),
        (false, false) => ("Wysłano bilety e-mailem", "Tickets sent by e-mail"),
        (false, true) => ("Wysłano ponownie bilety e-mailem", "Tickets sent again by e-mail"),
    };
    kind.starts_with("tickets-").then(|| both(pl.into(), en.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_told_by_their_kind() {
        let said = |kind: &str| message_summary(kind).map(|(pl, _)| pl);
        assert_eq!(said("tickets-email").as_deref(), Some("Wysłano bilety e-mailem"));
        assert_eq!(said("tickets-sms").as_deref(), Some("Wysłano bilety SMS-em"));
        assert_eq!(said("tickets-email/again/1").as_deref(), Some("Wysłano ponownie bilety e-mailem"));
        assert_eq!(said("tickets-sms/again/2").as_deref(), Some("Wysłano ponownie bilety SMS-em"));
        assert_eq!(said("invoice-mail/NB/2026/7").as_deref(), Some("Wysłano dokument NB/2026/7 e-mailem do klienta"));
        assert_eq!(
            message_summary("invoice-copy/NB-KOR/2026/4").map(|(_, en)| en).as_deref(),
            Some("A copy of document NB-KOR/2026/4 sent to the invoice office")
        );
        assert_eq!(said("something-else"), None);
        assert_eq!(said("disruption/1/sms").as_deref(), Some("Powiadomiono o zmianie kursu SMS-em"));
        assert_eq!(
            state_words("queued", 2, Some("SMSAPI unreachable")).map(|(_, en)| en).as_deref(),
            Some("queued, attempt 2 failed: SMSAPI unreachable")
        );
        assert_eq!(state_words("delivered", 1, None).map(|(pl, _)| pl).as_deref(), Some("dostarczono"));
        assert_eq!(state_words("sent", 1, None), None);
    }
}
