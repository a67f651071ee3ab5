//! A message as the `outbox` table stores it: an e-mail's attachments as base64 in `jsonb`,
//! and a row read back as the message it was.

use api_core::mail::{Attachment, Email};
use api_core::sms::Sms;
use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::Message;

/// An attachment as stored.
#[derive(Serialize, Deserialize)]
pub(crate) struct StoredAttachment {
    filename: String,
    content_type: String,
    /// Base64.
    bytes: String,
}

pub(crate) fn stored(a: &Attachment) -> StoredAttachment {
    StoredAttachment {
        filename: a.filename.clone(),
        content_type: a.content_type.clone(),
        bytes: base64::engine::general_purpose::STANDARD.encode(&a.bytes),
    }
}

#[derive(sqlx::FromRow)]
pub(crate) struct Row {
    pub(crate) dedupe_key: String,
    channel: String,
    recipient: String,
    subject: String,
    body: String,
    attachments: serde_json::Value,
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
            .map(|a| Attachment {
                filename: a.filename,
                content_type: a.content_type,
                bytes: base64::engine::general_purpose::STANDARD.decode(a.bytes).unwrap_or_default(),
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
