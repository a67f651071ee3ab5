//! Ticket pricing and the return-trip rule: what an order's lines cost before it is
//! placed (docs/booking-rules.md, 'A line's price'; the return trip:
//! docs/booking-rules.md, 'An order holds one or two courses').
//!
//! Each line is priced from the route price of each leg's stretch, less the line's
//! discount, times its passengers. The form's live prices (`calculate-for-tickets`) and
//! the placement price with the same function, and [`super::decide_place`] checks that
//! the figures it is given still add up.

use chrono::{DateTime, Utc};

use super::{AppliedDiscount, TicketLine};
use crate::money::discounted_price;

/// One line as the customer asked for it: how many passengers, and which discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicketRequest {
    pub quantity: u32,
    pub discount_id: Option<i64>,
}

/// Why the lines cannot be priced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    /// The lines (their indexes, from 0) whose discount is unknown or not valid now.
    #[error("a discount is not available")]
    DiscountNotAvailable { lines: Vec<usize> },
}

/// Price every line: `discounts` are the discounts usable now, `outbound_unit` and
/// `back_unit` the route prices of the legs' stretches (`back_unit` for a return trip).
/// Quantities are taken as checked (1 to [`super::MAX_SEATS`]).
pub fn price_lines(
    tickets: &[TicketRequest],
    discounts: &[AppliedDiscount],
    outbound_unit: i64,
    back_unit: Option<i64>,
) -> Result<Vec<TicketLine>, PricingError> {
    let mut unavailable = Vec::new();
    let mut lines = Vec::with_capacity(tickets.len());
    for (i, ticket) in tickets.iter().enumerate() {
        let discount = match ticket.discount_id {
            None => None,
            Some(id) => match discounts.iter().find(|d| d.discount_id == id) {
                Some(d) => Some(d.clone()),
                None => {
                    unavailable.push(i);
                    continue;
                }
            },
        };
        let price = |unit: i64| discount.as_ref().map_or(unit, |d| discounted_price(unit, d.reduction));
        let outbound_price = price(outbound_unit);
        let back_price = back_unit.map(price);
        let per_passenger = outbound_price.saturating_add(back_price.unwrap_or(0));
        lines.push(TicketLine {
            line: u32::try_from(i + 1).unwrap_or(u32::MAX),
            quantity: ticket.quantity,
            discount,
            outbound_price,
            back_price,
            total: per_passenger.saturating_mul(i64::from(ticket.quantity)),
            passengers: Vec::new(),
        });
    }
    if unavailable.is_empty() {
        Ok(lines)
    } else {
        Err(PricingError::DiscountNotAvailable { lines: unavailable })
    }
}

/// The return-trip rule: the back course must leave after the outbound course arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the return trip must leave after the outbound trip arrives")]
pub struct ReturnTooEarly;

/// Check a return trip: the back leg leaves (`back_departure`) strictly after the
/// outbound leg arrives (`outbound_arrival`).
pub fn check_return_trip(outbound_arrival: DateTime<Utc>, back_departure: DateTime<Utc>) -> Result<(), ReturnTooEarly> {
    if back_departure <= outbound_arrival {
        return Err(ReturnTooEarly);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::money::Reduction;

    fn student() -> AppliedDiscount {
        AppliedDiscount { discount_id: 5, name: "Student".into(), reduction: Reduction::Percent(49) }
    }

    fn line(quantity: u32, discount_id: Option<i64>) -> TicketRequest {
        TicketRequest { quantity, discount_id }
    }

    #[test]
    fn given_two_adults_and_a_student_when_priced_one_way_then_each_line_has_its_total() {
        // given: 39 zł the stretch, a student discount of 49%
        let discounts = [student()];
        // when
        let lines = price_lines(&[line(2, None), line(1, Some(5))], &discounts, 3900, None);
        // then: 2 x 39 zł, and 39 zł less 49% rounded half up (1989)
        assert_eq!(
            lines,
            Ok(vec![
                TicketLine {
                    line: 1,
                    quantity: 2,
                    discount: None,
                    outbound_price: 3900,
                    back_price: None,
                    total: 7800,
                    passengers: vec![]
                },
                TicketLine {
                    line: 2,
                    quantity: 1,
                    discount: Some(student()),
                    outbound_price: 1989,
                    back_price: None,
                    total: 1989,
                    passengers: vec![]
                },
            ])
        );
    }

    #[test]
    fn given_a_return_trip_when_priced_then_the_discount_applies_to_both_legs() {
        let lines = price_lines(&[line(3, Some(5))], &[student()], 3900, Some(1950)).expect("priced");
        assert_eq!((lines[0].outbound_price, lines[0].back_price), (1989, Some(995)));
        assert_eq!(lines[0].total, 3 * (1989 + 995));
    }

    #[test]
    fn given_unknown_discounts_when_priced_then_every_such_line_is_named() {
        let lines = price_lines(&[line(1, Some(9)), line(1, None), line(1, Some(8))], &[student()], 3900, None);
        assert_eq!(lines, Err(PricingError::DiscountNotAvailable { lines: vec![0, 2] }));
    }

    #[test]
    fn given_a_return_leaving_before_the_outbound_arrives_then_it_is_refused() {
        let arrives = DateTime::UNIX_EPOCH + Duration::hours(12);
        assert_eq!(check_return_trip(arrives, arrives - Duration::minutes(1)), Err(ReturnTooEarly));
        assert_eq!(check_return_trip(arrives, arrives), Err(ReturnTooEarly), "leaving as it arrives is too early");
        assert_eq!(check_return_trip(arrives, arrives + Duration::minutes(1)), Ok(()));
    }
}
