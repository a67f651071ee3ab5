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
}

/// The messages sent about the order: its tickets by e-mail and SMS, each invoice and
/// correction to the customer and its copy to the invoice office (`sent_messages`, where
/// the sending processes mark what they sent so a replay sends nothing twice).
pub(super) async fn messages(state: &QueryState, order_id: Uuid) -> Result<Vec<TimelineEntry>, ApiError> {
    let rows: Vec<MessageRow> = sqlx::query_as(
        "select m.kind, m.sent_at, m.sent_by, u.email, u.role from sent_messages m left join users u on u.id = m.sent_by \
          where m.order_id = $1 \
            and (m.kind like 'tickets-%' or m.kind like 'invoice-mail/%' or m.kind like 'invoice-copy/%') \
          order by m.sent_at",
    )
    .bind(order_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|MessageRow { kind, sent_at, sent_by, email, role }| {
            let (summary, summary_en) = message_summary(&kind)?;
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
                data: serde_json::json!({ "kind": kind }),
            })
        })
        .collect())
}

/// A sent message in words, Polish and English, from its `sent_messages` kind.
fn message_summary(kind: &str) -> Option<(String, String)> {
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
    }
}
