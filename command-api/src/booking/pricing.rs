//! The ticket lines of an order, priced: the route price of each leg's stretch, less the
//! line's discount, times its passengers (`DECISIONS.md`, "Discounts"). Shared by
//! `calculate-for-tickets` (the form's live prices) and `place` (the order's figures).

use api_core::{ApiError, FieldError};
use domain::money::discounted_price;
use domain::order::{AppliedDiscount, TicketLine};

use super::catalogue::{CourseLeg, Discount};
use super::input::TicketInput;

/// Price every line. A discount id that is unknown or not valid now is a `422` naming
/// the line; quantities are assumed checked ([`super::input::check_step`]).
pub fn price_lines(
    tickets: &[TicketInput],
    discounts: &[Discount],
    outbound: &CourseLeg,
    back: Option<&CourseLeg>,
) -> Result<Vec<TicketLine>, ApiError> {
    let mut errors = Vec::new();
    let mut lines = Vec::with_capacity(tickets.len());
    for (i, ticket) in tickets.iter().enumerate() {
        let discount = match ticket.discount_id {
            None => None,
            Some(id) => match discounts.iter().find(|d| d.id == id) {
                Some(d) => Some(AppliedDiscount { discount_id: d.id, name: d.name.clone(), reduction: d.reduction }),
                None => {
                    errors.push(FieldError::new(format!("tickets.{i}.discount_id"), "This discount is not available."));
                    continue;
                }
            },
        };
        let price = |unit: i64| discount.as_ref().map_or(unit, |d| discounted_price(unit, d.reduction));
        let outbound_price = price(outbound.unit_price);
        let back_price = back.map(|b| price(b.unit_price));
        let quantity = u32::try_from(ticket.qty).unwrap_or(0);
        let total = (outbound_price + back_price.unwrap_or(0)) * i64::from(quantity);
        lines.push(TicketLine {
            line: u32::try_from(i + 1).unwrap_or(u32::MAX),
            quantity,
            discount,
            outbound_price,
            back_price,
            total,
        });
    }
    if errors.is_empty() {
        Ok(lines)
    } else {
        Err(ApiError::Validation { message: "A discount is not available.".into(), errors })
    }
}
