//! The complaints' part of `/api/openapi.json`.

use super::{attachments, lists};

/// The complaints' reads.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(lists::all, lists::my, lists::one, attachments::download),
    components(schemas(lists::ComplaintView, lists::ComplaintDetails, lists::ComplaintOrder, lists::ComplaintAttachmentView)),
    tags((name = "complaint", description = "Complaints (EU Regulation 181/2011): filing, response, answer"))
)]
pub struct ComplaintsApi;
