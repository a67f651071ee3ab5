//! Who may act on a ticket: whoever shows its code (a guest has the number and the code
//! from the e-mail), the logged-in owner of the order without it, or the carrier's staff
//! acting on the customer's behalf (the edge checks the role and says so).

use uuid::Uuid;

use super::{OrderState, TicketState};

/// Why someone may not act on a ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AccessDenied {
    #[error("the ticket's code is required")]
    CodeRequired,
    #[error("the ticket's code does not match")]
    WrongCode,
    #[error("the ticket belongs to someone else")]
    NotOwner,
}

/// Allow the staff, the holder of the ticket's code, or the owner of the order when no
/// code is given.
pub(super) fn authorize(
    order: &OrderState,
    ticket: &TicketState,
    code: Option<&str>,
    by_user_id: Option<Uuid>,
    by_staff: bool,
) -> Result<(), AccessDenied> {
    if by_staff {
        return Ok(());
    }
    match (code, by_user_id) {
        (Some(code), _) if code.trim() == ticket.ticket.code => Ok(()),
        (Some(_), _) => Err(AccessDenied::WrongCode),
        (None, None) => Err(AccessDenied::CodeRequired),
        (None, Some(user)) if order.user_id == Some(user) => Ok(()),
        (None, Some(_)) => Err(AccessDenied::NotOwner),
    }
}
