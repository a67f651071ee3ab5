//! The values an account is made of, parsed once at the edge (parse, don't validate):
//! [`EmailAddress`], [`NewPassword`], [`PersonName`], [`Phone`].
//!
//! Request bodies arrive as loosely typed JSON (`Option<serde_json::Value>` per field) so
//! that a missing field, a `null` and a number where text was expected all become a
//! field error with the field's name, collected by the API's one kit (`api_core::Fields`,
//! worded by [`Labelled`]) so one `422` lists every problem at once instead of the first
//! serde happened to meet.

use api_core::values::{Email, Line, Phone, ValueError};
use api_core::{FieldError, Fields};
use serde_json::Value;

/// The longest e-mail address SMTP carries (RFC 5321: 254 octets in a path).
pub const EMAIL_MAX: usize = Email::MAX;
/// A password shorter than this is refused.
pub const PASSWORD_MIN: usize = 8;
/// Bounds the work of hashing and the size of what we accept.
pub const PASSWORD_MAX: usize = 128;
/// First and last names.
const NAME_MAX: usize = 100;

/// Why one value is not acceptable; the message is completed with the field's label.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldProblem {
    #[error("cannot be blank.")]
    Blank,
    #[error("must be a string.")]
    NotText,
    #[error("is not a valid e-mail address.")]
    NotEmail,
    #[error("is not a valid phone number (9 to 15 digits).")]
    NotPhone,
    #[error("should contain at least {0} characters.")]
    TooShort(usize),
    #[error("should contain at most {0} characters.")]
    TooLong(usize),
    #[error("contains characters that are not allowed.")]
    BadCharacters,
}

impl From<ValueError> for FieldProblem {
    fn from(e: ValueError) -> Self {
        match e {
            ValueError::Blank => FieldProblem::Blank,
            ValueError::TooLong { max } => FieldProblem::TooLong(max),
            ValueError::Invalid { code, .. } if code == api_core::codes::FIELD_INVALID_EMAIL => FieldProblem::NotEmail,
            ValueError::Invalid { code, .. } if code == api_core::codes::FIELD_INVALID_PHONE => FieldProblem::NotPhone,
            ValueError::Invalid { .. } | ValueError::OutOfRange { .. } => FieldProblem::BadCharacters,
        }
    }
}

impl FieldProblem {
    /// The numbers the message states (`min`, `max`).
    pub fn params(&self) -> Vec<(&'static str, i64)> {
        let n = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        match *self {
            FieldProblem::TooShort(min) => vec![("min", n(min))],
            FieldProblem::TooLong(max) => vec![("max", n(max))],
            _ => Vec::new(),
        }
    }

    /// The field error's stable code.
    pub fn code(&self) -> &'static str {
        match self {
            FieldProblem::Blank => api_core::codes::FIELD_BLANK,
            FieldProblem::NotText => api_core::codes::FIELD_NOT_TEXT,
            FieldProblem::NotEmail => api_core::codes::FIELD_INVALID_EMAIL,
            FieldProblem::NotPhone => api_core::codes::FIELD_INVALID_PHONE,
            FieldProblem::TooShort(_) => api_core::codes::FIELD_TOO_SHORT,
            FieldProblem::TooLong(_) => api_core::codes::FIELD_TOO_LONG,
            FieldProblem::BadCharacters => api_core::codes::FIELD_BAD_CHARACTERS,
        }
    }
}

/// An account's e-mail address: the API's one rule ([`Email`]), which the mailer takes.
pub type EmailAddress = Email;

/// A password a user chooses: 8 to 128 characters. Kept as given (no trimming: spaces
/// are legitimate password characters).
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(text: &str) -> Result<Self, FieldProblem> {
        let length = text.chars().count();
        if length == 0 {
            Err(FieldProblem::Blank)
        } else if length < PASSWORD_MIN {
            Err(FieldProblem::TooShort(PASSWORD_MIN))
        } else if length > PASSWORD_MAX {
            Err(FieldProblem::TooLong(PASSWORD_MAX))
        } else {
            Ok(NewPassword(text.to_string()))
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

// Never print a password, not even in a debug log.
impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

/// A first or last name: one line of at most 100 characters as sent, non-empty once
/// trimmed, no control characters (a name goes into e-mail text).
pub type PersonName = Line<NAME_MAX>;

/// A phone number, or none: empty, or a [`Phone`] (the order form's rule).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptionalPhone(Option<Phone>);

impl OptionalPhone {
    pub fn parse(text: &str) -> Result<Self, FieldProblem> {
        if text.trim().is_empty() && text.chars().count() <= Phone::MAX {
            return Ok(OptionalPhone(None));
        }
        let written = |c: char| c.is_ascii_digit() || c.is_whitespace() || "+-()".contains(c);
        if text.chars().count() <= Phone::MAX && !text.chars().all(written) {
            return Err(FieldProblem::BadCharacters);
        }
        Phone::parse(text).map(|p| OptionalPhone(Some(p))).map_err(FieldProblem::from)
    }

    /// The number, or `""` for none (as the account stores it).
    pub fn as_str(&self) -> &str {
        self.0.as_ref().map_or("", Phone::as_str)
    }
}

/// Reading an account form's fields into the API's one kit (`api_core::Fields`), each
/// problem worded with the field's label (`E-mail cannot be blank.`).
pub trait Labelled {
    /// Text of an optional field: absent or `null` is `None`; anything but a string is an error.
    fn optional_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str>;

    /// Text of a required field: missing, `null` or blank is an error.
    fn required_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str>;

    /// Parses a required field with `parse`, recording its problem.
    fn required<T, E: Into<FieldProblem>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T>;

    /// Parses an optional field with `parse` when it is present.
    fn optional<T, E: Into<FieldProblem>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T>;

    /// Records `problem` of the field labelled `label`.
    fn problem(&mut self, field: &str, label: &str, problem: FieldProblem);
}

impl Labelled for Fields<'_> {
    fn optional_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str> {
        match value {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text),
            Some(_) => {
                self.problem(field, label, FieldProblem::NotText);
                None
            }
        }
    }

    fn required_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str> {
        let present = self.optional_text(field, label, value);
        if matches!(value, None | Some(Value::Null)) || present.is_some_and(|t| t.trim().is_empty()) {
            self.problem(field, label, FieldProblem::Blank);
            return None;
        }
        present
    }

    fn required<T, E: Into<FieldProblem>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T> {
        let text = self.required_text(field, label, value)?;
        parse(text).map_err(|e| self.problem(field, label, e.into())).ok()
    }

    fn optional<T, E: Into<FieldProblem>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T> {
        let text = self.optional_text(field, label, value)?;
        parse(text).map_err(|e| self.problem(field, label, e.into())).ok()
    }

    fn problem(&mut self, field: &str, label: &str, problem: FieldProblem) {
        let error = FieldError::new(field, format!("{label} {problem}")).with_code(problem.code());
        self.push(error.with_params(problem.params()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_core::ApiError;
    use serde_json::json;

    #[test]
    fn email_addresses_are_trimmed_and_compared_in_lower_case() {
        let email = EmailAddress::parse("  Jan.Kowalski+bilety@Example.PL ").unwrap();
        assert_eq!(email.as_str(), "Jan.Kowalski+bilety@Example.PL");
        assert_eq!(email.key(), "jan.kowalski+bilety@example.pl");
    }

    #[test]
    fn implausible_email_addresses_are_refused() {
        for bad in [
            "john😀@example.com",
            "jan",
            "jan@",
            "@example.pl",
            "jan@localhost",
            "jan kowalski@example.pl",
            "jan@@example.pl",
            "jan@example..pl",
            ".jan@example.pl",
            "jan@-example.pl",
            "jan<x>@example.pl",
            "żaneta@example.pl",
        ] {
            assert_eq!(EmailAddress::parse(bad).map_err(FieldProblem::from), Err(FieldProblem::NotEmail), "{bad}");
        }
        assert_eq!(EmailAddress::parse("   ").map_err(FieldProblem::from), Err(FieldProblem::Blank));
        let long = format!("{}@example.pl", "a".repeat(250));
        assert_eq!(EmailAddress::parse(&long).map_err(FieldProblem::from), Err(FieldProblem::TooLong(254)));
    }

    #[test]
    fn passwords_need_eight_to_128_characters_counted_as_characters() {
        assert_eq!(NewPassword::parse("1234567").unwrap_err(), FieldProblem::TooShort(8));
        assert_eq!(NewPassword::parse("").unwrap_err(), FieldProblem::Blank);
        assert!(NewPassword::parse("żółćżółć").is_ok(), "8 characters, 16 bytes");
        assert_eq!(NewPassword::parse(&"x".repeat(129)).unwrap_err(), FieldProblem::TooLong(128));
        assert_eq!(NewPassword::parse(" spaces  ok ").unwrap().expose(), " spaces  ok ");
        assert_eq!(format!("{:?}", NewPassword::parse("secret-password").unwrap()), "NewPassword(***)");
    }

    #[test]
    fn names_and_phones_are_bounded() {
        let problem = |e: ValueError| FieldProblem::from(e);
        assert_eq!(PersonName::parse("  Łucja ").unwrap().as_str(), "Łucja");
        assert_eq!(PersonName::parse(" ").map_err(problem), Err(FieldProblem::Blank));
        assert_eq!(PersonName::parse(&"a".repeat(101)).map_err(problem), Err(FieldProblem::TooLong(100)));
        assert_eq!(PersonName::parse("Jan\nBcc: x").map_err(problem), Err(FieldProblem::BadCharacters));
        assert_eq!(OptionalPhone::parse("+48 (12) 345-67-89").unwrap().as_str(), "+48 (12) 345-67-89");
        assert_eq!(OptionalPhone::parse("").unwrap().as_str(), "");
        assert_eq!(OptionalPhone::parse("call me"), Err(FieldProblem::BadCharacters));
        assert_eq!(OptionalPhone::parse(&"1".repeat(31)), Err(FieldProblem::TooLong(30)));
        // The order form's rule: a number has 9 to 15 digits.
        assert_eq!(OptionalPhone::parse("123"), Err(FieldProblem::NotPhone));
    }

    #[test]
    fn fields_collect_every_problem_with_its_label() {
        let body = json!({"email": 5, "first_name": "  ", "phone": null});
        let mut fields = Fields::default();
        assert!(fields.required("email", "E-mail", body.get("email"), EmailAddress::parse).is_none());
        assert!(fields.required("first_name", "First name", body.get("first_name"), PersonName::parse).is_none());
        assert!(fields.required("last_name", "Last name", body.get("last_name"), PersonName::parse).is_none());
        assert!(fields.optional("phone", "Phone", body.get("phone"), Phone::parse).is_none());
        match fields.finish_with("Your registration failed.") {
            Err(ApiError::Validation { message, errors }) => {
                assert_eq!(message, "Your registration failed.");
                assert_eq!(
                    errors,
                    vec![
                        FieldError::new("email", "E-mail must be a string.").with_code("field.not_text"),
                        FieldError::new("first_name", "First name cannot be blank.").with_code("field.blank"),
                        FieldError::new("last_name", "Last name cannot be blank.").with_code("field.blank"),
                    ]
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
