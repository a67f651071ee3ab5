//! The values an account is made of, parsed once at the edge (parse, don't validate):
//! [`EmailAddress`], [`NewPassword`], [`PersonName`], [`Phone`]; each refusal is the API's
//! one kit's [`ValueError`], worded for the account forms by [`words`].
//!
//! Request bodies arrive as loosely typed JSON (`Option<serde_json::Value>` per field) so
//! that a missing field, a `null` and a number where text was expected all become a
//! field error with the field's name, collected by the API's one kit (`api_core::Fields`,
//! worded by [`Labelled`]) so one `422` lists every problem at once instead of the first
//! serde happened to meet.

use api_core::codes;
use std::borrow::Cow;

use api_core::values::{Email, Line, NotBlank, Phone, ToFieldError, ValueError};
use api_core::Fields;
use serde_json::Value;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// The longest e-mail address SMTP carries (RFC 5321: 254 octets in a path).
pub const EMAIL_MAX: usize = Email::MAX;
/// A password shorter than this is refused.
pub const PASSWORD_MIN: usize = 8;
/// Bounds the work of hashing and the size of what we accept.
pub const PASSWORD_MAX: usize = 128;
/// First and last names.
const NAME_MAX: usize = 100;

/// An account form's words for a value's refusal (the API's one kit,
/// [`ValueError`]), completed with the field's label: `E-mail cannot be blank.`
pub fn words(problem: &ValueError) -> String {
    match *problem {
        ValueError::Blank => "cannot be blank.".into(),
        ValueError::NotText => "must be a string.".into(),
        ValueError::TooShort { min } => format!("should contain at least {min} characters."),
        ValueError::TooLong { max } => format!("should contain at most {max} characters."),
        ValueError::Invalid { code, .. } if code == codes::FIELD_INVALID_EMAIL => {
            "is not a valid e-mail address.".into()
        }
        ValueError::Invalid { code, .. } if code == codes::FIELD_INVALID_PHONE => {
            "is not a valid phone number (9 to 15 digits).".into()
        }
        ValueError::Invalid { .. } | ValueError::OutOfRange { .. } => {
            "contains characters that are not allowed.".into()
        }
    }
}

/// Refused: a phone number with characters people do not write in one.
const NOT_PHONE_CHARACTERS: ValueError =
    ValueError::invalid(codes::FIELD_BAD_CHARACTERS, "a phone number: digits, spaces, +, -, ( and )");

/// An account's e-mail address: the API's one rule ([`Email`]), which the mailer takes.
pub type EmailAddress = Email;

/// A password a user chooses: 8 to 128 characters, not all whitespace. Kept as given (no
/// trimming: spaces are legitimate password characters). Its schema states the same.
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        NotBlank::parse(text)?;
        let length = text.chars().count();
        if length < PASSWORD_MIN {
            Err(ValueError::TooShort { min: PASSWORD_MIN })
        } else if length > PASSWORD_MAX {
            Err(ValueError::TooLong { max: PASSWORD_MAX })
        } else {
            Ok(NewPassword(text.to_string()))
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl PartialSchema for NewPassword {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Password)))
            .description(Some("A new password: 8 to 128 characters, not all whitespace, kept as sent."))
            .min_length(Some(PASSWORD_MIN))
            .max_length(Some(PASSWORD_MAX))
            .pattern(Some(NotBlank::PATTERN))
            .into()
    }
}

impl ToSchema for NewPassword {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("NewPassword")
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
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        if text.trim().is_empty() && text.chars().count() <= Phone::MAX {
            return Ok(OptionalPhone(None));
        }
        let written = |c: char| c.is_ascii_digit() || c.is_whitespace() || "+-()".contains(c);
        if text.chars().count() <= Phone::MAX && !text.chars().all(written) {
            return Err(NOT_PHONE_CHARACTERS);
        }
        Phone::parse(text).map(|p| OptionalPhone(Some(p)))
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
    fn required<T, E: Into<ValueError>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T>;

    /// Parses an optional field with `parse` when it is present.
    fn optional<T, E: Into<ValueError>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T>;

    /// Records `problem` of the field labelled `label`.
    fn problem(&mut self, field: &str, label: &str, problem: ValueError);
}

impl Labelled for Fields<'_> {
    fn optional_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str> {
        match value {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text),
            Some(_) => {
                self.problem(field, label, ValueError::NotText);
                None
            }
        }
    }

    fn required_text<'v>(&mut self, field: &str, label: &str, value: Option<&'v Value>) -> Option<&'v str> {
        let present = self.optional_text(field, label, value);
        if matches!(value, None | Some(Value::Null)) || present.is_some_and(|t| t.trim().is_empty()) {
            self.problem(field, label, ValueError::Blank);
            return None;
        }
        present
    }

    fn required<T, E: Into<ValueError>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T> {
        let text = self.required_text(field, label, value)?;
        parse(text).map_err(|e| self.problem(field, label, e.into())).ok()
    }

    fn optional<T, E: Into<ValueError>>(
        &mut self,
        field: &str,
        label: &str,
        value: Option<&Value>,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T> {
        let text = self.optional_text(field, label, value)?;
        parse(text).map_err(|e| self.problem(field, label, e.into())).ok()
    }

    fn problem(&mut self, field: &str, label: &str, problem: ValueError) {
        self.push(problem.field_error_with(field, format!("{label} {}", words(&problem))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_core::{ApiError, FieldError};
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
            assert_eq!(EmailAddress::parse(bad).map_err(|e| e.code()), Err("field.invalid_email"), "{bad}");
        }
        assert_eq!(EmailAddress::parse("   "), Err(ValueError::Blank));
        let long = format!("{}@example.pl", "a".repeat(250));
        assert_eq!(EmailAddress::parse(&long), Err(ValueError::TooLong { max: 254 }));
    }

    #[test]
    fn passwords_need_eight_to_128_characters_counted_as_characters() {
        assert_eq!(NewPassword::parse("1234567").unwrap_err(), ValueError::TooShort { min: 8 });
        assert_eq!(NewPassword::parse("").unwrap_err(), ValueError::Blank);
        assert!(NewPassword::parse("żółćżółć").is_ok(), "8 characters, 16 bytes");
        assert_eq!(NewPassword::parse(&"x".repeat(129)).unwrap_err(), ValueError::TooLong { max: 128 });
        assert_eq!(NewPassword::parse(" spaces  ok ").unwrap().expose(), " spaces  ok ");
        // All whitespace is blank at any length, as the schema's pattern says.
        assert_eq!(NewPassword::parse(&" ".repeat(12)).unwrap_err(), ValueError::Blank);
        let pattern = regex::Regex::new(NotBlank::PATTERN).expect("the pattern compiles");
        for text in ["\u{3000}".repeat(9), "abcdefgh".into(), " \t a      ".into()] {
            assert_eq!(pattern.is_match(&text), NewPassword::parse(&text).is_ok(), "{text:?}");
        }
        assert_eq!(format!("{:?}", NewPassword::parse("secret-password").unwrap()), "NewPassword(***)");
    }

    #[test]
    fn names_and_phones_are_bounded() {
        let code = |e: ValueError| e.code();
        assert_eq!(PersonName::parse("  Łucja ").unwrap().as_str(), "Łucja");
        assert_eq!(PersonName::parse(" "), Err(ValueError::Blank));
        assert_eq!(PersonName::parse(&"a".repeat(101)), Err(ValueError::TooLong { max: 100 }));
        assert_eq!(PersonName::parse("Jan\nBcc: x").map_err(code), Err("field.bad_characters"));
        assert_eq!(OptionalPhone::parse("+48 (12) 345-67-89").unwrap().as_str(), "+48 (12) 345-67-89");
        assert_eq!(OptionalPhone::parse("").unwrap().as_str(), "");
        assert_eq!(OptionalPhone::parse("call me").map_err(code), Err("field.bad_characters"));
        assert_eq!(OptionalPhone::parse(&"1".repeat(31)), Err(ValueError::TooLong { max: 30 }));
        // The order form's rule: a number has 9 to 15 digits.
        assert_eq!(OptionalPhone::parse("123").map_err(code), Err("field.invalid_phone"));
        assert_eq!(words(&ValueError::TooShort { min: 8 }), "should contain at least 8 characters.");
        assert_eq!(words(&Phone::parse("123").unwrap_err()), "is not a valid phone number (9 to 15 digits).");
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
                        FieldError::new("email", "field.not_text", "E-mail must be a string."),
                        FieldError::new("first_name", "field.blank", "First name cannot be blank."),
                        FieldError::new("last_name", "field.blank", "Last name cannot be blank."),
                    ]
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
