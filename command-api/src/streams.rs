//! The streams the commands write, as the store names them. The names themselves are
//! the domain's ([`domain::Aggregate::stream`]); a name that the store refuses is our
//! bug, so it answers `500`.

use api_core::ApiError;
use event_store::StreamName;
use uuid::Uuid;

use crate::aggregate::{stream_of, InventoryAgg, OrderAgg};

/// The stream of an order: `order-{id}`.
pub fn order_stream(order_id: Uuid) -> Result<StreamName, ApiError> {
    stream_of::<OrderAgg>(&order_id).map_err(|e| ApiError::Internal(e.to_string()))
}

/// The stream of a course's seat inventory: `course-{id}`.
pub fn course_stream(course_id: Uuid) -> Result<StreamName, ApiError> {
    stream_of::<InventoryAgg>(&course_id).map_err(|e| ApiError::Internal(e.to_string()))
}
