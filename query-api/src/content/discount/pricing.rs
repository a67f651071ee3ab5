//! What a discount does to a ticket's price: a pure rule, without IO, so the booking
//! work (discount calculation for tickets, order placement) can reuse it as is. It may
//! move to the `domain` crate later; nothing here depends on the query API.

use serde::{Deserialize, Serialize};

/// A reduction of one ticket's price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Reduction {
    /// A percentage of the price (`8` = 8%); values above 100 count as 100.
    Percent(u8),
    /// A number of grosz taken off the price.
    Amount(i64),
}

/// The price in grosz of a ticket costing `price` grosz after `discount`: a percentage
/// is rounded half up to the grosz (`1950` less 49% is `994.5`, so `995`); the result
/// is never below 0 (and a negative price counts as 0).
pub fn discounted_price(price: i64, discount: Reduction) -> i64 {
    let price = price.max(0);
    match discount {
        Reduction::Percent(percent) => {
            let kept = i128::from(100 - percent.min(100));
            // Round half up: (price * kept + 50) / 100 on non-negative numbers.
            let grosz = (i128::from(price) * kept + 50) / 100;
            i64::try_from(grosz).unwrap_or(i64::MAX)
        }
        Reduction::Amount(amount) => price.saturating_sub(amount.max(0)).max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percentage_takes_that_share_off() {
        assert_eq!(discounted_price(3900, Reduction::Percent(37)), 2457);
        assert_eq!(discounted_price(3900, Reduction::Percent(8)), 3588);
        assert_eq!(discounted_price(3900, Reduction::Percent(0)), 3900);
    }

    #[test]
    fn percentages_round_half_up_to_the_grosz() {
        assert_eq!(discounted_price(1950, Reduction::Percent(49)), 995, "994.5 rounds up");
        assert_eq!(discounted_price(1999, Reduction::Percent(49)), 1019, "1019.49 rounds down");
        assert_eq!(discounted_price(1, Reduction::Percent(51)), 0, "0.49 rounds down");
        assert_eq!(discounted_price(1, Reduction::Percent(50)), 1, "0.5 rounds up");
        assert_eq!(discounted_price(333, Reduction::Percent(33)), 223, "223.11");
    }

    #[test]
    fn a_full_reduction_is_free_and_never_negative() {
        assert_eq!(discounted_price(3900, Reduction::Percent(100)), 0);
        assert_eq!(discounted_price(3900, Reduction::Percent(250)), 0, "above 100% counts as 100%");
    }

    #[test]
    fn an_amount_takes_grosz_off_down_to_zero() {
        assert_eq!(discounted_price(3900, Reduction::Amount(500)), 3400);
        assert_eq!(discounted_price(3900, Reduction::Amount(3900)), 0);
        assert_eq!(discounted_price(3900, Reduction::Amount(10_000)), 0, "floored at 0");
        assert_eq!(discounted_price(3900, Reduction::Amount(-500)), 3900, "a negative amount adds nothing");
        assert_eq!(discounted_price(i64::MAX, Reduction::Amount(i64::MIN)), i64::MAX);
    }

    #[test]
    fn a_negative_price_counts_as_zero() {
        assert_eq!(discounted_price(-100, Reduction::Percent(10)), 0);
        assert_eq!(discounted_price(-100, Reduction::Amount(10)), 0);
    }

    #[test]
    fn large_prices_do_not_overflow() {
        assert_eq!(discounted_price(i64::MAX, Reduction::Percent(0)), i64::MAX);
        assert_eq!(discounted_price(i64::MAX, Reduction::Percent(50)), i64::MAX / 2 + 1);
    }
}
