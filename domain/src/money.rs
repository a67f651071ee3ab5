//! # Money: grosz, how they are shown, reductions and fair splits
//!
//! Every amount is an `i64` number of grosz (1/100 PLN); there are no floats anywhere
//! (docs/conventions.md, 'Amounts are grosz').
//! - [`format_pln`] / [`format_pln_en`]: an amount as Polish (`1 234,50 zł`) and English
//!   (`PLN 1,234.50`) readers expect it.
//! - [`Reduction`] and [`discounted_price`]: what a discount does to one ticket's price.
//! - [`allocate`]: split an amount over weights (a coupon over the tickets it paid for),
//!   so that every grosz lands somewhere and no part exceeds its weight.

use serde::{Deserialize, Serialize};

/// A non-breaking space: groups of thousands and the currency stay on one line.
const NBSP: char = '\u{a0}';

/// `digits` with `separator` between groups of three, from the right.
fn group_thousands(digits: &str, separator: char) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(separator);
        }
        grouped.push(c);
    }
    grouped
}

/// `3900` → `39,00 zł`; `123450` → `1 234,50 zł` (non-breaking spaces), `-150` → `-1,50 zł`.
pub fn format_pln(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    let (zloty, rest) = (abs / 100, abs % 100);
    let grouped = group_thousands(&zloty.to_string(), NBSP);
    format!("{sign}{grouped},{rest:02}{NBSP}zł")
}

/// `3900` → `PLN 39.00`; `123450` → `PLN 1,234.50`; `-150` → `-PLN 1.50`.
pub fn format_pln_en(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    let (zloty, rest) = (abs / 100, abs % 100);
    let grouped = group_thousands(&zloty.to_string(), ',');
    format!("{sign}PLN{NBSP}{grouped}.{rest:02}")
}

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
/// One seat's price at the route price `unit_price`, after the ticket line's discount
/// (if any): what a ticket costs, and what it would cost on another course.
pub fn seat_price(unit_price: i64, discount: Option<Reduction>) -> i64 {
    match discount {
        Some(d) => discounted_price(unit_price, d),
        None => unit_price.max(0),
    }
}

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

/// `percent` % of `amount`, rounded half up to the grosz (a handling fee): `round(3900 *
/// 10 / 100) = 390`, `round(995 * 10 / 100) = round(99.5) = 100`. Negative amounts count
/// as 0.
pub fn percent_of(amount: i64, percent: u32) -> i64 {
    let grosz = (i128::from(amount.max(0)) * i128::from(percent) + 50) / 100;
    i64::try_from(grosz).unwrap_or(i64::MAX)
}

/// A gross amount split into net and VAT at `rate` percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct VatSplit {
    pub net: i64,
    pub vat: i64,
    pub gross: i64,
}

impl VatSplit {
    /// The difference `after - before` of two splits (a correction's amounts).
    pub fn minus(self, before: VatSplit) -> VatSplit {
        VatSplit { net: self.net - before.net, vat: self.vat - before.vat, gross: self.gross - before.gross }
    }
}

/// `gross` (prices here include VAT) split at `rate` %: the net is `gross * 100 / (100 +
/// rate)` rounded half away from zero to the grosz, and the VAT the rest, so net + VAT
/// is always the gross: `vat_split(10800, 8) = 10000 + 800`, `vat_split(3900, 8) =
/// 3611 + 289`. A negative gross (a correction) splits like its opposite.
pub fn vat_split(gross: i64, rate: u32) -> VatSplit {
    let magnitude = i128::from(gross).abs();
    let divisor = 100 + i128::from(rate);
    let net = (magnitude * 100 * 2 + divisor) / (divisor * 2);
    let net = i64::try_from(net).unwrap_or(i64::MAX) * gross.signum();
    VatSplit { net, vat: gross - net, gross }
}

/// Split `amount` over `weights` in proportion, by the largest remainder: every part is
/// first rounded down, then the grosz left over go one each to the parts with the
/// largest remainders (the earlier part first on a tie).
///
/// The parts always add up to `amount` exactly, and no part exceeds its weight: `amount`
/// is capped at the sum of the weights (and a negative amount counts as 0, a negative
/// weight as 0). Used to give each ticket its share of a coupon, so that returning one
/// ticket gives back exactly what it took.
pub fn allocate(amount: i64, weights: &[i64]) -> Vec<i64> {
    let weights: Vec<i128> = weights.iter().map(|w| i128::from((*w).max(0))).collect();
    let sum: i128 = weights.iter().sum();
    let amount = i128::from(amount.max(0)).min(sum);
    if sum == 0 {
        return vec![0; weights.len()];
    }
    // (part rounded down, remainder of the division) for each weight.
    let mut parts: Vec<(i128, i128)> = weights.iter().map(|w| ((amount * w) / sum, (amount * w) % sum)).collect();
    let handed_out: i128 = parts.iter().map(|(p, _)| p).sum();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    // Largest remainder first; the sort is stable, so ties keep the earlier part first.
    order.sort_by(|a, b| parts[*b].1.cmp(&parts[*a].1));
    // Fewer grosz are left than there are non-zero remainders (each remainder is below
    // one grosz), so only parts that were rounded down get one more, and those stay
    // within their weight.
    let left = usize::try_from(amount - handed_out).unwrap_or(0);
    for i in order.into_iter().take(left) {
        parts[i].0 += 1;
    }
    parts.into_iter().map(|(p, _)| i64::try_from(p).unwrap_or(i64::MAX)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vat_is_split_from_the_gross_and_adds_up() {
        assert_eq!(vat_split(10800, 8), VatSplit { net: 10000, vat: 800, gross: 10800 });
        assert_eq!(vat_split(3900, 8), VatSplit { net: 3611, vat: 289, gross: 3900 });
        assert_eq!(vat_split(-3900, 8), VatSplit { net: -3611, vat: -289, gross: -3900 });
        assert_eq!(vat_split(0, 8), VatSplit::default());
        assert_eq!(vat_split(100, 0), VatSplit { net: 100, vat: 0, gross: 100 });
        // Half a grosz rounds away from zero: 54 * 100 / 108 = 50.0, 1 * 100 / 108 = 0.93.
        assert_eq!(vat_split(1, 8).net, 1);
        for gross in [-100_000, -1, 1, 7, 99, 3510, 9789, 1_000_001] {
            let split = vat_split(gross, 8);
            assert_eq!(split.net + split.vat, gross);
        }
        let after = vat_split(6279, 8);
        assert_eq!(after.minus(vat_split(9789, 8)).gross, -3510);
    }

    #[test]
    fn amounts_are_shown_with_comma_decimals_and_grouped_thousands() {
        assert_eq!(format_pln(3900), "39,00\u{a0}zł");
        assert_eq!(format_pln(5), "0,05\u{a0}zł");
        assert_eq!(format_pln(0), "0,00\u{a0}zł");
        assert_eq!(format_pln(123_450), "1\u{a0}234,50\u{a0}zł");
        assert_eq!(format_pln(100_000_000), "1\u{a0}000\u{a0}000,00\u{a0}zł");
        assert_eq!(format_pln(-150), "-1,50\u{a0}zł");
        assert_eq!(format_pln(i64::MIN), "-92\u{a0}233\u{a0}720\u{a0}368\u{a0}547\u{a0}758,08\u{a0}zł");
    }

    #[test]
    fn english_amounts_lead_with_the_currency_and_use_dot_decimals() {
        assert_eq!(format_pln_en(3900), "PLN\u{a0}39.00");
        assert_eq!(format_pln_en(5), "PLN\u{a0}0.05");
        assert_eq!(format_pln_en(0), "PLN\u{a0}0.00");
        assert_eq!(format_pln_en(123_450), "PLN\u{a0}1,234.50");
        assert_eq!(format_pln_en(100_000_000), "PLN\u{a0}1,000,000.00");
        assert_eq!(format_pln_en(-150), "-PLN\u{a0}1.50");
        assert_eq!(format_pln_en(i64::MIN), "-PLN\u{a0}92,233,720,368,547,758.08");
    }

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

    #[test]
    fn a_fee_is_a_percentage_rounded_half_up() {
        assert_eq!(percent_of(3900, 10), 390);
        assert_eq!(percent_of(995, 10), 100, "99.5 rounds up");
        assert_eq!(percent_of(994, 10), 99, "99.4 rounds down");
        assert_eq!(percent_of(3900, 0), 0);
        assert_eq!(percent_of(-100, 10), 0);
        assert_eq!(percent_of(i64::MAX, 100), i64::MAX);
    }

    #[test]
    fn an_amount_is_split_in_proportion_to_the_weights() {
        assert_eq!(allocate(1000, &[3900, 3900]), vec![500, 500]);
        assert_eq!(allocate(1000, &[3000, 1000]), vec![750, 250]);
        assert_eq!(allocate(0, &[3900, 2000]), vec![0, 0]);
    }

    #[test]
    fn leftover_grosz_go_to_the_largest_remainders_then_the_earliest() {
        // 100 over three equal weights: 33.33 each, one grosz left, to the first.
        assert_eq!(allocate(100, &[500, 500, 500]), vec![34, 33, 33]);
        // 10 over 1:2:3 = 1.67, 3.33, 5: the largest remainder (0.67) gets the grosz.
        assert_eq!(allocate(10, &[100, 200, 300]), vec![2, 3, 5]);
        assert_eq!(allocate(2, &[1, 1, 1]), vec![1, 1, 0]);
        assert_eq!(allocate(3, &[1, 1, 1]), vec![1, 1, 1]);
    }

    #[test]
    fn an_amount_above_the_weights_is_capped_at_their_sum() {
        assert_eq!(allocate(10_000, &[3900, 2000]), vec![3900, 2000]);
        assert_eq!(allocate(5, &[0, 0]), vec![0, 0]);
        assert_eq!(allocate(5, &[]), Vec::<i64>::new());
    }

    #[test]
    fn negative_amounts_and_weights_count_as_zero() {
        assert_eq!(allocate(-100, &[100, 100]), vec![0, 0]);
        assert_eq!(allocate(100, &[-50, 100]), vec![0, 100]);
    }

    #[test]
    fn large_amounts_do_not_overflow() {
        assert_eq!(
            allocate(i64::MAX, &[i64::MAX, i64::MAX]).iter().map(|p| i128::from(*p)).sum::<i128>(),
            i128::from(i64::MAX)
        );
    }

    #[test]
    fn every_split_adds_up_and_stays_within_its_weights() {
        // A small deterministic generator stands in for a property-testing crate.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for _ in 0..2_000 {
            let n = next(8) as usize;
            let weights: Vec<i64> = (0..n).map(|_| next(10_000) as i64).collect();
            let sum: i64 = weights.iter().sum();
            let amount = next(12_000) as i64;
            let parts = allocate(amount, &weights);
            assert_eq!(parts.len(), weights.len());
            assert_eq!(parts.iter().sum::<i64>(), amount.min(sum), "{amount} over {weights:?}: {parts:?}");
            for (part, weight) in parts.iter().zip(&weights) {
                assert!((0..=*weight).contains(part), "{amount} over {weights:?}: {parts:?}");
                // Proportional within one grosz.
                if sum > 0 {
                    let exact = amount.min(sum) as f64 * *weight as f64 / sum as f64;
                    assert!((*part as f64 - exact).abs() < 1.0, "{amount} over {weights:?}: {parts:?}");
                }
            }
        }
    }
}
