//! `GET /complaint/attachment/download?id=`: an attachment's bytes, for the admin and the
//! customer who filed the complaint logged in. Always a download
//! (`Content-Disposition: attachment`), with the type its content was recognised as
//! when filed and `X-Content-Type-Options: nosniff`, so a browser never renders what a
//! customer uploaded as a page of this site.

use api_core::auth::AuthUser;
use api_core::{ApiError, Params};
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

use super::lists::may_see;
use crate::QueryState;

#[derive(sqlx::FromRow)]
struct Row {
    complaint_id: Uuid,
    content_type: String,
    bytes: Vec<u8>,
    owner: Option<Uuid>,
    number: Option<String>,
    email: Option<String>,
}

/// An attachment's bytes (the admin, or the customer who filed the complaint logged in).
#[utoipa::path(get, path = "/api/complaint/attachment/download", tag = "complaint", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the attachment's id")),
    responses((status = 200, description = "the file, as a download: an image or a PDF", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 401, description = "no token"), (status = 403, description = "someone else's complaint"),
        (status = 404, description = "no such attachment"), (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params, user))]
pub async fn download(user: AuthUser, State(state): State<QueryState>, params: Params) -> Result<Response, ApiError> {
    let id = params.uuid()?;
    let row: Option<Row> = sqlx::query_as(
        "select a.complaint_id, a.content_type, a.bytes, c.user_id as owner, c.number, c.email \
           from complaint_attachments a left join rm_complaints c on c.complaint_id = a.complaint_id \
          where a.id = $1",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?;
    // A file whose complaint was never filed (the append failed after it was stored) is none.
    let row =
        row.filter(|r| r.number.is_some()).ok_or_else(|| ApiError::NotFound("There is no such attachment.".into()))?;
    may_see(&user, row.owner, row.email.as_deref().unwrap_or_default())?;
    // Only the types a filing accepts are served as themselves; anything else as bytes.
    let content_type = match row.content_type.as_str() {
        t @ ("image/jpeg" | "image/png" | "image/gif" | "image/webp" | "application/pdf") => t.to_owned(),
        _ => "application/octet-stream".to_owned(),
    };
    let extension =
        content_type.rsplit('/').next().unwrap_or("bin").replace("jpeg", "jpg").replace("octet-stream", "bin");
    let number = row.number.unwrap_or_else(|| row.complaint_id.to_string());
    let name = format!("{number}-{}.{extension}", id.simple());
    Ok((
        [
            (CONTENT_TYPE, content_type),
            (CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            (X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        row.bytes,
    )
        .into_response())
}
