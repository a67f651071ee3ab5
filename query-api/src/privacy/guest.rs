//! A guest's own data, by the link e-mailed to their order's address
//! (`command_api::erasure::guest`): every order placed without an account with that
//! e-mail, and the complaints filed without one with it.

use api_core::auth::hash_token;
use api_core::{ApiError, Data, Params};
use axum::extract::State;

use crate::booking::my_data::{collect, MyData, Whose};
use crate::QueryState;

/// The data of the orders a guest placed with the link's e-mail (public, the link's token).
#[utoipa::path(get, path = "/api/privacy/guest/data", tag = "privacy",
    params(("token" = String, Query, description = "the token from the e-mailed link", min_length = 1, max_length = 200)),
    responses((status = 200, description = "`{\"data\": MyData}` (its `account` is `null`)", body = Data<MyData>),
        (status = 404, description = "the link is unknown, used or expired (`privacy.link_invalid`)"),
        (status = 422, description = "no token")))]
#[tracing::instrument(skip_all)]
pub async fn data(State(state): State<QueryState>, params: Params) -> Result<Data<MyData>, ApiError> {
    // Any token, even a blank one, is looked for: one that names no live link is a 404.
    let token = params.get("token").unwrap_or_default();
    let email: Option<String> =
        sqlx::query_scalar("select email from privacy_links where token_hash = $1 and expires_at > now()")
            .bind(hash_token(token))
            .fetch_optional(&state.pool)
            .await?;
    let email = email.ok_or_else(|| {
        ApiError::NotFound("This link is not valid: it has expired or was used.".into())
            .with_code(api_core::codes::PRIVACY_LINK_INVALID)
    })?;
    Ok(Data::new(collect(&state.pool, Whose::Guest(&email)).await?))
}
