//! [`Email`]: the one e-mail rule of the whole API (the order form, accounts, the
//! company's addresses), chosen so that every address it takes is one the mailer
//! (`lettre`) can send to: a paid customer whose address the form took must get the
//! tickets.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, trimmed, ws, ValueError};
use crate::codes;

/// An e-mail address: trimmed; at most [`Email::MAX`] characters as sent; `local@domain`
/// where the local part is ASCII letters, digits and ``!#$%&'*+/=?^_`{|}~-`` with dots
/// between them (not first, not last, not two in a row), at most 64 characters; and the
/// domain at least two dot-separated labels of ASCII letters, digits and hyphens (no
/// hyphen at a label's start or end, at most 63 characters each), the last one at least
/// two letters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

/// The characters of the local part besides the dot (RFC 5322 `atext`).
const LOCAL: &str = "!#$%&'*+/=?^_`{|}~-";

impl Email {
    /// The longest address SMTP carries (RFC 5321: 254 octets in a path).
    pub const MAX: usize = 254;

    /// The rule as an ECMA-262 pattern (also valid with the `u` and `v` flags), for the
    /// document and the web. The length is the schema's `maxLength`.
    pub const PATTERN: &'static str = concat!(
        "^",
        ws!(),
        "*[A-Za-z0-9!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+(?:\\.[A-Za-z0-9!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+)*",
        "@(?:[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}",
        ws!(),
        "*$"
    );

    /// The address in `text`, or why it is none.
    pub fn parse(text: &str) -> Result<Email, ValueError> {
        let text = trimmed(text, Self::MAX)?;
        if is_email(text) {
            Ok(Email(text.to_owned()))
        } else {
            Err(ValueError::Invalid { code: codes::FIELD_INVALID_EMAIL, what: "a valid e-mail address" })
        }
    }

    /// The form addresses are compared in (the `users_email` index is on `lower(email)`).
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let dotted = |s: &str, ok: &dyn Fn(char) -> bool| s.split('.').all(|part| !part.is_empty() && part.chars().all(ok));
    let local_ok = local.len() <= 64 && dotted(local, &|c| c.is_ascii_alphanumeric() || LOCAL.contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        (1..=63).contains(&l.len())
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let last_ok = labels.last().is_some_and(|l| l.len() >= 2 && l.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && labels.len() >= 2 && labels.iter().all(label_ok) && last_ok
}

text_value!(Email);
crate::recorded::recorded!(Email);

impl PartialSchema for Email {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "An e-mail address (`local@domain.tld`, ASCII, the local part at most 64 characters); surrounding whitespace is dropped.",
            Self::PATTERN,
            Self::MAX,
        )
    }
}

impl ToSchema for Email {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Email")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Addresses people type, and the ones that broke a rule before.
    const TRICKY: &[&str] = &[
        "jan@example.com",
        "Jan.Kowalski+bilety@Example.PL",
        "a@b.co",
        "o'brien@example.ie",
        "x!#$%&'*+/=?^_`{|}~-y@example.com",
        "jan@sub-domain.example.com",
        "jan@123.example.com",
        "john😀@example.com",
        "żaneta@example.pl",
        "jan@żółw.pl",
        "jan@localhost",
        "jan@example.c",
        "jan@example.123",
        "jan@example..pl",
        "jan@-example.pl",
        "jan@example-.pl",
        ".jan@example.pl",
        "jan.@example.pl",
        "ja..n@example.pl",
        "jan kowalski@example.pl",
        "jan@@example.pl",
        "jan<x>@example.pl",
        "\"jan\"@example.pl",
        "jan@[127.0.0.1]",
        "jan@example.pl,b@example.pl",
        "jan@example.pl.",
        "@example.pl",
        "jan@",
        "jan",
        "jan@a_b.pl",
        "jan\u{0}@example.pl",
        "jan@xn--bcher-kva.example",
    ];

    #[test]
    fn every_address_it_takes_the_mailer_takes() {
        let mut taken = 0;
        for text in TRICKY {
            if let Ok(email) = Email::parse(text) {
                taken += 1;
                assert!(email.as_str().parse::<lettre::Address>().is_ok(), "{text} is taken but lettre refuses it");
            }
        }
        assert!(taken >= 8, "the table has addresses on both sides");
        let long_local = format!("{}@example.pl", "a".repeat(65));
        let long_label = format!("jan@{}.pl", "a".repeat(64));
        for text in [long_local, long_label] {
            assert!(text.parse::<lettre::Address>().is_err(), "lettre's limits");
            assert!(Email::parse(&text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_rule_takes_and_refuses() {
        for ok in ["jan@example.com", "Jan.Kowalski+bilety@Example.PL", "o'brien@example.ie", "a@b.co"] {
            assert!(Email::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["john😀@example.com", "żaneta@example.pl", "jan@localhost", "jan@example.c", "jan@example.123"] {
            assert_eq!(Email::parse(bad).unwrap_err().code(), "field.invalid_email", "{bad}");
        }
    }

    #[test]
    fn trimmed_and_counted_as_sent() {
        assert_eq!(Email::parse("  Jan@Example.PL ").unwrap().as_str(), "Jan@Example.PL");
        assert_eq!(Email::parse("  Jan@Example.PL ").unwrap().key(), "jan@example.pl");
        assert_eq!(Email::parse(" \t"), Err(ValueError::Blank));
        let longest = format!("{}@{}.{}.{}.pl", "a".repeat(61), "b".repeat(63), "c".repeat(63), "d".repeat(61));
        assert_eq!(longest.len(), 254);
        assert!(Email::parse(&longest).is_ok());
        assert_eq!(Email::parse(&format!(" {longest}")), Err(ValueError::TooLong { max: 254 }));
        let e = Email::parse(&"a".repeat(255)).unwrap_err();
        assert_eq!((e.code(), e.params()), ("field.too_long", vec![("max", 254)]));
    }

    #[test]
    fn it_reads_from_json_through_the_rule() {
        let email: Email = serde_json::from_value(serde_json::json!(" jan@example.com")).unwrap();
        assert_eq!(serde_json::to_value(&email).unwrap(), serde_json::json!("jan@example.com"));
        assert!(serde_json::from_value::<Email>(serde_json::json!("jan@localhost")).is_err());
    }
}
