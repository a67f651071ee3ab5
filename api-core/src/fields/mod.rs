//! Parse, don't validate: a JSON body becomes typed values at the edge, with one `422`
//! error per bad field and every problem reported at once.
//!
//! Handlers take the body as a `serde_json::Value` and read each field through
//! [`Fields`]: a bad field records an error and yields a placeholder, so the handler
//! keeps reading (and checking) the others; [`Fields::finish`] then answers `422` with
//! all of them, and the placeholders are never used. Clients may send extra fields
//! (they are ignored); every value has the JSON type the API document gives it (a number
//! as a number, a yes/no as `true`/`false`), so the document and the reader agree.
//!
//! An update (`PUT save?id=`) overlays the body on the stored record first ([`merge`]),
//! so a client may send only what changes.

use std::sync::LazyLock;

use crate::values::{Parse, ToFieldError, ValueError};
use crate::{ApiError, FieldError};
use chrono::NaiveDate;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde::Serialize;
use serde_json::{Map, Value};

/// The fields of a JSON object being parsed, and the problems found so far.
pub struct Fields<'a> {
    body: &'a Map<String, Value>,
    errors: Vec<FieldError>,
}

/// `stored` as JSON with the fields of `body` written over it.
pub fn merge<T: Serialize>(stored: &T, body: Value) -> Value {
    match (serde_json::to_value(stored), body) {
        (Ok(Value::Object(mut base)), Value::Object(changes)) => {
            base.extend(changes);
            Value::Object(base)
        }
        (_, body) => body,
    }
}

/// The body of a [`Fields`] that only collects errors.
static NO_BODY: LazyLock<Map<String, Value>> = LazyLock::new(Map::new);

/// No body: the errors of values read some other way (a serde struct's fields checked one
/// by one), collected all the same.
impl Default for Fields<'static> {
    fn default() -> Self {
        Fields { body: &NO_BODY, errors: Vec::new() }
    }
}

impl<'a> Fields<'a> {
    /// Start parsing `body`, which must be a JSON object.
    pub fn new(body: &'a Value) -> Result<Self, ApiError> {
        match body {
            Value::Object(body) => Ok(Fields { body, errors: Vec::new() }),
            _ => Err(ApiError::invalid_field("body", crate::codes::FIELD_NOT_OBJECT, "the body must be a JSON object")),
        }
    }

    /// The field's value; `null` counts as absent.
    pub fn raw(&self, name: &str) -> Option<&'a Value> {
        self.body.get(name).filter(|v| !v.is_null())
    }

    /// Record a problem with a field (`name` may be a path: `content[0].name`), with its
    /// stable code (`api_core::codes`) and the message for people.
    pub fn error_coded(&mut self, name: &str, code: &'static str, message: impl Into<String>) {
        self.errors.push(FieldError::new(name, code, message));
    }

    /// Record a value's refusal under `name` (its code and numbers, worded
    /// `"{name} {problem}"`).
    pub fn refuse(&mut self, name: &str, problem: ValueError) {
        self.errors.push(problem.field_error(name));
    }

    /// Record a field error as it is.
    pub fn push(&mut self, error: FieldError) {
        self.errors.push(error);
    }

    /// The value of `result`, or its [`ValueError`] recorded under `field` (its code and
    /// numbers, worded `"{field} {problem}"`).
    pub fn value<T>(&mut self, field: &str, result: Result<T, ValueError>) -> Option<T> {
        result.map_err(|e| self.errors.push(e.field_error(field))).ok()
    }

    /// As [`Fields::value`], worded by `message` (a form's own wording of the problem).
    pub fn value_with<T>(
        &mut self,
        field: &str,
        result: Result<T, ValueError>,
        message: impl FnOnce(&ValueError) -> String,
    ) -> Option<T> {
        result.map_err(|e| self.errors.push(e.field_error_with(field, message(&e)))).ok()
    }

    /// A required field of the body read as a value type (`f.parse::<Email>("email")`):
    /// absent, of the wrong JSON type or refused by the type's rule, recorded; `None` then.
    pub fn parse<T: Parse>(&mut self, name: &str) -> Option<T> {
        let Some(raw) = self.raw(name) else {
            self.error_coded(name, crate::codes::FIELD_BLANK, format!("{name} is required"));
            return None;
        };
        match T::Raw::deserialize(raw) {
            Ok(raw) => self.value(name, T::parse_raw(raw)),
            Err(_) => {
                self.refuse(name, T::WRONG_TYPE);
                None
            }
        }
    }

    /// Whether no problem was found.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The problems found so far.
    pub fn errors(&self) -> &[FieldError] {
        &self.errors
    }

    /// The problems found, for a caller that answers them itself.
    pub fn into_errors(self) -> Vec<FieldError> {
        self.errors
    }

    /// Whether the field has no problem so far.
    pub fn is_ok(&self, name: &str) -> bool {
        !self.errors.iter().any(|e| e.field == name)
    }

    /// `422` with every problem, or `Ok` when there is none.
    pub fn finish(self) -> Result<(), ApiError> {
        let message = self.errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ");
        self.finish_with(&message)
    }

    /// [`Fields::finish`], with `message` as the answer's message.
    pub fn finish_with(self, message: &str) -> Result<(), ApiError> {
        if self.errors.is_empty() {
            return Ok(());
        }
        Err(ApiError::Validation { message: message.to_string(), errors: self.errors })
    }

    /// The whole body as a `T` (serde: its fields' value types parse themselves), every
    /// refused field recorded under its path (`title`, `content[0].name`) with its code:
    /// a refused field is left out and the body read again, so one answer lists every
    /// field's problem, not only the first serde met. `None` when the body cannot be
    /// read even so (a required field of `T` refused: keep such fields `Option`s and let
    /// the check after say they are missing).
    pub fn deserialize<T: DeserializeOwned>(&mut self) -> Option<T> {
        let mut body = self.body.clone();
        loop {
            let error = match crate::json::from_value(Value::Object(body.clone())) {
                Ok(value) => return Some(value),
                Err(error) => error,
            };
            let field = match error.kind() {
                ApiError::Validation { errors, .. } => errors.first().map(|e| e.field.clone()),
                _ => None,
            };
            self.absorb::<()>(Err(error));
            let top = field.as_deref().map(|f| f.split(['.', '[']).next().unwrap_or(f));
            if top.is_none_or(|name| body.remove(name).is_none()) {
                return None;
            }
        }
    }

    /// The body read as a `B` (serde) and checked by `check` into a `T`, every problem of
    /// either step recorded; a placeholder `T` then (never written: the save refuses it).
    pub fn parse_with<B: DeserializeOwned, T: Default>(&mut self, check: impl FnOnce(B) -> Result<T, ApiError>) -> T {
        self.parse_beside(|body, _| check(body))
    }

    /// [`Fields::parse_with`], the check told which fields serde refused (and left out).
    pub fn parse_beside<B: DeserializeOwned, T: Default>(
        &mut self,
        check: impl FnOnce(B, &[String]) -> Result<T, ApiError>,
    ) -> T {
        let Some(body) = self.deserialize::<B>() else { return T::default() };
        let refused: Vec<String> = self.errors.iter().map(|e| e.field.clone()).collect();
        let checked = check(body, &refused);
        if refused.is_empty() {
            return self.absorb(checked).unwrap_or_default();
        }
        // Beside values serde refused, only the problems of fields the body sent: one it
        // left out (a required name) is said once the body's values are right.
        let sent_body = self.body;
        let sent = |field: &str| sent_body.contains_key(field.split(['.', '[']).next().unwrap_or(field));
        if let Err(error) = checked {
            if let ApiError::Validation { errors, .. } = error.kind() {
                let kept: Vec<FieldError> = errors.iter().filter(|e| sent(&e.field)).cloned().collect();
                for e in kept {
                    if self.is_ok(&e.field) {
                        self.errors.push(e);
                    }
                }
            } else {
                self.absorb::<()>(Err(error));
            }
            return T::default();
        }
        self.absorb(checked).unwrap_or_default()
    }

    /// The value of `result`, or its field errors recorded (another error is recorded
    /// under `body`); `None` then. A field that has a problem already keeps that one.
    pub fn absorb<T>(&mut self, result: Result<T, ApiError>) -> Option<T> {
        let error = match result {
            Ok(value) => return Some(value),
            Err(error) => error,
        };
        match error.kind() {
            ApiError::Validation { errors, message } if errors.is_empty() => {
                self.error_coded("body", crate::codes::FIELD_INVALID, message.clone());
            }
            ApiError::Validation { errors, .. } => {
                for e in errors {
                    if self.is_ok(&e.field) {
                        self.errors.push(e.clone());
                    }
                }
            }
            other => self.error_coded("body", crate::codes::FIELD_INVALID, other.to_string()),
        }
        None
    }

    /// A required text of 1 to `max` characters (trimmed).
    pub fn text(&mut self, name: &str, max: usize) -> String {
        let text = self.opt_text(name, max);
        if text.is_empty() && self.is_ok(name) {
            self.error_coded(name, crate::codes::FIELD_BLANK, format!("{name} is required"));
        }
        text
    }

    /// An optional text of at most `max` characters as sent (the document's `maxLength`),
    /// trimmed; empty when absent.
    pub fn opt_text(&mut self, name: &str, max: usize) -> String {
        match self.raw(name) {
            None => String::new(),
            Some(Value::String(s)) if s.chars().count() <= max => s.trim().to_string(),
            Some(Value::String(_)) => {
                self.push(
                    ValueError::TooLong { max }.field_error_with(name, format!("{name} is at most {max} characters")),
                );
                String::new()
            }
            Some(_) => {
                self.error_coded(name, crate::codes::FIELD_NOT_TEXT, format!("{name} must be text"));
                String::new()
            }
        }
    }

    /// A required whole number in `min..=max`.
    pub fn integer(&mut self, name: &str, min: i64, max: i64) -> i64 {
        match self.opt_integer(name, min, max) {
            Some(n) => n,
            None => {
                if self.is_ok(name) {
                    self.error_coded(name, crate::codes::FIELD_BLANK, format!("{name} is required"));
                }
                0
            }
        }
    }

    /// An optional whole number in `min..=max`.
    pub fn opt_integer(&mut self, name: &str, min: i64, max: i64) -> Option<i64> {
        let value = self.raw(name)?;
        let n = match value {
            Value::Number(n) => crate::json::whole_number(n),
            _ => None,
        };
        match n {
            Some(n) if (min..=max).contains(&n) => Some(n),
            Some(_) => {
                self.push(
                    ValueError::OutOfRange { min, max }
                        .field_error_with(name, format!("{name} must be from {min} to {max}")),
                );
                None
            }
            None => {
                self.error_coded(name, crate::codes::FIELD_NOT_INTEGER, format!("{name} must be a whole number"));
                None
            }
        }
    }

    /// A required id of another record: a positive whole number.
    pub fn id(&mut self, name: &str) -> i64 {
        self.integer(name, 1, i64::MAX)
    }

    /// A yes/no (`true`/`false`), `default` when absent.
    pub fn boolean(&mut self, name: &str, default: bool) -> bool {
        match self.raw(name) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.error_coded(name, crate::codes::FIELD_NOT_BOOLEAN, format!("{name} must be true or false"));
                default
            }
        }
    }

    /// An optional number in `min..=max` (coordinates; never money).
    pub fn opt_number(&mut self, name: &str, min: f64, max: f64) -> Option<f64> {
        let value = self.raw(name)?;
        let n = match value {
            Value::Number(n) => n.as_f64(),
            _ => None,
        };
        match n {
            Some(n) if n.is_finite() && (min..=max).contains(&n) => Some(n),
            _ => {
                self.error_coded(
                    name,
                    crate::codes::FIELD_NOT_NUMBER,
                    format!("{name} must be a number from {min} to {max}"),
                );
                None
            }
        }
    }

    /// An optional date `YYYY-MM-DD` (`null` or absent for none).
    pub fn opt_date(&mut self, name: &str) -> Option<NaiveDate> {
        match self.raw(name) {
            None => None,
            // chrono would skip spaces and take one-digit months; the document's `date` does not.
            Some(Value::String(s)) if s.len() != 10 || s.trim() != s => {
                self.error_coded(name, crate::codes::FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD"));
                None
            }
            Some(Value::String(s)) => match NaiveDate::parse_from_str(s, "%Y-%m-%d") {
                Ok(d) => Some(d),
                Err(_) => {
                    self.error_coded(name, crate::codes::FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD"));
                    None
                }
            },
            Some(_) => {
                self.error_coded(name, crate::codes::FIELD_NOT_DATE, format!("{name} must be a date YYYY-MM-DD"));
                None
            }
        }
    }

    /// A required date `YYYY-MM-DD`.
    pub fn date(&mut self, name: &str) -> NaiveDate {
        match self.opt_date(name) {
            Some(d) => d,
            None => {
                if self.is_ok(name) {
                    self.error_coded(name, crate::codes::FIELD_BLANK, format!("{name} is required"));
                }
                NaiveDate::default()
            }
        }
    }
}

#[cfg(test)]
mod tests;
