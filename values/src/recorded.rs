//! [`Recorded`]: a value read back from what the product recorded (an event), not from a
//! request. A rule is applied where a value comes in; what an event holds is a fact of
//! its day, recorded under that day's rule, and is never judged again: an order placed
//! when the phone rule took six digits still loads (and its stream still folds) after
//! the rule takes nine. So an event's value decodes through [`Recorded::recorded`],
//! which keeps what today's rule reads as it reads it, and anything else as stored
//! (trimmed). Its serialized form is the value's text, as it always was.
//!
//! The event fields say so with serde's attributes: `deserialize_with =
//! "values::recorded::value"` for a required value, and `with = "values::recorded::or_empty"`
//! for an optional one written `""` when none (an order sold at the desk without an
//! e-mail).

use serde::{Deserialize, Deserializer, Serializer};

/// A value type that reads back its recorded text (see the module documentation).
pub trait Recorded: Sized {
    /// `text` as recorded: today's rule's value when it reads, else the text trimmed.
    fn recorded(text: String) -> Self;
}

/// Implements [`Recorded`] for a text value type `$t(String)` with a `parse(&str)`.
macro_rules! recorded {
    ($t:ty) => {
        impl $crate::recorded::Recorded for $t {
            fn recorded(text: String) -> Self {
                <$t>::parse(&text).unwrap_or_else(|_| Self(text.trim().to_owned()))
            }
        }
    };
}
pub(crate) use recorded;

/// A required recorded value.
pub fn value<'de, D: Deserializer<'de>, T: Recorded>(d: D) -> Result<T, D::Error> {
    String::deserialize(d).map(T::recorded)
}

/// An optional recorded value, written `""` when there is none.
pub mod or_empty {
    use super::*;

    pub fn serialize<S: Serializer, T: AsRef<str>>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.as_ref().map_or("", AsRef::as_ref))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Recorded>(d: D) -> Result<Option<T>, D::Error> {
        let text = String::deserialize(d)?;
        Ok((!text.trim().is_empty()).then(|| T::recorded(text)))
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use crate::{Email, Line, Phone};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Contact {
        #[serde(deserialize_with = "super::value")]
        name: Line<10>,
        #[serde(with = "super::or_empty")]
        email: Option<Email>,
        #[serde(with = "super::or_empty")]
        phone: Option<Phone>,
    }

    #[test]
    fn what_was_recorded_reads_back_whatever_todays_rule_says() {
        let old = serde_json::json!({"name": " Jan ", "email": "jan@localhost", "phone": "600.100"});
        let read: Contact = serde_json::from_value(old).unwrap();
        assert_eq!(read.name.as_str(), "Jan");
        assert_eq!(read.email.as_ref().map(Email::as_str), Some("jan@localhost"));
        assert_eq!(read.phone.as_ref().map(Phone::as_str), Some("600.100"));
        assert_eq!(
            serde_json::to_value(&read).unwrap(),
            serde_json::json!({"name": "Jan", "email": "jan@localhost", "phone": "600.100"})
        );
    }

    #[test]
    fn none_is_written_and_read_as_empty_text() {
        let read: Contact =
            serde_json::from_value(serde_json::json!({"name": "Jan", "email": "", "phone": " "})).unwrap();
        assert_eq!((read.email.as_ref(), read.phone.as_ref()), (None, None));
        assert_eq!(serde_json::to_value(&read).unwrap()["email"], "");
    }

    #[test]
    fn a_value_todays_rule_reads_is_read_by_it() {
        let read: Contact =
            serde_json::from_value(serde_json::json!({"name": "Jan", "email": " jan@example.pl ", "phone": ""}))
                .unwrap();
        assert_eq!(read.email, Some(Email::parse("jan@example.pl").unwrap()));
    }
}
