//! The events of a complaint, stored in `complaint-{id}` under their `type` tag
//! (version 1 of each). Every step says who took it and when; the filing carries the
//! deadlines it starts, so a reader copies them rather than computing them again.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every stream of this aggregate starts with this (for subscriptions).
pub const STREAM_PREFIX: &str = "complaint-";

/// The stream of complaint `id`: `complaint-{id}`.
pub fn stream_name(id: Uuid) -> String {
    format!("{STREAM_PREFIX}{id}")
}

/// The language the customer wrote in: their e-mails are in it. The site's one language
/// type (an order's too), stored as `"pl"` or `"en"`.
pub use crate::order::Language as ComplaintLanguage;

/// The kinds of file a complaint may carry, told by their content ([`super::sniff`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttachmentKind {
    Jpeg,
    Png,
    Gif,
    Webp,
    Pdf,
}

impl AttachmentKind {
    /// The media type it is served with.
    pub fn content_type(self) -> &'static str {
        match self {
            AttachmentKind::Jpeg => "image/jpeg",
            AttachmentKind::Png => "image/png",
            AttachmentKind::Gif => "image/gif",
            AttachmentKind::Webp => "image/webp",
            AttachmentKind::Pdf => "application/pdf",
        }
    }

    /// The file name's extension it is downloaded with (whatever name it came with).
    pub fn extension(self) -> &'static str {
        match self {
            AttachmentKind::Jpeg => "jpg",
            AttachmentKind::Png => "png",
            AttachmentKind::Gif => "gif",
            AttachmentKind::Webp => "webp",
            AttachmentKind::Pdf => "pdf",
        }
    }
}

/// An attachment as the complaint records it (its bytes are stored beside the stream,
/// under `id`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttachmentRef {
    pub id: Uuid,
    pub name: String,
    pub kind: AttachmentKind,
    pub size: u64,
}

/// The carrier's response within the first month (EU Regulation 181/2011, art. 27).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    /// Still under consideration (acknowledged).
    UnderConsideration,
    Accepted,
    Rejected,
}

/// What happened to a complaint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ComplaintEvent {
    /// A customer filed it: what about, who, what they wrote, and the deadlines it starts.
    ComplaintFiled {
        complaint_id: Uuid,
        number: String,
        order_id: Uuid,
        order_number: String,
        /// The ticket it names, when it named one.
        ticket_number: Option<String>,
        email: String,
        language: ComplaintLanguage,
        /// The account that filed it, when logged in.
        user_id: Option<Uuid>,
        text: String,
        attachments: Vec<AttachmentRef>,
        filed_at: DateTime<Utc>,
        /// The carrier says whether it is accepted, rejected or considered by then.
        respond_by: NaiveDate,
        /// The carrier's final answer is due by then.
        answer_by: NaiveDate,
        /// Received by the office (`phone`, `letter` or `desk`) and filed by it on the
        /// passenger's behalf; `None`: filed online by the passenger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        received_via: Option<String>,
    },
    /// The carrier told the customer it is still being considered.
    ComplaintAcknowledged { complaint_id: Uuid, by: Uuid, at: DateTime<Utc> },
    /// The carrier accepted it.
    ComplaintAccepted { complaint_id: Uuid, by: Uuid, at: DateTime<Utc> },
    /// The carrier rejected it.
    ComplaintRejected { complaint_id: Uuid, by: Uuid, at: DateTime<Utc> },
    /// The carrier's final answer, as sent to the customer.
    ComplaintAnswered { complaint_id: Uuid, by: Uuid, at: DateTime<Utc>, text: String },
}

impl ComplaintEvent {
    /// The stored event type (the same text as the `type` tag of the data).
    pub fn event_type(&self) -> &'static str {
        match self {
            ComplaintEvent::ComplaintFiled { .. } => "ComplaintFiled",
            ComplaintEvent::ComplaintAcknowledged { .. } => "ComplaintAcknowledged",
            ComplaintEvent::ComplaintAccepted { .. } => "ComplaintAccepted",
            ComplaintEvent::ComplaintRejected { .. } => "ComplaintRejected",
            ComplaintEvent::ComplaintAnswered { .. } => "ComplaintAnswered",
        }
    }

    /// The complaint it belongs to.
    pub fn complaint_id(&self) -> Uuid {
        match self {
            ComplaintEvent::ComplaintFiled { complaint_id, .. }
            | ComplaintEvent::ComplaintAcknowledged { complaint_id, .. }
            | ComplaintEvent::ComplaintAccepted { complaint_id, .. }
            | ComplaintEvent::ComplaintRejected { complaint_id, .. }
            | ComplaintEvent::ComplaintAnswered { complaint_id, .. } => *complaint_id,
        }
    }
}
