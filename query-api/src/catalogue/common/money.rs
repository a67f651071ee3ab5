//! Amounts in grosz shown as Polish people read them: `1 234,50 zł`.
//!
//! (Formatting is a rule of money and belongs in `domain` once it has a money module;
//! the catalogue needs it first.)

/// A non-breaking space: groups of thousands and the currency stay on one line.
const NBSP: char = '\u{a0}';

/// `3900` → `39,00 zł`; `123450` → `1 234,50 zł` (non-breaking spaces), `-150` → `-1,50 zł`.
pub fn format_pln(grosz: i64) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    let (zloty, rest) = (abs / 100, abs % 100);
    let digits = zloty.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(NBSP);
        }
        grouped.push(c);
    }
    format!("{sign}{grouped},{rest:02}{NBSP}zł")
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
