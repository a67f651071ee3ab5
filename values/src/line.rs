//! [`Line`] and [`Text`]: required text with its maximum length. A line is what a form's
//! one-line field holds (a name, an address, a city): no control characters, so it is
//! safe in an e-mail header or an SMS; a [`PlainLine`] is a line without markup (the
//! site's titles and names); a text is what a text area holds (a reason).

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, trimmed, ws, ValueError};
use crate::codes;

/// One line of text: something besides whitespace in it, no control characters once
/// trimmed (a tab, a line break), at most `MAX` characters as sent; kept trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Line<const MAX: usize>(String);

/// One line of plain text (a title, a name on the site, keywords): a [`Line`] without
/// markup's `<` and `>`, kept trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlainLine<const MAX: usize>(String);

/// Text of one or more lines: something besides whitespace in it, at most `MAX`
/// characters as sent; kept trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Text<const MAX: usize>(String);

/// Unicode's control characters (`char::is_control`), as a range of a pattern's class.
macro_rules! controls {
    () => {
        "\\u0000-\\u001f\\u007f-\\u009f"
    };
}

/// The whitespace `trim` drops, without the class's brackets.
macro_rules! spaces {
    () => {
        $crate::ws_chars!()
    };
}

/// What a plain line refuses besides a line's control characters: markup's brackets.
macro_rules! markup {
    () => {
        "<>"
    };
}

/// A line's pattern, refusing the characters `$refused` (a class's body) as well:
/// whitespace around a text that starts and ends with a character that is neither
/// whitespace nor a control character (nor refused), with no control character (nor a
/// refused one) inside.
macro_rules! line_pattern {
    () => {
        line_pattern!("")
    };
    ($refused:expr) => {
        concat!(
            "^",
            ws!(),
            "*[^",
            spaces!(),
            controls!(),
            $refused,
            "](?:[^",
            controls!(),
            $refused,
            "]*[^",
            spaces!(),
            controls!(),
            $refused,
            "])?",
            ws!(),
            "*$"
        )
    };
}

impl<const MAX: usize> Line<MAX> {
    /// The document's pattern: whitespace around a text that starts and ends with a
    /// character that is neither whitespace nor a control character, and has no control
    /// character inside.
    pub const PATTERN: &'static str = line_pattern!();

    /// The line in `text` (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        let text = trimmed(text, MAX)?;
        if text.chars().any(char::is_control) {
            return Err(ValueError::Invalid { code: codes::FIELD_BAD_CHARACTERS, what: "a single line of text" });
        }
        Ok(Line(text.to_owned()))
    }
}

impl<const MAX: usize> PlainLine<MAX> {
    /// [`Line::PATTERN`] with `<` and `>` refused too.
    pub const PATTERN: &'static str = line_pattern!(markup!());

    /// The line in `text` (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        let line = Line::<MAX>::parse(text)?;
        if line.0.contains(['<', '>']) {
            return Err(ValueError::Invalid { code: codes::FIELD_BAD_CHARACTERS, what: "plain text, without < or >" });
        }
        Ok(PlainLine(line.0))
    }
}

impl<const MAX: usize> Text<MAX> {
    /// The document's pattern: a character that is not whitespace somewhere (`NUL`, which
    /// the API refuses anywhere, nowhere).
    pub const PATTERN: &'static str = super::whitespace::NOT_BLANK;

    /// The text (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        trimmed(text, MAX).map(|t| Text(t.to_owned()))
    }
}

/// What both share: `as_str`, `Display`, serde through `parse`, the schema.
macro_rules! bounded_text {
    ($t:ident, $name:literal, $describe:literal) => {
        impl<const MAX: usize> $t<MAX> {
            /// The text (trimmed).
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text as an owned `String`.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl<const MAX: usize> AsRef<str> for $t<MAX> {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl<const MAX: usize> From<$t<MAX>> for String {
            fn from(value: $t<MAX>) -> String {
                value.0
            }
        }

        impl<const MAX: usize> std::fmt::Display for $t<MAX> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl<const MAX: usize> serde::Serialize for $t<MAX> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }

        impl<'de, const MAX: usize> serde::Deserialize<'de> for $t<MAX> {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                $t::parse(&text).map_err(|e| serde::de::Error::custom(e.tagged()))
            }
        }

        impl<const MAX: usize> crate::Recorded for $t<MAX> {
            fn recorded(text: String) -> Self {
                $t::parse(&text).unwrap_or_else(|_| $t(text.trim().to_owned()))
            }
        }

        impl<const MAX: usize> super::Parse for $t<MAX> {
            type Raw = String;
            fn parse_raw(raw: String) -> Result<Self, ValueError> {
                $t::parse(&raw)
            }
        }

        impl<const MAX: usize> PartialSchema for $t<MAX> {
            fn schema() -> RefOr<Schema> {
                text_schema(&format!($describe, MAX), Self::PATTERN, MAX)
            }
        }

        impl<const MAX: usize> ToSchema for $t<MAX> {
            fn name() -> Cow<'static, str> {
                Cow::Owned(format!(concat!($name, "{}"), MAX))
            }
        }
    };
}

bounded_text!(
    Line,
    "Line",
    "One required line of at most {} characters as sent, without control characters; surrounding whitespace is dropped."
);
bounded_text!(
    PlainLine,
    "PlainLine",
    "One required line of plain text (no `<`, `>` or control characters) of at most {} characters as sent; surrounding whitespace is dropped."
);
bounded_text!(
    Text,
    "Text",
    "Required text (lines allowed) of at most {} characters as sent; surrounding whitespace is dropped."
);

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

    #[test]
    fn a_line_has_no_control_characters_a_text_may_have_lines() {
        assert_eq!(Line::<20>::parse("Jan\nBcc: x").unwrap_err().code(), "field.bad_characters");
        assert_eq!(Line::<20>::parse("Jan\tK").unwrap_err().code(), "field.bad_characters");
        assert_eq!(Line::<20>::parse("\tJan K\r\n").unwrap().as_str(), "Jan K");
        assert_eq!(Text::<20>::parse(" Why:\nbecause ").unwrap().as_str(), "Why:\nbecause");
        assert_eq!(Text::<20>::parse(" \n "), Err(ValueError::Blank));
        assert_eq!(<Text<500> as ToSchema>::name(), "Text500");
    }

    #[test]
    fn a_plain_line_is_a_line_without_markup() {
        assert_eq!(PlainLine::<12>::parse("  Promocja  ").unwrap().as_str(), "Promocja");
        assert_eq!(PlainLine::<11>::parse("  Promocja  "), Err(ValueError::TooLong { max: 11 }));
        assert_eq!(PlainLine::<10>::parse(" \t"), Err(ValueError::Blank));
        assert_eq!(PlainLine::<10>::parse("<b>x</b>").unwrap_err().code(), "field.bad_characters");
        assert_eq!(PlainLine::<10>::parse("a\nb").unwrap_err().code(), "field.bad_characters");
        assert_eq!(<PlainLine<200> as ToSchema>::name(), "PlainLine200");
    }
}
