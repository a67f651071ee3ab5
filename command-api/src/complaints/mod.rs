//! Complaints (EU Regulation 181/2011, art. 27): a customer files one about an order or a
//! ticket, the carrier responds (acknowledged, accepted or rejected) and answers.
//!
//! Each is a command on the complaint's own stream (`complaint-{id}`, the domain's
//! [`domain::complaint`]): [`file`] (public, with image or PDF attachments stored in
//! `complaint_attachments`; its steps, and how a crash between them is finished, in
//! [`filing`]), [`respond`] (the admin's acknowledge, accept, reject and
//! answer). The e-mails (the confirmation, the answer) are sent by [`mails`], a process
//! that follows the complaint events, once each. The reads are `query-api`'s.

pub mod file;
pub mod filing;
pub mod mails;
pub mod respond;

use api_core::ApiError;
use domain::complaint::ComplaintError;
use domain::ErrorCode;
use event_store::StreamName;
use uuid::Uuid;

/// A complaint (`complaint-{id}`).
pub type ComplaintAgg = domain::complaint::Complaint;

/// The stream of complaint `id`.
pub(crate) fn stream(id: Uuid) -> Result<StreamName, ApiError> {
    StreamName::parse(domain::complaint::stream_name(id)).map_err(|e| ApiError::Internal(e.to_string()))
}

/// A refusal as the answer: a form's field for what the customer typed, `404` for an
/// unknown complaint, `409` for a step the complaint's stage does not allow.
pub fn refusal(e: ComplaintError) -> ApiError {
    let code = e.code();
    let field = |field: &str, message: &str| ApiError::invalid_field(field, code, message);
    let error = match e {
        ComplaintError::NotFound => ApiError::NotFound("There is no such complaint.".into()),
        ComplaintError::UnknownOrder => {
            field("number", "We could not find an order or ticket with this number and e-mail address.")
        }
        ComplaintError::TooLate => {
            field("number", "A complaint can be made within 3 months of the journey; this one was earlier.")
        }
        ComplaintError::EmptyText => field("text", "Please describe what happened."),
        ComplaintError::TextTooLong => field("text", "The text can have at most 5000 characters."),
        ComplaintError::TooManyAttachments => field("attachments", "At most 3 files can be attached."),
        ComplaintError::AttachmentTooLarge => field("attachments", "A file can have at most 5 MB."),
        ComplaintError::EmptyAttachment => field("attachments", "An attached file is empty."),
        ComplaintError::AttachmentNotAllowed => {
            field("attachments", "Only pictures (JPEG, PNG, GIF, WebP) and PDF files can be attached.")
        }
        ComplaintError::AlreadyFiled => ApiError::Conflict("This complaint was filed already.".into()),
        ComplaintError::AlreadyDecided => ApiError::Conflict("This complaint was accepted or rejected already.".into()),
        ComplaintError::NotDecided => ApiError::Conflict("Accept or reject the complaint before answering it.".into()),
        ComplaintError::AlreadyAnswered => ApiError::Conflict("This complaint was answered already.".into()),
    };
    error.with_code(e.code()).with_params(e.params())
}
