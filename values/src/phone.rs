//! [`Phone`]: a phone number as people write it.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, trimmed, ws, ValueError};
use crate::codes;

/// A phone number: trimmed; at most [`Phone::MAX`] characters as sent; digits, spaces,
/// `+`, `-`, `(` and `)`, with 9 to 15 digits (a Polish number without its prefix has
/// nine, E.164 allows fifteen). Kept as written (SMS sending normalises it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phone(String);

impl Phone {
    pub const MAX: usize = 30;

    /// The rule as an ECMA-262 pattern; the length is the schema's `maxLength`.
    pub const PATTERN: &'static str = concat!("^", ws!(), "*[ +\\(\\)\\-]*(?:[0-9][ +\\(\\)\\-]*){9,15}", ws!(), "*$");

    /// The number in `text`, or why it is none.
    pub fn parse(text: &str) -> Result<Phone, ValueError> {
        let text = trimmed(text, Self::MAX)?;
        let digits = text.chars().filter(char::is_ascii_digit).count();
        let allowed = text.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')'));
        if allowed && (9..=15).contains(&digits) {
            Ok(Phone(text.to_owned()))
        } else {
            Err(ValueError::Invalid { code: codes::FIELD_INVALID_PHONE, what: "a valid phone number" })
        }
    }
}

impl Phone {
    /// The digits, with the `+` of an international number: what an SMS gateway takes.
    pub fn dialled(&self) -> String {
        let digits: String = self.0.chars().filter(char::is_ascii_digit).collect();
        if self.0.starts_with('+') {
            format!("+{digits}")
        } else {
            digits
        }
    }
}

text_value!(Phone);
crate::recorded::recorded!(Phone);

impl PartialSchema for Phone {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A phone number: 9 to 15 digits, with spaces, `+`, `-`, `(` and `)` as people write them.",
            Self::PATTERN,
            Self::MAX,
        )
    }
}

impl ToSchema for Phone {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Phone")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_to_fifteen_digits_as_people_write_them() {
        assert_eq!(Phone::parse(" +48 (12) 345-67-89 ").unwrap().as_str(), "+48 (12) 345-67-89");
        assert!(Phone::parse("600100200").is_ok());
        for bad in ["12345678", "1234567890123456", "call me", "600.100.200"] {
            assert_eq!(Phone::parse(bad).unwrap_err().code(), "field.invalid_phone", "{bad}");
        }
        assert_eq!(Phone::parse(""), Err(ValueError::Blank));
        assert_eq!(Phone::parse(&"1".repeat(31)), Err(ValueError::TooLong { max: 30 }));
        assert_eq!(Phone::parse(" +48 (12) 345-67-89").unwrap().dialled(), "+48123456789");
        assert_eq!(Phone::parse("600 100 200").unwrap().dialled(), "600100200");
    }
}
