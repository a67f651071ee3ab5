//! [`Line`]: a required line of text with its maximum length: the names, addresses and
//! reasons a request carries.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, ValueError};

/// Text with something besides whitespace in it, at most `MAX` characters as sent,
/// kept trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Line<const MAX: usize>(String);

impl<const MAX: usize> Line<MAX> {
    /// The document's pattern: a character that is not whitespace somewhere (`NUL`, which
    /// the API refuses anywhere, nowhere).
    pub const PATTERN: &'static str = "^[^\\u0000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u0000][^\\u0000]*$";

    /// The line in `text` (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        if text.chars().count() > MAX {
            return Err(ValueError::TooLong { max: MAX });
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(ValueError::Blank);
        }
        Ok(Line(text.to_owned()))
    }

    /// The text (trimmed).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text as an owned `String`.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> std::fmt::Display for Line<MAX> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<const MAX: usize> serde::Serialize for Line<MAX> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de, const MAX: usize> serde::Deserialize<'de> for Line<MAX> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Line::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl<const MAX: usize> super::Parse for Line<MAX> {
    type Raw = String;
    fn parse_raw(raw: String) -> Result<Self, ValueError> {
        Line::parse(&raw)
    }
}

impl<const MAX: usize> PartialSchema for Line<MAX> {
    fn schema() -> RefOr<Schema> {
        text_schema(
            &format!("Required text of at most {MAX} characters as sent; surrounding whitespace is dropped."),
            Self::PATTERN,
            MAX,
        )
    }
}

impl<const MAX: usize> ToSchema for Line<MAX> {
    fn name() -> Cow<'static, str> {
        Cow::Owned(format!("Line{MAX}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_and_counted_as_sent() {
        assert_eq!(Line::<10>::parse("  Jan  ").unwrap().as_str(), "Jan");
        assert_eq!(Line::<10>::parse(" \u{3000}\n"), Err(ValueError::Blank));
        assert_eq!(Line::<5>::parse("  Jan  "), Err(ValueError::TooLong { max: 5 }));
        assert_eq!(Line::<3>::parse("Łąk").unwrap().as_str(), "Łąk", "characters, not bytes");
        assert_eq!(<Line<100> as ToSchema>::name(), "Line100");
    }
}
