//! [`OrEmpty`]: a value type's optional form, where an empty (or blank) text means "none"
//! (the company's NIP and office e-mails before they are set). Its schema is the type's
//! own, its pattern widened by blank text, so the rule is still written once.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{ws, Parse, ValueError};

/// `T`, or blank text for none: [`OrEmpty::parse`] reads it as `Option<T>`; as a
/// request's field (serde) it holds what the parse answered.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OrEmpty<T>(Option<T>);

impl<T> Default for OrEmpty<T> {
    fn default() -> Self {
        OrEmpty(None)
    }
}

impl<T: Parse<Raw = String>> OrEmpty<T> {
    /// `text` read as a request's field is ([`OrEmpty::parse`], kept).
    pub fn new(text: &str) -> Result<Self, ValueError> {
        Self::parse(text).map(OrEmpty)
    }
}

impl<T> OrEmpty<T> {
    /// The value, `None` for blank.
    pub fn into_option(self) -> Option<T> {
        self.0
    }
}

impl<T: AsRef<str>> OrEmpty<T> {
    /// The value as it is kept, `""` for none.
    pub fn into_text(self) -> String {
        self.0.map(|v| v.as_ref().to_owned()).unwrap_or_default()
    }
}

impl<T: Parse<Raw = String>> Parse for OrEmpty<T> {
    type Raw = String;
    fn parse_raw(raw: String) -> Result<Self, ValueError> {
        Self::new(&raw)
    }
}

/// The value as it is kept, `""` for none.
impl<T: AsRef<str>> AsRef<str> for OrEmpty<T> {
    fn as_ref(&self) -> &str {
        self.0.as_ref().map_or("", AsRef::as_ref)
    }
}

impl<'de, T: Parse<Raw = String>> serde::Deserialize<'de> for OrEmpty<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::parse(&text).map(OrEmpty).map_err(|e| serde::de::Error::custom(e.tagged()))
    }
}

impl<T: AsRef<str>> serde::Serialize for OrEmpty<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.as_ref().map_or("", AsRef::as_ref))
    }
}

/// An e-mail address or blank: its name in a `#[schema(value_type = …)]`.
pub type EmailOrEmpty = OrEmpty<super::Email>;
/// A NIP or blank: its name in a `#[schema(value_type = …)]`.
pub type NipOrEmpty = OrEmpty<super::Nip>;

impl<T: Parse<Raw = String>> OrEmpty<T> {
    /// `None` for blank text (only whitespace, at most `T`'s length), else `T` or why not.
    pub fn parse(text: &str) -> Result<Option<T>, ValueError> {
        match T::parse_raw(text.to_owned()) {
            Ok(value) => Ok(Some(value)),
            Err(ValueError::Blank) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

impl<T: Parse<Raw = String> + AsRef<str>> OrEmpty<T> {
    /// The value as it is kept (trimmed, a NIP's ten digits), `""` for none.
    pub fn text(text: &str) -> Result<String, ValueError> {
        Ok(Self::parse(text)?.map(|v| v.as_ref().to_owned()).unwrap_or_default())
    }
}

impl<T: PartialSchema> OrEmpty<T> {
    /// The document's pattern: `T`'s, or whitespace only.
    pub fn pattern() -> Option<String> {
        match T::schema() {
            RefOr::T(Schema::Object(object)) => object.pattern.map(|p| format!("{p}|^{}*$", ws!())),
            _ => None,
        }
    }
}

/// The schema, through utoipa's trait for generic types (which gives `PartialSchema`): `T`'s
/// own, widened by blank text (`T` is part of the rule, not a parameter of the document).
impl<T: PartialSchema> utoipa::__dev::ComposeSchema for OrEmpty<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        match T::schema() {
            RefOr::T(Schema::Object(mut object)) => {
                object.pattern = Self::pattern();
                let what = object.description.take().unwrap_or_default();
                object.description = Some(format!("{what} Empty (or only whitespace): none."));
                RefOr::T(Schema::Object(object))
            }
            other => other,
        }
    }
}

impl<T: ToSchema> ToSchema for OrEmpty<T> {
    fn name() -> Cow<'static, str> {
        Cow::Owned(format!("{}OrEmpty", T::name()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Email, Nip};

    #[test]
    fn blank_is_none_and_the_rest_is_the_types() {
        assert_eq!(OrEmpty::<Nip>::parse(" PL 526-025-02-74 ").unwrap().unwrap().as_str(), "5260250274");
        assert!(OrEmpty::<Nip>::parse(" \t").unwrap().is_none());
        assert!(OrEmpty::<Email>::parse("").unwrap().is_none());
        assert_eq!(OrEmpty::<Nip>::parse("5260250275").unwrap_err().code(), "field.invalid_vat_number");
        assert_eq!(OrEmpty::<Nip>::parse(&" ".repeat(31)), Err(ValueError::TooLong { max: 30 }));
        assert_eq!(<OrEmpty<Email> as ToSchema>::name(), "EmailOrEmpty");
    }

    #[test]
    fn the_pattern_says_what_the_parse_takes() {
        fn agree<T: Parse<Raw = String> + PartialSchema>(inputs: &[&str]) {
            let pattern = OrEmpty::<T>::pattern().expect("a pattern");
            let re = regex::Regex::new(&pattern).expect("the pattern compiles");
            for input in inputs {
                assert_eq!(
                    re.is_match(input),
                    OrEmpty::<T>::parse(input).is_ok(),
                    "{pattern} and the parse differ on {input:?}"
                );
            }
        }
        let blank = ["", " ", "\t\u{3000}\n"];
        agree::<Nip>(&[&blank[..], &[" PL 526-025-02-74 ", "5260250274", "526025027", "DE5260250274", "x"]].concat());
        agree::<Email>(
            &[&blank[..], &["jan@example.com", " jan@example.pl ", "jan@localhost", "a b@c.pl", "x"]].concat(),
        );
    }
}
