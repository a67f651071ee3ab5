//! [`PlainLine`] and [`PlainLineOrEmpty`]: the content's one line of plain text (a
//! title, a name, keywords, an address line). Its rule and its schema are written here
//! once: one line, no markup (`<` and `>` refused), no control characters, trimmed, at
//! most `MAX` characters as sent (the document's `maxLength`).

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// A required line of plain text, trimmed (not blank).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainLine<const MAX: usize>(String);

/// A line of plain text, trimmed, or empty (only whitespace): "not set" or "not
/// translated".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainLineOrEmpty<const MAX: usize>(String);

/// The whitespace Rust's `trim` drops (Unicode `White_Space`), without the brackets.
macro_rules! spaces {
    () => {
        "\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
    };
}

/// What a line may not hold: markup's brackets and Unicode's control characters.
macro_rules! refused {
    () => {
        "<>\\u0000-\\u001f\\u007f-\\u009f"
    };
}

/// The line itself: it starts and ends with a character that is neither whitespace nor
/// refused, and has no refused character inside.
macro_rules! line {
    () => {
        concat!("[^", spaces!(), refused!(), "](?:[^", refused!(), "]*[^", spaces!(), refused!(), "])?")
    };
}

/// `value` trimmed, if it is a line of plain text of at most `max` characters as sent;
/// blank is `Ok("")`.
fn plain(value: &str, max: usize) -> Result<String, String> {
    if value.chars().count() > max {
        return Err(format!("must have at most {max} characters"));
    }
    let value = value.trim();
    if value.contains(['<', '>']) {
        return Err("must be plain text, without < or >".into());
    }
    if value.chars().any(char::is_control) {
        return Err("must be a single line without control characters".into());
    }
    Ok(value.to_string())
}

impl<const MAX: usize> PlainLine<MAX> {
    /// The document's pattern.
    pub const PATTERN: &'static str = concat!("^[", spaces!(), "]*", line!(), "[", spaces!(), "]*$");

    /// The line in `value` (trimmed), or the message for the field.
    pub fn parse(value: &str) -> Result<Self, String> {
        let line = plain(value, MAX)?;
        if line.is_empty() {
            return Err("cannot be blank".into());
        }
        Ok(PlainLine(line))
    }
}

impl<const MAX: usize> PlainLineOrEmpty<MAX> {
    /// The document's pattern: [`PlainLine`]'s, or whitespace only.
    pub const PATTERN: &'static str = concat!("^[", spaces!(), "]*(?:", line!(), ")?[", spaces!(), "]*$");

    /// The line in `value` (trimmed, empty when blank), or the message for the field.
    pub fn parse(value: &str) -> Result<Self, String> {
        plain(value, MAX).map(PlainLineOrEmpty)
    }
}

/// The text, the schema and the name of each. The schema is a content input's field:
/// inlined (`#[schema(value_type = PlainLine<200>, inline, required = false)]`), so the
/// field states its `maxLength` itself, and `null` allowed, which the inputs read as
/// absent.
macro_rules! plain_line_type {
    ($t:ident, $name:literal, $describe:literal) => {
        impl<const MAX: usize> $t<MAX> {
            /// The text (trimmed).
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl<const MAX: usize> From<$t<MAX>> for String {
            fn from(value: $t<MAX>) -> String {
                value.0
            }
        }

        impl<const MAX: usize> PartialSchema for $t<MAX> {
            fn schema() -> RefOr<Schema> {
                ObjectBuilder::new()
                    .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                    .description(Some(format!($describe, MAX)))
                    .pattern(Some(Self::PATTERN))
                    .max_length(Some(MAX))
                    .into()
            }
        }

        impl<const MAX: usize> ToSchema for $t<MAX> {
            fn name() -> Cow<'static, str> {
                Cow::Owned(format!(concat!($name, "{}"), MAX))
            }
        }
    };
}

plain_line_type!(
    PlainLine,
    "PlainLine",
    "One required line of plain text (no `<`, `>` or control characters) of at most {} characters as sent; surrounding whitespace is dropped; `null`: not given."
);
plain_line_type!(
    PlainLineOrEmpty,
    "PlainLineOrEmpty",
    "One line of plain text (no `<`, `>` or control characters) of at most {} characters as sent, or empty; surrounding whitespace is dropped; `null`: not given."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_counted_as_sent_and_plain() {
        assert_eq!(PlainLine::<12>::parse("  Promocja  ").unwrap().as_str(), "Promocja");
        // The length counts as sent, as the document's maxLength does.
        assert!(PlainLine::<11>::parse("  Promocja  ").is_err());
        assert_eq!(PlainLine::<10>::parse(" "), Err("cannot be blank".into()));
        assert!(PlainLine::<10>::parse("<b>x</b>").is_err());
        assert!(PlainLine::<10>::parse("abcdefghijk").is_err());
        assert!(PlainLine::<10>::parse("a\nb").is_err());
        assert_eq!(PlainLineOrEmpty::<10>::parse(" \t").unwrap().as_str(), "");
        assert!(PlainLineOrEmpty::<10>::parse("a<b").is_err());
        assert_eq!(<PlainLineOrEmpty<200> as ToSchema>::name(), "PlainLineOrEmpty200");
    }

    #[test]
    fn the_patterns_say_what_the_parses_take() {
        let inputs = [
            "Jan",
            " Jan ",
            " ",
            "\u{3000}",
            "",
            "\t\n",
            "J\tan",
            "Jan K\n",
            "\u{85}Jan",
            "Ja\u{85}n",
            "a b",
            "<b>",
            "a>b",
            "x<",
            "\u{7f}",
            "Łąka nad Sanem",
            "a\u{2028}b",
        ];
        for (pattern, required) in [(PlainLine::<20>::PATTERN, true), (PlainLineOrEmpty::<20>::PATTERN, false)] {
            let re = regex::Regex::new(pattern).expect("the pattern compiles");
            for input in inputs {
                let parsed = if required {
                    PlainLine::<20>::parse(input).is_ok()
                } else {
                    PlainLineOrEmpty::<20>::parse(input).is_ok()
                };
                assert_eq!(re.is_match(input), parsed, "{pattern} and the parse differ on {input:?}");
            }
        }
    }
}
