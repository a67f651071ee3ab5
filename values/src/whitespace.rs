//! The whitespace Rust's `trim` drops (Unicode `White_Space`, `char::is_whitespace`),
//! written once for every pattern of the API document. The document's regex dialect is
//! ECMA-262's, whose `\s` is another set (without U+0085, with U+FEFF), so a `\s` there
//! would call a value of one U+0085 non-blank while the handler trims it to nothing; the
//! patterns spell the class out instead, from these macros (`concat!` needs literals):
//! [`ws_chars!`](crate::ws_chars) is the class's body, [`ws_class!`](crate::ws_class)
//! the class in brackets.

/// The body of the whitespace class (no brackets), for a class that adds to it
/// (`concat!("[^", api_core::ws_chars!(), "<>]")`).
#[macro_export]
macro_rules! ws_chars {
    () => {
        "\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
    };
}

/// The whitespace class in brackets (`concat!("^", api_core::ws_class!(), "*…")`).
#[macro_export]
macro_rules! ws_class {
    () => {
        concat!("[", $crate::ws_chars!(), "]")
    };
}

/// The class's body as a value, for code that builds a pattern at run time.
pub const WHITESPACE: &str = crate::ws_chars!();

/// A pattern for text with something besides whitespace in it (and no `NUL`, which
/// the API refuses anywhere): a required free text, a token, an id in a query.
pub const NOT_BLANK: &str = concat!("^[^\\u0000]*[^", crate::ws_chars!(), "\\u0000][^\\u0000]*$");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_is_rusts_whitespace() {
        let re = regex::Regex::new(&format!("^[{WHITESPACE}]$")).expect("the class compiles");
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            assert_eq!(re.is_match(c.encode_utf8(&mut [0; 4])), c.is_whitespace(), "U+{:04X}", u32::from(c));
        }
    }
}
