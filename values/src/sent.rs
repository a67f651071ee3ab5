//! [`Sent<T>`]: a value type as a form sent it, for bodies whose every field is reported
//! at once in the form's own words (the order form, an admin's correction).
//!
//! A field typed `T` fails the whole body on its first bad value, in `T`'s words. A field
//! typed `Sent<T>` never fails to read (unless it is not text at all): it holds `T`, or
//! the [`ValueError`] that says why not, beside the text as sent, and the body's reader
//! turns each refusal into its field error with its own message. Either way the rule is
//! `T`'s, parsed once, and the document's schema is `T`'s own.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{Parse, ValueError};

/// See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent<T> {
    text: String,
    parsed: Result<T, ValueError>,
}

impl<T: Parse<Raw = String>> Sent<T> {
    /// `text` read by `T`'s rule.
    pub fn new(text: impl Into<String>) -> Self {
        let text = text.into();
        let parsed = T::parse_raw(text.clone());
        Sent { text, parsed }
    }
}

impl<T> Sent<T> {
    /// The value, or why it is none.
    pub fn parsed(&self) -> Result<&T, &ValueError> {
        self.parsed.as_ref()
    }

    /// The value, when it parsed.
    pub fn value(&self) -> Option<&T> {
        self.parsed.as_ref().ok()
    }

    /// The text as sent.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether nothing but whitespace was sent (or nothing at all).
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

impl<T: AsRef<str>> Sent<T> {
    /// The value as kept (trimmed, normalised) when it parsed, else the text as sent,
    /// trimmed: for a reader that has reported the refusal already, or that allows a blank.
    pub fn kept(&self) -> &str {
        self.parsed.as_ref().map_or_else(|_| self.text.trim(), AsRef::as_ref)
    }
}

impl<T: Parse<Raw = String>> From<&str> for Sent<T> {
    fn from(text: &str) -> Self {
        Sent::new(text)
    }
}

/// Nothing sent: blank.
impl<T> Default for Sent<T> {
    fn default() -> Self {
        Sent { text: String::new(), parsed: Err(ValueError::Blank) }
    }
}

impl<'de, T: Parse<Raw = String>> serde::Deserialize<'de> for Sent<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Sent::new)
    }
}

/// The schema, through utoipa's trait for generic types (which gives `PartialSchema`): `T`'s.
impl<T: PartialSchema> utoipa::__dev::ComposeSchema for Sent<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        T::schema()
    }
}

/// The document names `T`: a `Sent<T>` field is a `T` on the wire.
impl<T: ToSchema> ToSchema for Sent<T> {
    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        T::schemas(schemas);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Email, Line};

    #[test]
    fn a_bad_value_is_read_and_kept_with_its_refusal() {
        let bad: Sent<Email> = serde_json::from_str(r#""jan@""#).unwrap();
        assert_eq!(bad.parsed().unwrap_err().code(), "field.invalid_email");
        assert_eq!((bad.text(), bad.kept(), bad.value()), ("jan@", "jan@", None));
        let good: Sent<Line<10>> = serde_json::from_str(r#"" Jan ""#).unwrap();
        assert_eq!((good.kept(), good.text()), ("Jan", " Jan "));
        assert_eq!(Sent::<Line<10>>::default().parsed(), Err(&ValueError::Blank));
        assert!(Sent::<Line<10>>::new(" \t").is_blank());
        // Not text at all is still the body's error.
        assert!(serde_json::from_str::<Sent<Email>>("12").is_err());
        assert_eq!(<Sent<Email> as ToSchema>::name(), "Email");
    }
}
