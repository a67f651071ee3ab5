//! [`NotBlank`]: text with something besides whitespace in it, of any length: a token, a
//! public id, a password as the login reads it. Its schema is the document's for such
//! text ([`super::whitespace::NOT_BLANK`]), written once here.

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_value, ValueError};
use crate::codes;

/// Text that is not blank; kept as sent (a token or a password is not trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NotBlank(String);

impl NotBlank {
    pub const PATTERN: &'static str = super::whitespace::NOT_BLANK;

    /// The text, or why it is none.
    pub fn parse(text: &str) -> Result<NotBlank, ValueError> {
        if text.contains('\0') {
            return Err(ValueError::invalid(codes::FIELD_BAD_CHARACTERS, "text without NUL characters"));
        }
        if text.trim().is_empty() {
            return Err(ValueError::Blank);
        }
        Ok(NotBlank(text.to_owned()))
    }
}

text_value!(NotBlank);

impl PartialSchema for NotBlank {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("Text with something besides whitespace in it."))
            .pattern(Some(Self::PATTERN))
            .into()
    }
}

impl ToSchema for NotBlank {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("NotBlank")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anything_but_blank_kept_as_sent() {
        assert_eq!(NotBlank::parse(" abc ").unwrap().as_str(), " abc ");
        assert_eq!(NotBlank::parse(" \u{3000}\n"), Err(ValueError::Blank));
        assert_eq!(NotBlank::parse("a\0b").unwrap_err().code(), "field.bad_characters");
        let re = regex::Regex::new(NotBlank::PATTERN).expect("the pattern compiles");
        for input in ["x", " x ", "", " ", "\u{85}", "a\u{85}"] {
            assert_eq!(re.is_match(input), NotBlank::parse(input).is_ok(), "{input:?}");
        }
    }
}
