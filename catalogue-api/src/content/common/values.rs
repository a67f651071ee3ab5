//! The content's own value types, beside the API's (`api_core::values`): a [`Link`] the
//! site may follow, a banner's [`CssClasses`], a page's [`Slug`], the company's
//! [`InvoicePrefix`] (and the API's `Country`, re-exported). Each is parsed once by serde, with the
//! rule of [`super::validate`], and its OpenAPI schema comes from the type.

use std::borrow::Cow;

pub use api_core::values::Country;
use api_core::values::ValueError;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::validate;
use crate::content::page::model::RESERVED_SLUGS;

/// What a link may not hold: whitespace, a backslash, control characters.
macro_rules! not_in_link {
    () => {
        concat!(api_core::ws_chars!(), "\\\\\\u0000-\\u001f\\u007f-\\u009f")
    };
}

/// A link the web may follow, or empty (none): a relative path or an `http(s)` URL
/// ([`validate::link`]); kept trimmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Link(String);

impl Link {
    /// The document's pattern: an `http(s)` URL with a host, or a path that names no
    /// other scheme and is not `//host`.
    pub const PATTERN: &'static str = concat!(
        "^",
        api_core::ws_class!(),
        "*([hH][tT][tT][pP][sS]?://[^/?#",
        not_in_link!(),
        "]+[^",
        not_in_link!(),
        "]*|(?![hH][tT][tT][pP][sS]?://)(?!//)[^:/?#",
        not_in_link!(),
        "]*([/?#][^",
        not_in_link!(),
        "]*)?)",
        api_core::ws_class!(),
        "*$"
    );

    pub fn parse(text: &str) -> Result<Self, ValueError> {
        validate::link(text.trim()).map(Link)
    }
}

/// CSS class names: `a-z`, `0-9`, spaces, `_` and `-`, at most 200; kept trimmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CssClasses(String);

impl CssClasses {
    pub const MAX: usize = 200;
    pub const PATTERN: &'static str = concat!("^", api_core::ws_class!(), "*[a-z0-9 _-]*", api_core::ws_class!(), "*$");

    pub fn parse(text: &str) -> Result<Self, ValueError> {
        validate::css_classes(text).map(CssClasses)
    }
}

/// A content page's address (`/{slug}`): 1 to 100 of `a-z`, `0-9` and `-`, not only
/// digits (ids are) and not a path of the site's own screens; kept trimmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    pub const MAX: usize = 100;
    /// The document's pattern (the screens' paths listed as in `RESERVED_SLUGS`; a test
    /// holds the two together).
    pub const PATTERN: &'static str = concat!(
        "^",
        api_core::ws_class!(),
        "*(?![0-9]+",
        api_core::ws_class!(),
        "*$)(?!(?:api|en|search|login|register|forgot|confirm|change-password|old|order|user|admin)",
        api_core::ws_class!(),
        "*$)[a-z0-9-]{1,100}",
        api_core::ws_class!(),
        "*$"
    );

    pub fn parse(text: &str) -> Result<Self, ValueError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ValueError::Blank);
        }
        if text.chars().count() > Self::MAX {
            return Err(ValueError::TooLong { max: Self::MAX });
        }
        if !text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(ValueError::invalid(api_core::codes::FIELD_BAD_CHARACTERS, "a slug: a-z, 0-9 and -"));
        }
        if text.chars().all(|c| c.is_ascii_digit()) || RESERVED_SLUGS.contains(&text) {
            return Err(ValueError::invalid(
                api_core::codes::FIELD_INVALID,
                "a slug of its own: not only digits, not a path of the site itself",
            ));
        }
        Ok(Slug(text.to_owned()))
    }
}

/// The prefix of the company's invoice numbers: 1 to 20 of `A-Z`, `0-9`, `/` and `-`;
/// kept trimmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InvoicePrefix(String);

impl InvoicePrefix {
    pub const PATTERN: &'static str =
        concat!("^", api_core::ws_class!(), "*[A-Z0-9/-]{1,20}", api_core::ws_class!(), "*$");

    pub fn parse(text: &str) -> Result<Self, ValueError> {
        let text = text.trim();
        let ok = (1..=20).contains(&text.len())
            && text.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || matches!(c, '/' | '-'));
        if ok {
            Ok(InvoicePrefix(text.to_owned()))
        } else {
            Err(ValueError::invalid(api_core::codes::FIELD_BAD_CHARACTERS, "1 to 20 of A-Z, 0-9, / and -"))
        }
    }
}

/// A content value type: text and serde through `parse` as every value type has them
/// (`text_value!`), and its schema.
macro_rules! content_value {
    ($t:ident, $max:expr, $describe:literal) => {
        api_core::values::text_value!($t);

        impl PartialSchema for $t {
            fn schema() -> RefOr<Schema> {
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some($describe))
                    .pattern(Some(Self::PATTERN))
                    .max_length($max)
                    .into()
            }
        }

        impl ToSchema for $t {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($t))
            }
        }
    };
}

content_value!(
    Link,
    Some(validate::LINK_MAX),
    "A relative path (`/order/ticket`, `regulamin`, `#top`) or an `http(s)` URL; empty: none."
);
content_value!(
    Slug,
    None,
    "The page's address (`/{slug}`): 1 to 100 of `a-z`, `0-9` and `-`, not only digits, not a path of the site's own screens."
);
content_value!(InvoicePrefix, None, "The prefix of the invoice numbers: 1 to 20 of `A-Z`, `0-9`, `/` and `-`.");
content_value!(CssClasses, Some(CssClasses::MAX), "CSS classes: `a-z`, `0-9`, spaces, `_` and `-`.");

#[cfg(test)]
mod tests {
    use super::*;

    fn agree(pattern: &str, parse: impl Fn(&str) -> bool, inputs: &[&str]) {
        let re = regex::Regex::new(pattern).expect("the pattern compiles");
        for input in inputs {
            assert_eq!(re.is_match(input), parse(input), "{pattern} and the parse differ on {input:?}");
        }
    }

    #[test]
    fn the_patterns_say_what_the_parses_take() {
        let links = [
            "",
            " /order/ticket?x=1#a ",
            "regulamin",
            "#top",
            "https://pks.example",
            "HTTP://a.b/c",
            "javascript:alert(1)",
            "//evil.example",
            "/\\evil.example",
            "https://",
            "mailto:a@b.pl",
            "a b",
        ];
        // The link's pattern has look-aheads, which the regex crate lacks: its parse only.
        for (link, ok) in
            links.iter().zip([true, true, true, true, true, true, false, false, false, false, false, false])
        {
            assert_eq!(Link::parse(link).is_ok(), ok, "{link:?}");
        }
        agree(
            InvoicePrefix::PATTERN,
            |t| InvoicePrefix::parse(t).is_ok(),
            &["FV", " NK/2026-A ", "", "fv", "F V", &"A".repeat(21), "FV_1"],
        );
        agree(Country::PATTERN, |t| Country::parse(t).is_ok(), &[" PL ", "DE", "", "pl", "POL", "P", "P1", "ŁL"]);
        agree(CssClasses::PATTERN, |t| CssClasses::parse(t).is_ok(), &["", " bg-primary p_2 ", "Bg", "x\"y", "a\tb"]);
        assert_eq!(Link::parse("javascript:x").unwrap_err().code(), "field.invalid");
    }

    #[test]
    fn slugs() {
        for ok in ["regulamin", " nisko-krakow-2026 ", "a", "12a", "admins"] {
            assert_eq!(Slug::parse(ok).map(Slug::into_string), Ok(ok.trim().to_string()));
        }
        for bad in ["", "Regulamin", "o nas", "zażółć", "123", "admin", "a/b", &"a".repeat(101)] {
            assert!(Slug::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Slug::parse(&"a".repeat(101)), Err(ValueError::TooLong { max: 100 }));
        // The pattern (with look-aheads the regex crate lacks) refuses each screen's path.
        for reserved in RESERVED_SLUGS {
            assert!(
                Slug::PATTERN.contains(&format!("|{reserved}|"))
                    || Slug::PATTERN.contains(&format!("(?:{reserved}|"))
                    || Slug::PATTERN.contains(&format!("|{reserved})")),
                "{reserved}"
            );
        }
    }
}
