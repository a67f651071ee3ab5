//! `POST /complaint/complaint/save` (public): file a complaint about an order or a ticket.
//!
//! The customer names the order's or a ticket's number and gives the order's e-mail
//! address (a logged-in customer may name any order of theirs): a stranger cannot file
//! in someone else's name. Attachments come as base64 in the JSON body (the one body
//! format of the API, so every refusal has its error shape and the document describes
//! it); each is recognised by its content ([`domain::complaint::sniff`]) and stored in
//! `complaint_attachments` with the complaint's number in one transaction before
//! `ComplaintFiled` names them ([`super::filing`]: the steps and how a crash between them
//! is finished). A refused filing stores nothing: every rule is checked on the draft before
//! the first write. With an `Idempotency-Key` (one per filled form, the same on a retry)
//! the complaint's id is the key's, so a retry answers the complaint filed, or finishes it.

use api_core::auth::MaybeUser;
use api_core::values::Email;
use api_core::{ApiError, AppJson, Data};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use base64::Engine;
use chrono::{DateTime, NaiveDate, Utc};
use domain::complaint::{self, AttachmentRef, Complaint, ComplaintError, ComplaintLanguage, FileComplaint, Filed};
use domain::ids::complaint_attachment_id;
use projections::complaints::ComplaintsProjection;
use projections::Projection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::filing::{self, Stage};
use super::{refusal, stream};
use crate::idempotency::NewId;
use crate::CommandState;

/// The path, also the one the API's body limit is raised for (three files of 5 MB).
pub const PATH: &str = "/complaint/complaint/save";

/// The largest body this call takes: three attachments of 5 MB in base64, and the rest.
pub const MAX_BODY_BYTES: usize = 21 * 1024 * 1024;

/// The language of a complaint's e-mails, as the request names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LanguageInput {
    Pl,
    En,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ComplaintFileInput {
    /// The order's or one of its tickets' numbers (`NB-2026-000123`).
    #[schema(max_length = 40, min_length = 1)]
    number: String,
    /// The order's e-mail address (the confirmation and the answer go there).
    email: Email,
    /// What happened: 1 to 5000 characters.
    #[schema(max_length = 5000, min_length = 1)]
    text: String,
    /// `pl` (the default) or `en`: the e-mails are in it.
    #[serde(default)]
    language: Option<LanguageInput>,
    /// At most 3 pictures (JPEG, PNG, GIF, WebP) or PDF files of at most 5 MB each.
    #[serde(default)]
    #[schema(max_items = 3)]
    attachments: Vec<ComplaintAttachmentInput>,
    /// The office only (an admin's token): the complaint came by `phone`, `letter` or to
    /// the `desk`, and is filed on the passenger's behalf. The order is named by its
    /// number alone; `email` is where the answers go.
    #[serde(default)]
    received_via: Option<ReceivedVia>,
}

/// How the office received a complaint it files for a passenger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReceivedVia {
    Phone,
    Letter,
    Desk,
}

impl ReceivedVia {
    fn as_str(self) -> &'static str {
        match self {
            ReceivedVia::Phone => "phone",
            ReceivedVia::Letter => "letter",
            ReceivedVia::Desk => "desk",
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ComplaintAttachmentInput {
    /// The file's name: shown without its path and with the extension of the file's real
    /// type (`x.pdf.html` of a PDF is shown as `x.pdf`).
    #[schema(max_length = 200)]
    name: String,
    /// The file's bytes in base64 (standard alphabet, padded).
    content: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ComplaintFiled {
    pub id: Uuid,
    /// The complaint's number (`RK-2026-000001`), for the customer's reference.
    pub number: String,
    /// The carrier responds (accepted, rejected or under consideration) by this day.
    pub respond_by: NaiveDate,
    /// The final answer is due by this day.
    pub answer_by: NaiveDate,
}

/// The order a complaint is about: its id, number, last journey and account.
#[derive(sqlx::FromRow)]
struct OrderFound {
    order_id: Uuid,
    number: String,
    journey_at: DateTime<Utc>,
    user_id: Option<Uuid>,
}

/// `POST /complaint/complaint/save`: file a complaint; an e-mail confirms it.
#[utoipa::path(post, path = "/api/complaint/complaint/save", tag = "complaint", request_body = ComplaintFileInput,
    params(("Idempotency-Key" = Option<String>, Header, description = "one per filled form: repeating a key repeats the first answer and files nothing new; 1 to 200 visible ASCII characters", pattern = "^[!-~]([ -~]{0,198}[!-~])?$")),
    responses((status = 201, description = "`{\"data\": ComplaintFiled}`", body = Data<ComplaintFiled>),
        (status = 403, description = "`received_via` without an admin's token"),
        (status = 409, description = "the same filing (its Idempotency-Key) is still being processed"),
        (status = 413, description = "the body is larger than 21 MiB"),
        (status = 422, description = "no order with this number and e-mail, a journey more than 3 months ago, no text, \
            or an attachment that is not a picture or PDF, too large, or one too many; an Idempotency-Key used for another filing")))]
pub async fn file(
    State(state): State<CommandState>,
    MaybeUser(user): MaybeUser,
    NewId(complaint_id): NewId,
    headers: HeaderMap,
    AppJson(input): AppJson<ComplaintFileInput>,
) -> Result<impl IntoResponse, ApiError> {
    let language = language(input.language, &headers);
    if input.attachments.len() > complaint::MAX_ATTACHMENTS {
        return Err(refusal(ComplaintError::TooManyAttachments));
    }
    let files =
        input.attachments.iter().enumerate().map(|(i, a)| decode(complaint_id, i, a)).collect::<Result<Vec<_>, _>>()?;
    let number = input.number.trim();
    if number.is_empty() || number.chars().count() > 40 {
        return Err(refusal(ComplaintError::UnknownOrder));
    }
    let office = match input.received_via {
        Some(via) if user.as_ref().is_some_and(|u| u.role == api_core::auth::Role::SuperAdmin) => Some(via),
        Some(_) => return Err(ApiError::Forbidden),
        None => None,
    };
    // The office names the order by its number alone; a passenger by its e-mail or account.
    let found = match office {
        Some(_) => find_order(&state, number, None, None).await?,
        None => find_order(&state, number, Some(&input.email), user.as_ref().map(|u| u.id)).await?,
    };
    // Filed by the office: the passenger's account (if any) sees it, not the admin's.
    let filer = if office.is_some() { found.user_id } else { user.map(|u| u.id) };
    let event = match filing::stage(&state, complaint_id).await? {
        // A retry of a filing that went through: answer it as it was.
        Stage::Filed(filed) => return Ok((StatusCode::CREATED, Data::new(answer(&filed)))),
        // A retry of one interrupted after its first step: go on from there.
        Stage::Recorded(event) => *event,
        Stage::New => {
            let now = Utc::now();
            // A number other than the order's is one of its tickets'.
            let ticket_number = (!number.eq_ignore_ascii_case(&found.number)).then(|| number.to_uppercase());
            let mut command = FileComplaint {
                complaint_id,
                number: String::new(),
                order_id: found.order_id,
                order_number: found.number,
                ticket_number,
                email: input.email.as_str().to_owned(),
                language,
                user_id: filer,
                text: input.text,
                attachments: files.iter().map(|(r, _)| r.clone()).collect(),
                journey_on: api_core::time::warsaw_date(found.journey_at),
                now,
                today: api_core::time::warsaw_date(now),
                received_via: office.map(|via| via.as_str().to_owned()),
            };
            // Every rule on the draft first: a refused complaint takes no number and stores no file.
            complaint::decide_file(&command, &Complaint::default()).map_err(refusal)?;
            filing::record(&state, &mut command, &files).await?
        }
    };
    crate::failpoint("complaint-after-record");
    let filed = filing::append(&state, &event).await?;
    crate::failpoint("complaint-after-append");
    filing::finish(&state.pool, complaint_id).await;
    // The customer's list (and the admin's) shows it when they look next.
    let stream = stream(complaint_id)?;
    crate::visible::after_write(&state.pool, state.store.as_ref(), &stream, ComplaintsProjection.name()).await?;
    Ok((StatusCode::CREATED, Data::new(answer(&filed))))
}

/// The answer to a filed complaint.
fn answer(filed: &Filed) -> ComplaintFiled {
    ComplaintFiled {
        id: filed.complaint_id,
        number: filed.number.clone(),
        respond_by: filed.respond_by,
        answer_by: filed.answer_by,
    }
}

/// The language asked for, else the request's.
fn language(asked: Option<LanguageInput>, headers: &HeaderMap) -> ComplaintLanguage {
    match asked {
        Some(LanguageInput::Pl) => ComplaintLanguage::Pl,
        Some(LanguageInput::En) => ComplaintLanguage::En,
        None => match crate::booking::language::headers_language(headers) {
            payment::Language::En => ComplaintLanguage::En,
            payment::Language::Pl => ComplaintLanguage::Pl,
        },
    }
}

/// Attachment `i` of complaint `complaint_id`: its bytes, and what the complaint records of it. Its kind is its
/// content's; a name is kept only as a label.
fn decode(
    complaint_id: Uuid,
    i: usize,
    input: &ComplaintAttachmentInput,
) -> Result<(AttachmentRef, Vec<u8>), ApiError> {
    let field = format!("attachments[{i}]");
    // A file over the limit is refused before decoding it (base64 is 4 characters per 3 bytes).
    if input.content.len() as u64 > complaint::MAX_ATTACHMENT_BYTES.div_ceil(3) * 4 + 4 {
        return Err(refusal(ComplaintError::AttachmentTooLarge).on_field(&field));
    }
    let bytes = base64::engine::general_purpose::STANDARD.decode(input.content.trim()).map_err(|_| {
        ApiError::refusal_on(&format!("{field}.content"), api_core::codes::FIELD_INVALID, "The file is not base64.")
    })?;
    let kind =
        complaint::sniff(&bytes).ok_or_else(|| refusal(ComplaintError::AttachmentNotAllowed).on_field(&field))?;
    // Kept and shown under a safe name with the real type's extension, never as written.
    let name = complaint::safe_name(&input.name, kind, i + 1);
    // Its id is the complaint's and its place: a resumed filing names the same rows.
    let reference =
        AttachmentRef { id: complaint_attachment_id(complaint_id, i), name, kind, size: bytes.len() as u64 };
    Ok((reference, bytes))
}

/// The order named by its number or a ticket's, with the order's e-mail or of the
/// logged-in owner (`email` `None`: the office, by the number alone); the same refusal for
/// "no such number" and "not yours".
async fn find_order(
    state: &CommandState,
    number: &str,
    email: Option<&Email>,
    user: Option<Uuid>,
) -> Result<OrderFound, ApiError> {
    let found: Option<OrderFound> = sqlx::query_as(
        "select o.order_id, o.number, coalesce(o.return_departure_at, o.departure_at) as journey_at, o.user_id \
           from rm_orders o \
          where (upper(o.number) = upper($1) \
                 or o.order_id = (select t.order_id from rm_tickets t where upper(t.number) = upper($1))) \
            and ($4 or lower(o.email) = $2 or (o.user_id is not null and o.user_id = $3)) \
          limit 1",
    )
    .bind(number)
    .bind(email.map(Email::key).unwrap_or_default())
    .bind(user)
    .bind(email.is_none())
    .fetch_optional(&state.pool)
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    found.ok_or_else(|| refusal(ComplaintError::UnknownOrder))
}
