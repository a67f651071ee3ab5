//! # values
//!
//! Parse, don't validate (STYLE R13/R21): one type per concept a request or an event
//! carries, whose only constructor checks it, with its `Deserialize` and its OpenAPI
//! schema written once. [`Email`], [`Phone`], [`Nip`], [`PostalCode`], [`Country`], [`TicketNumber`], a required [`Line`] (one line)
//! or [`Text`] (a text area's) with its maximum length, and [`Money`] in grosz; [`OrEmpty`]
//! is a type's optional form, where blank text means none, and [`Sent`] a type as a form
//! sent it (read whatever it holds, its refusal kept for the form's own words).
//!
//! Text values are trimmed, and their lengths count the text as sent, as the document's
//! `maxLength` does (README, "How the contract is held to"); their schemas' patterns
//! allow the whitespace the trimming drops, so the document and the parser agree. A
//! value that does not parse is a [`ValueError`], which becomes a field error with its
//! code and the numbers it states ([`ValueError::field_error`]); a reader that wants its
//! own wording (the order form's spec messages) matches on it.
//!
//! Pure (serde, thiserror and the schemas' `utoipa`; no IO), so the domain's commands and
//! events hold these types as the API's requests do: `domain` depends on this crate, and
//! `api_core::values` re-exports it with what only the edge needs (the field error of a
//! refusal, [`Moment`] on Warsaw's clock). [`polish`] holds the NIP's and the postal
//! code's checks, which the e-invoice (`documents`) uses too; [`codes`] the field codes
//! a refusal answers with.

pub mod codes;
mod country;
mod email;
mod line;
mod money;
mod nip;
mod not_blank;
mod or_empty;
mod phone;
pub mod polish;
mod postal_code;
mod problem;
pub mod recorded;
mod sent;
mod ticket_number;
pub mod whitespace;

pub use country::Country;
pub use email::Email;
pub use line::{Line, PlainLine, Text};
pub use money::Money;
pub use nip::Nip;
pub use not_blank::NotBlank;
pub use or_empty::{EmailOrEmpty, NipOrEmpty, OrEmpty};
pub use phone::Phone;
pub use postal_code::PostalCode;
pub use problem::ValueError;
pub use recorded::Recorded;
pub use sent::Sent;
pub use ticket_number::TicketNumber;
pub use whitespace::WHITESPACE;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// The whitespace class as a pattern's bracketed class (see [`whitespace`]).
macro_rules! ws {
    () => {
        $crate::ws_class!()
    };
}
pub(crate) use ws;

/// A value read from a request: its one constructor, from what JSON carries.
pub trait Parse: Sized {
    /// What JSON carries (text, a whole number).
    type Raw: serde::de::DeserializeOwned;
    /// What a value of another JSON type is refused as (text by default).
    const WRONG_TYPE: ValueError = ValueError::NotText;
    fn parse_raw(raw: Self::Raw) -> Result<Self, ValueError>;
}

/// `text` trimmed, when it has at most `max` characters as sent and is not blank: the
/// start of every text value's rule.
pub fn trimmed(text: &str, max: usize) -> Result<&str, ValueError> {
    if text.chars().count() > max {
        return Err(ValueError::TooLong { max });
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(ValueError::Blank);
    }
    Ok(text)
}

/// The schema of a text value: a string with its pattern and length bounds.
pub fn text_schema(description: &str, pattern: &str, max_length: usize) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .pattern(Some(pattern))
        .max_length(Some(max_length))
        .into()
}

/// `Deserialize` through `parse`, `Serialize`/`Display`/`as_str` as the text, and
/// [`Parse`] for a text value type `$t(String)` with a `parse(&str) -> Result<$t, ValueError>`:
/// these types' and the content's own (`Link`, `Slug`…), which add their schemas.
#[macro_export]
macro_rules! text_value {
    ($t:ty) => {
        impl $t {
            /// The value as text (trimmed).
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The value as an owned `String`.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $t {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl From<$t> for String {
            fn from(value: $t) -> String {
                value.0
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                <$t>::parse(&text).map_err(|e| serde::de::Error::custom(e.tagged()))
            }
        }

        impl $crate::Parse for $t {
            type Raw = String;
            fn parse_raw(raw: String) -> Result<Self, $crate::ValueError> {
                <$t>::parse(&raw)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document's pattern and the parser agree, over each type's tricky inputs.
    fn agree<T>(pattern: &str, parse: impl Fn(&str) -> Result<T, ValueError>, inputs: &[&str]) {
        let re = regex::Regex::new(pattern).expect("the pattern compiles");
        for input in inputs {
            assert_eq!(re.is_match(input), parse(input).is_ok(), "{pattern} and the parser differ on {input:?}");
        }
    }

    #[test]
    fn patterns_say_what_the_parsers_take() {
        agree(
            Email::PATTERN,
            Email::parse,
            &[
                "jan@example.com",
                " \tJan.K+b@Example.PL\u{3000}",
                "x!#$%&'*+/=?^_`{|}~-y@a-b.example.com",
                "john😀@example.com",
                "jan@localhost",
                "jan@example.c",
                "jan@example.p1",
                ".jan@example.pl",
                "jan.@example.pl",
                "ja..n@example.pl",
                "jan@-a.pl",
                "jan@a-.pl",
                "jan@a..pl",
                "jan @example.pl",
                "\u{feff}jan@example.pl",
                "",
            ],
        );
        agree(
            Phone::PATTERN,
            Phone::parse,
            &["+48 (12) 345-67-89", " 600100200 ", "12345678", "1234567890123456", "600.100.200", "tel 600100200"],
        );
        agree(
            Nip::PATTERN,
            Nip::parse,
            // Every well-formed one here adds up: the check digit is no pattern's.
            &[" PL 526-025-02-74 ", "5260250274", "pl5260250274", "526025027", "52602502744", "DE5260250274"],
        );
        agree(
            PostalCode::PATTERN,
            PostalCode::parse,
            &["37-400", " 37-400\n", "37400", "3-7400", "37-40a", "３７-４００"],
        );
        let lines = ["Jan", " Jan ", " ", "\u{3000}", "", "\t\n", "J\tan", "Jan K\n", "\u{85}Jan", "Ja\u{85}n", "a b"];
        agree(Line::<10>::PATTERN, Line::<10>::parse, &lines);
        agree(Text::<10>::PATTERN, Text::<10>::parse, &lines);
    }
}
