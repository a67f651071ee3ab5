//! How the register's CSV writes a value so that a Polish Excel or LibreOffice, opening the
//! file by double click, reads it right: the BOM that says UTF-8, złoty with a decimal
//! comma, and a text that would be run as a formula made plain.

/// The byte order mark that makes a spreadsheet read the CSV as UTF-8 (not the local
/// code page, which turns `ż` into noise).
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `grosz` as `123.45` / `-0.05` into `out`.
pub fn decimal(out: &mut String, grosz: i64) {
    use std::fmt::Write as _;
    out.clear();
    let sign = if grosz < 0 { "-" } else { "" };
    let abs = grosz.unsigned_abs();
    // Writing to a String cannot fail.
    let _ = write!(out, "{sign}{}.{:02}", abs / 100, abs % 100);
}

/// `grosz` as złoty with a decimal comma, `123,45` / `-0,05`, into `out` (what a Polish
/// spreadsheet reads as a number).
pub fn decimal_comma(out: &mut String, grosz: i64) {
    decimal(out, grosz);
    // `decimal` writes exactly one `.`, two digits from the end.
    let at = out.len() - 3;
    out.replace_range(at..=at, ",");
}

/// A text a spreadsheet would run as a formula (OWASP's CSV injection: a leading `=`, `+`,
/// `-`, `@`, tab or CR) with a `'` before it, so it shows as typed.
pub fn plain_text(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_with_two_decimals_and_a_sign() {
        let mut out = String::new();
        for (grosz, text) in [(0, "0.00"), (5, "0.05"), (-5, "-0.05"), (12345, "123.45"), (-390000, "-3900.00")] {
            decimal(&mut out, grosz);
            assert_eq!(out, text);
            decimal_comma(&mut out, grosz);
            assert_eq!(out, text.replace('.', ","));
        }
    }

    #[test]
    fn only_a_leading_formula_character_is_neutralised() {
        for (text, plain) in [("=1+1", "'=1+1"), ("\t=1", "'\t=1"), ("a=1", "a=1"), ("", ""), ("Żubr", "Żubr")] {
            assert_eq!(plain_text(text), plain);
        }
    }
}
