//! The value types a request carries: the pure `values` crate (shared with the domain's
//! commands and events), re-exported here whole, with what only the edge adds: the
//! field error of a refusal ([`ToFieldError`]) and [`Moment`], a point in time as a
//! request writes it (on Warsaw's clock).

pub use ::values::*;

mod moment;

pub use moment::Moment;

use crate::FieldError;

/// A refusal as the field error of a 422: its code and the numbers it states.
pub trait ToFieldError {
    /// The error of `field` with `message`, this refusal's code and its numbers.
    fn field_error_with(&self, field: impl Into<String>, message: impl Into<String>) -> FieldError;

    /// The error of `field`, worded `"{field} {self}"` (`email is not an e-mail address`).
    fn field_error(&self, field: &str) -> FieldError;
}

impl ToFieldError for ValueError {
    fn field_error_with(&self, field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError::new(field, self.code(), message).with_params(self.params())
    }

    fn field_error(&self, field: &str) -> FieldError {
        self.field_error_with(field, format!("{field} {self}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_a_field_error_with_its_code_and_numbers() {
        let e = ValueError::TooLong { max: 120 }.field_error("title");
        assert_eq!((e.code, e.message.as_str()), ("field.too_long", "title must have at most 120 characters"));
        assert_eq!(e.params.unwrap().get("max"), Some(&120));
        let e = ValueError::OutOfRange { min: 1, max: 100 }.field_error("value");
        assert_eq!(e.params.unwrap().into_iter().collect::<Vec<_>>(), [("max", 100), ("min", 1)]);
        assert_eq!(ValueError::Blank.field_error("title").params, None);
        let e = ValueError::invalid(codes::FIELD_INVALID_CHOICE, "one of a, b").field_error_with("kind", "Pick one");
        assert_eq!((e.code, e.message.as_str()), ("field.invalid_choice", "Pick one"));
    }

    #[test]
    fn every_field_code_is_listed_among_the_apis_codes() {
        for code in codes::ALL {
            assert!(crate::codes::EDGE.iter().any(|c| c.code == *code), "{code}");
        }
    }
}
