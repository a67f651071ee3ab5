//! [`ValueError`]: the API's one kit for why a field's value is refused. Every refusal
//! has a stable code (`field.too_long`…, listed in `docs/errors.md`) and carries the
//! numbers it states by name (`{"max": 120}`), so a client words its own message from
//! the two and never reads a number out of the English one. The value types answer it;
//! at the API's edge, `api_core::Fields` collects it per field as a field error
//! (`api_core::values::ToFieldError`), and `api_core::ApiError::refused` answers one.

use crate::codes;

/// Why a value is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("cannot be blank")]
    Blank,
    /// Of the wrong JSON type where text was expected.
    #[error("must be text")]
    NotText,
    #[error("must have at least {min} characters")]
    TooShort { min: usize },
    #[error("must have at most {max} characters")]
    TooLong { max: usize },
    #[error("must be a whole number from {min} to {max}")]
    OutOfRange { min: i64, max: i64 },
    /// Not of the type's form: its code (`field.invalid_email`…) and what it should be.
    #[error("is not {what}")]
    Invalid { code: &'static str, what: &'static str },
}

impl ValueError {
    /// A refusal of the form `code`, worded "is not {what}".
    pub const fn invalid(code: &'static str, what: &'static str) -> Self {
        ValueError::Invalid { code, what }
    }

    /// The field error's stable code.
    pub fn code(&self) -> &'static str {
        match self {
            ValueError::Blank => codes::FIELD_BLANK,
            ValueError::NotText => codes::FIELD_NOT_TEXT,
            ValueError::TooShort { .. } => codes::FIELD_TOO_SHORT,
            ValueError::TooLong { .. } => codes::FIELD_TOO_LONG,
            ValueError::OutOfRange { .. } => codes::FIELD_OUT_OF_RANGE,
            ValueError::Invalid { code, .. } => code,
        }
    }

    /// The numbers the message states (`max`, `min`).
    pub fn params(&self) -> Vec<(&'static str, i64)> {
        let n = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        match *self {
            ValueError::TooShort { min } => vec![("min", n(min))],
            ValueError::TooLong { max } => vec![("max", n(max))],
            ValueError::OutOfRange { min, max } => vec![("min", min), ("max", max)],
            ValueError::Blank | ValueError::NotText | ValueError::Invalid { .. } => vec![],
        }
    }
}

/// Marks a refusal carried through serde's text-only errors ([`ValueError::tagged`]).
const TAG: char = '\u{1f}';

/// A refusal read back from a serde error's message: its code, its numbers, its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tagged {
    pub code: &'static str,
    pub params: Vec<(&'static str, i64)>,
    pub message: String,
}

impl ValueError {
    /// This refusal as the message of a serde error (a value type's `Deserialize`), so
    /// the body's reader (`api_core::AppJson`) can answer it with its code and numbers
    /// ([`ValueError::untag`]) instead of serde's bare text.
    pub fn tagged(&self) -> String {
        let params: String = self.params().iter().map(|(name, value)| format!(";{name}={value}")).collect();
        format!("{TAG}{}{params}{TAG}{self}", self.code())
    }

    /// The refusal in a serde error's message made by [`ValueError::tagged`], if it is one
    /// (the message may go on: serde adds where it was met).
    pub fn untag(message: &str) -> Option<Tagged> {
        let rest = message.strip_prefix(TAG)?;
        let (head, words) = rest.split_once(TAG)?;
        let mut parts = head.split(';');
        let code = known_code(parts.next()?)?;
        let mut params = Vec::new();
        for part in parts {
            let (name, value) = part.split_once('=')?;
            let name = ["min", "max"].into_iter().find(|n| *n == name)?;
            params.push((name, value.parse().ok()?));
        }
        let words = words.find(" at line ").map_or(words, |at| &words[..at]);
        Some(Tagged { code, params, message: words.to_owned() })
    }
}

/// `code` as a field code's own `'static` text, if it is one.
fn known_code(code: &str) -> Option<&'static str> {
    codes::ALL.iter().copied().find(|c| *c == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_code_and_the_numbers_it_states() {
        let e = ValueError::TooLong { max: 120 };
        assert_eq!((e.code(), e.to_string().as_str()), ("field.too_long", "must have at most 120 characters"));
        assert_eq!(e.params(), [("max", 120)]);
        let e = ValueError::TooShort { min: 8 };
        assert_eq!((e.code(), e.params()), ("field.too_short", vec![("min", 8)]));
        assert_eq!(ValueError::OutOfRange { min: 1, max: 100 }.params(), [("min", 1), ("max", 100)]);
        assert_eq!(ValueError::NotText.code(), "field.not_text");
        assert_eq!(ValueError::Blank.params(), []);
        let e = ValueError::invalid(codes::FIELD_INVALID_CHOICE, "one of a, b");
        assert_eq!((e.code(), e.to_string().as_str()), ("field.invalid_choice", "is not one of a, b"));
    }

    #[test]
    fn every_field_code_is_one_a_refusal_can_be_read_back_as() {
        for code in codes::ALL {
            let read = ValueError::untag(&ValueError::invalid(code, "x").tagged()).unwrap();
            assert_eq!(read.code, *code);
        }
    }

    #[test]
    fn a_refusal_goes_through_serde_and_back() {
        let problem = ValueError::OutOfRange { min: 1, max: 100 };
        let read = ValueError::untag(&format!("{} at line 1 column 9", problem.tagged())).unwrap();
        assert_eq!(read.code, "field.out_of_range");
        assert_eq!(read.params, [("min", 1), ("max", 100)]);
        assert_eq!(read.message, "must be a whole number from 1 to 100");
        assert_eq!(ValueError::untag("invalid type: integer, expected a string"), None);
        assert_eq!(ValueError::untag("\u{1f}no.such_code\u{1f}x"), None);
    }
}
