//! # Complaint: a passenger's complaint, answered on time
//!
//! One aggregate per complaint, in the stream `complaint-{id}` ([`stream_name`]). EU
//! Regulation 181/2011 (art. 27) and docs/disruptions.md (its part "Complaints"): a
//! complaint may be made within 3 months of the journey; within 1 month the carrier says
//! whether it is accepted, rejected or still under consideration; its final answer is due
//! within 3 months of receiving it. The filing records both deadlines; the state tells
//! the days left ([`Filed::days_to_respond`], [`Filed::days_to_answer`]).
//!
//! The commands, one file each, `decide_*(command, &Complaint) -> Result<Vec<ComplaintEvent>, ComplaintError>`:
//! - [`FileComplaint`] ([`decide_file`]): the customer's text and attachments (their
//!   kinds told by [`sniff`], their bytes stored beside the stream by the caller).
//! - [`RespondToComplaint`] ([`decide_respond`]): acknowledged (under consideration),
//!   accepted or rejected.
//! - [`AnswerComplaint`] ([`decide_answer`]): the final answer, once, after a decision.
//!
//! Stages ([`Stage`]): received, acknowledged, accepted or rejected, answered.

mod answer;
pub mod erasure;
mod events;
mod file;
mod respond;
mod sniff;
mod state;
#[cfg(test)]
pub(crate) mod testing;

pub use answer::{decide_answer, AnswerComplaint};
pub use events::{
    stream_name, AttachmentKind, AttachmentRef, ComplaintEvent, ComplaintLanguage, Response, STREAM_PREFIX,
};
pub use file::{
    decide_file, filing_deadline, FileComplaint, ANSWER_MONTHS, FILING_MONTHS, MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES,
    MAX_TEXT, RESPOND_MONTHS,
};
pub use respond::{decide_respond, RespondToComplaint};
pub use sniff::{safe_name, sniff};
pub use state::{evolve, Complaint, Filed, Stage};

/// Why a complaint cannot be filed, responded to or answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComplaintError {
    #[error("there is no such complaint")]
    NotFound,
    #[error("there is no order or ticket with this number and e-mail address")]
    UnknownOrder,
    #[error("the complaint was filed already")]
    AlreadyFiled,
    #[error("the complaint has no text")]
    EmptyText,
    #[error("the text is too long")]
    TextTooLong,
    #[error("too many attachments")]
    TooManyAttachments,
    #[error("an attachment is too large")]
    AttachmentTooLarge,
    #[error("an attachment is empty")]
    EmptyAttachment,
    #[error("an attachment is not an image or a pdf")]
    AttachmentNotAllowed,
    #[error("the journey was more than three months ago")]
    TooLate,
    #[error("the complaint was accepted or rejected already")]
    AlreadyDecided,
    #[error("the complaint must be accepted or rejected before it is answered")]
    NotDecided,
    #[error("the complaint was answered already")]
    AlreadyAnswered,
}

impl crate::ErrorCode for ComplaintError {
    fn code(&self) -> &'static str {
        match self {
            ComplaintError::NotFound => "complaint.not_found",
            ComplaintError::UnknownOrder => "complaint.unknown_order",
            ComplaintError::AlreadyFiled => "complaint.exists",
            ComplaintError::EmptyText => "complaint.empty_text",
            ComplaintError::TextTooLong => "complaint.text_too_long",
            ComplaintError::TooManyAttachments => "complaint.too_many_attachments",
            ComplaintError::AttachmentTooLarge => "complaint.attachment_too_large",
            ComplaintError::EmptyAttachment => "complaint.empty_attachment",
            ComplaintError::AttachmentNotAllowed => "complaint.attachment_not_allowed",
            ComplaintError::TooLate => "complaint.too_late",
            ComplaintError::AlreadyDecided => "complaint.already_decided",
            ComplaintError::NotDecided => "complaint.not_decided",
            ComplaintError::AlreadyAnswered => "complaint.already_answered",
        }
    }

    fn params(&self) -> Vec<(&'static str, i64)> {
        match self {
            ComplaintError::TextTooLong => vec![("max", MAX_TEXT as i64)],
            ComplaintError::TooManyAttachments => vec![("max", MAX_ATTACHMENTS as i64)],
            ComplaintError::AttachmentTooLarge => vec![("max", MAX_ATTACHMENT_BYTES as i64)],
            ComplaintError::TooLate => vec![("months", i64::from(FILING_MONTHS))],
            _ => Vec::new(),
        }
    }
}

/// A complaint, in `complaint-{id}`.
impl crate::Aggregate for Complaint {
    type Event = ComplaintEvent;
    type Id = uuid::Uuid;

    fn evolve(self, event: &ComplaintEvent) -> Self {
        evolve(self, event)
    }

    fn event_type(event: &ComplaintEvent) -> &'static str {
        event.event_type()
    }

    fn stream(id: &uuid::Uuid) -> String {
        stream_name(*id)
    }
}

/// One value of every variant (for the list of codes in `docs/errors.md`).
pub fn every_error() -> Vec<ComplaintError> {
    vec![
        ComplaintError::NotFound,
        ComplaintError::UnknownOrder,
        ComplaintError::AlreadyFiled,
        ComplaintError::EmptyText,
        ComplaintError::TextTooLong,
        ComplaintError::TooManyAttachments,
        ComplaintError::AttachmentTooLarge,
        ComplaintError::EmptyAttachment,
        ComplaintError::AttachmentNotAllowed,
        ComplaintError::TooLate,
        ComplaintError::AlreadyDecided,
        ComplaintError::NotDecided,
        ComplaintError::AlreadyAnswered,
    ]
}
