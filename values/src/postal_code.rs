//! [`PostalCode`]: a Polish postal code. The check is `crate::polish::is_postal_code`.

use std::borrow::Cow;

use crate::polish::is_postal_code;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, trimmed, ws, ValueError};
use crate::codes;

/// A Polish postal code `NN-NNN` (`37-400`), trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PostalCode(String);

impl PostalCode {
    /// The longest it may be sent (surrounding whitespace included).
    pub const MAX: usize = 20;

    pub const PATTERN: &'static str = concat!("^", ws!(), "*[0-9]{2}-[0-9]{3}", ws!(), "*$");

    /// The code in `text` (trimmed), or why it is none.
    pub fn parse(text: &str) -> Result<PostalCode, ValueError> {
        let text = trimmed(text, Self::MAX)?;
        if is_postal_code(text) {
            Ok(PostalCode(text.to_owned()))
        } else {
            Err(ValueError::Invalid { code: codes::FIELD_INVALID_POSTAL_CODE, what: "a postal code like 37-400" })
        }
    }
}

text_value!(PostalCode);

impl PartialSchema for PostalCode {
    fn schema() -> RefOr<Schema> {
        text_schema("A Polish postal code `NN-NNN` (`37-400`).", Self::PATTERN, Self::MAX)
    }
}

impl ToSchema for PostalCode {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("PostalCode")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nn_dash_nnn() {
        assert_eq!(PostalCode::parse(" 37-400 ").unwrap().as_str(), "37-400");
        assert_eq!(PostalCode::parse("37400").unwrap_err().code(), "field.invalid_postal_code");
    }
}
