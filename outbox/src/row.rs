//! A message as the `outbox` table stores it: an e-mail's attachments' names and types in
//! `jsonb` and their bytes in `attachment_bytes` (a `bytea[]`, in the same order; rows from
//! before migration 0125 hold the bytes as base64 in the `jsonb`), and a row read back as
//! the message it was.

use api_core::mail::{Attachment, Email};
use api_core::sms::Sms;
use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::Message;

/// An attachment's name and type as stored (its bytes apart).
#[derive(Serialize, Deserialize)]
struct StoredAttachment {
    filename: String,
    content_type: String,
    /// Base64: only in rows written before the bytes had a column of their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bytes: Option<String>,
}

/// An e-mail's attachments as stored: their names and types, and their bytes.
pub(crate) fn stored(attachments: &[Attachment]) -> (serde_json::Value, Vec<&[u8]>) {
    let named: Vec<StoredAttachment> = attachments
        .iter()
        .map(|a| StoredAttachment { filename: a.filename.clone(), content_type: a.content_type.clone(), bytes: None })
        .collect();
    (serde_json::to_value(named).unwrap_or_default(), attachments.iter().map(|a| a.bytes.as_slice()).collect())
}

#[derive(sqlx::FromRow)]
pub(crate) struct Row {
    pub(crate) dedupe_key: String,
    channel: String,
    recipient: String,
    subject: String,
    body: String,
    attachments: serde_json::Value,
    attachment_bytes: Vec<Vec<u8>>,
    pub(crate) attempts: i32,
}

impl Row {
    pub(crate) fn message(&self) -> Message {
        if self.channel == "sms" {
            return Message::Sms(Sms { to: self.recipient.clone(), text: self.body.clone() });
        }
        let stored: Vec<StoredAttachment> = serde_json::from_value(self.attachments.clone()).unwrap_or_default();
        let attachments = stored
            .into_iter()
            .enumerate()
            .map(|(i, a)| Attachment {
                filename: a.filename,
                content_type: a.content_type,
                bytes: match a.bytes {
                    Some(base64) => base64::engine::general_purpose::STANDARD.decode(base64).unwrap_or_default(),
                    None => self.attachment_bytes.get(i).cloned().unwrap_or_default(),
                },
            })
            .collect();
        Message::Email(Email {
            to: self.recipient.clone(),
            subject: self.subject.clone(),
            text: self.body.clone(),
            attachments,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(attachments: serde_json::Value, attachment_bytes: Vec<Vec<u8>>) -> Row {
        Row {
            dedupe_key: "k".into(),
            channel: "email".into(),
            recipient: "jan@example.test".into(),
            subject: "Bilety".into(),
            body: "W załączniku.".into(),
            attachments,
            attachment_bytes,
            attempts: 1,
        }
    }

    fn attachments(message: Message) -> Vec<(String, Vec<u8>)> {
        match message {
            Message::Email(e) => e.attachments.into_iter().map(|a| (a.filename, a.bytes)).collect(),
            Message::Sms(_) => panic!("an e-mail"),
        }
    }

    #[test]
    fn attachments_are_stored_by_name_with_their_bytes_apart_and_read_back() {
        let given = [Attachment::pdf("a.pdf", vec![1, 2, 3]), Attachment::pdf("b.pdf", vec![4])];
        let (names, bytes) = stored(&given);
        assert_eq!(
            names,
            serde_json::json!([
                { "filename": "a.pdf", "content_type": "application/pdf" },
                { "filename": "b.pdf", "content_type": "application/pdf" }
            ])
        );
        let read = row(names, bytes.into_iter().map(<[u8]>::to_vec).collect()).message();
        assert_eq!(attachments(read), [("a.pdf".into(), vec![1, 2, 3]), ("b.pdf".into(), vec![4])]);
    }

    #[test]
    fn a_row_from_before_the_bytes_column_is_read_from_its_base64() {
        let old = serde_json::json!([{ "filename": "a.pdf", "content_type": "application/pdf", "bytes": "AQID" }]);
        assert_eq!(attachments(row(old, vec![]).message()), [("a.pdf".into(), vec![1, 2, 3])]);
    }
}
