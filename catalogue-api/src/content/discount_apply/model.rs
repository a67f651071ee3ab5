//! A discount's application to a route (or to every route), and its input rules.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::input::nullable;
use api_core::values::ValueError;
use api_core::Fields;

/// Discount `discount_id` may be chosen on route `route_id` (every route when null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct DiscountApply {
    pub id: i64,
    pub discount_id: i64,
    pub route_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

pub const COLUMNS: &str = "id, discount_id, route_id, created_at";

/// What a client sends; on update, absent fields keep their value and a `null`
/// `route_id` means every route.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DiscountApplyInput {
    /// Required on create; a change may leave it out, but not send `null`.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub discount_id: Option<Option<i64>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub route_id: Option<Option<i64>>,
}

/// A checked application, ready to store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiscountApplyDraft {
    pub discount_id: i64,
    pub route_id: Option<i64>,
}

impl DiscountApplyInput {
    /// Check every field; all problems at once. (An update is the stored row with the
    /// body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<DiscountApplyDraft, ApiError> {
        let mut errors = Fields::default();
        let discount_id = match self.discount_id {
            Some(None) => errors.value("discount_id", Err(ValueError::Blank)),
            given => match given.flatten() {
                Some(id) if id >= 1 => Some(id),
                Some(_) => errors.value(
                    "discount_id",
                    Err(ValueError::invalid(api_core::codes::FIELD_OUT_OF_RANGE, "an id (1 or more)")),
                ),
                None => errors.value("discount_id", Err(ValueError::Blank)),
            },
        };
        let route_id = match self.route_id.flatten() {
            Some(id) if id < 1 => errors
                .value("route_id", Err(ValueError::invalid(api_core::codes::FIELD_OUT_OF_RANGE, "an id (1 or more)"))),
            other => other,
        };
        errors.finish()?;
        match discount_id {
            Some(discount_id) => Ok(DiscountApplyDraft { discount_id, route_id }),
            None => Err(ApiError::Internal("discount_id was refused without an error".into())),
        }
    }
}
