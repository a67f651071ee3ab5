//! [`Country`]: a country's ISO 3166-1 code, as the invoices and the company carry it.

use std::borrow::Cow;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, trimmed, ws, ValueError};
use crate::codes;

/// Two capital letters (`PL`, `DE`), trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Country(String);

impl Country {
    /// The longest it may be sent (surrounding whitespace included).
    pub const MAX: usize = 10;

    pub const PATTERN: &'static str = concat!("^", ws!(), "*[A-Z]{2}", ws!(), "*$");

    /// Poland, the default of an invoice's buyer.
    pub fn poland() -> Country {
        Country("PL".to_owned())
    }

    /// The code in `text` (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<Country, ValueError> {
        let text = trimmed(text, Self::MAX)?;
        if text.len() == 2 && text.chars().all(|c| c.is_ascii_uppercase()) {
            Ok(Country(text.to_owned()))
        } else {
            Err(ValueError::Invalid {
                code: codes::FIELD_INVALID,
                what: "two capital letters, the country's code (PL)",
            })
        }
    }

    pub fn is_poland(&self) -> bool {
        self.0 == "PL"
    }
}

text_value!(Country);

impl PartialSchema for Country {
    fn schema() -> RefOr<Schema> {
        text_schema("The country: two capital letters (ISO 3166-1), `PL` for Poland.", Self::PATTERN, Self::MAX)
    }
}

impl ToSchema for Country {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Country")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_capital_letters() {
        assert_eq!(Country::parse(" PL ").unwrap().as_str(), "PL");
        assert!(Country::parse(" PL ").unwrap().is_poland());
        for bad in ["pl", "POL", "P", "P1", "ŁL"] {
            assert_eq!(Country::parse(bad).unwrap_err().code(), "field.invalid", "{bad}");
        }
        assert_eq!(Country::parse(" "), Err(ValueError::Blank));
        assert_eq!(Country::parse(&" ".repeat(11)), Err(ValueError::TooLong { max: 10 }));
    }
}
