//! The spec's remaining order saves, each a command on the order (or its stamp card)
//! with an event of its own, never an edit of a read table:
//!
//! - `PUT /order/order-user/save?id=` `{user_id, reason}`: give an order placed without an
//!   account to the customer's account (its tickets show there; a paid order's tickets
//!   earn their stamps). An order that has an account keeps it (`409`).
//! - `PUT /order/order-waypoint/save?id=` `{kind, course_id, reason}`: move a leg of the
//!   order (every valid ticket of it) to another course of the same route and stops: one
//!   admin command on the order (`LegMoved`, with who, why and when, next to each ticket's
//!   `TicketCourseChanged`), over the change of course's recorded steps: the whole leg
//!   moves or none of it.
//! - `PUT /order/ticket/save?id=` `{course_id}` or `{status: "returned"}`: change one
//!   ticket's course or return it, on the customer's behalf.
//! - `POST /course/stamp/save` `{user_id, ticket_number}` and `PUT /course/stamp/save?id=`
//!   `{ticket_number, stamped}`: give or take back the stamp of a paid ticket of the
//!   user's own order (a repair; the reactions stamp paid tickets by themselves).
//!
//! One file per save: [`user`], [`leg`], [`ticket`], [`stamp`]; what they share (the
//! `id` parameter, the reason, loading the order) is here.

mod leg;
mod stamp;
mod ticket;
mod user;

pub use leg::{__path_save_waypoint, save_waypoint, LegKindInput, LegMoved, OrderWaypointInput};
pub use stamp::{__path_create_stamp, __path_update_stamp, create_stamp, update_stamp, StampInput, StampSaved};
pub use ticket::{__path_save_ticket, save_ticket, TicketSaveInput, TicketSaved, TicketStatusInput};
pub use user::{__path_save_user, save_user, OrderUserInput, OrderUserSaved};

use api_core::values::{Text, ToFieldError, ValueError};
use api_core::{ApiError, Params};
use domain::order::{self, EditError};
use domain::ErrorCode;
use uuid::Uuid;

use crate::aggregate::{self, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

pub(super) fn id_param(params: &Params, what: &str) -> Result<Uuid, ApiError> {
    let raw = params.required("id")?;
    Uuid::parse_str(raw).map_err(|_| {
        ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, &format!("id must be {what} (a UUID)"))
    })
}

pub(super) fn reason(reason: &api_core::values::Sent<Text<500>>) -> Result<String, ApiError> {
    match reason.parsed() {
        Ok(reason) => Ok(reason.as_str().to_owned()),
        Err(e) => {
            let message = match e {
                ValueError::TooLong { max } => format!("At most {max} characters."),
                _ => "Please say why.".to_owned(),
            };
            let error = e.field_error_with("reason", message.as_str());
            Err(ApiError::Validation { message, errors: vec![error] }.with_code(e.code()).with_params(e.params()))
        }
    }
}

pub(super) async fn load_order(state: &CommandState, order_id: Uuid) -> Result<order::OrderState, ApiError> {
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    loaded
        .state
        .placed()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("There is no such order.".into()).with_code(EditError::NotFound.code()))
}
