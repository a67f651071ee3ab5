//! The ticket lines of an order, priced by the domain ([`domain::order::price_lines`]):
//! the form's tickets and the catalogue's legs and discounts in, a `422` naming each line
//! whose discount is not available out. Shared by `calculate-for-tickets` (the form's
//! live prices) and `place` (the order's figures).

use api_core::codes;
use api_core::{ApiError, FieldError};
use domain::order::{self, AppliedDiscount, PricingError, TicketLine, TicketRequest};

use super::catalogue::{CourseLeg, Discount};
use super::input::TicketInput;

/// Price every line. Quantities are assumed checked ([`super::input::check_step`]).
pub fn price_lines(
    tickets: &[TicketInput],
    discounts: &[Discount],
    outbound: &CourseLeg,
    back: Option<&CourseLeg>,
) -> Result<Vec<TicketLine>, ApiError> {
    let requests: Vec<TicketRequest> = tickets
        .iter()
        .map(|t| TicketRequest { quantity: u32::try_from(t.qty).unwrap_or(0), discount_id: t.discount_id })
        .collect();
    let usable: Vec<AppliedDiscount> = discounts
        .iter()
        .map(|d| AppliedDiscount { discount_id: d.id, name: d.name.clone(), reduction: d.reduction })
        .collect();
    order::price_lines(&requests, &usable, outbound.unit_price, back.map(|b| b.unit_price)).map_err(|e| match e {
        PricingError::DiscountNotAvailable { lines } => ApiError::Validation {
            message: "A discount is not available.".into(),
            errors: lines
                .into_iter()
                .map(|i| {
                    FieldError::new(
                        format!("tickets.{i}.discount_id"),
                        codes::DISCOUNT_NOT_AVAILABLE,
                        "This discount is not available.",
                    )
                })
                .collect(),
        }
        .with_code(codes::DISCOUNT_NOT_AVAILABLE),
    })
}
