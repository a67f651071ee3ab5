//! [`Nip`]: a Polish tax number. The check itself is `crate::polish::is_nip`, which
//! the e-invoice (`documents`) uses too.

use std::borrow::Cow;

use crate::polish::{is_nip, normalize_vat_number};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, text_value, trimmed, ws, ValueError};
use crate::codes;

/// A NIP, normalised to its ten digits: people write it `PL 526-025-02-74`; its check
/// digit must add up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nip(String);

impl Nip {
    /// The longest a NIP is written (`PL` and separators included).
    pub const MAX: usize = 30;

    /// The form as an ECMA-262 pattern (the check digit no pattern states).
    pub const PATTERN: &'static str =
        concat!("^", ws!(), "*(?:PL|pl)?[ \\-]*[1-9](?:[ \\-]*[0-9]){9}[ \\-]*", ws!(), "*$");

    /// The NIP in `text` (normalised), or why it is none.
    pub fn parse(text: &str) -> Result<Nip, ValueError> {
        let nip = normalize_vat_number(trimmed(text, Self::MAX)?);
        if is_nip(&nip) {
            Ok(Nip(nip))
        } else {
            Err(ValueError::Invalid { code: codes::FIELD_INVALID_VAT_NUMBER, what: "a valid NIP (10 digits)" })
        }
    }
}

text_value!(Nip);

impl PartialSchema for Nip {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A Polish NIP: ten digits whose check digit adds up, as written (`PL 526-025-02-74`); stored as the ten digits.",
            Self::PATTERN,
            Self::MAX,
        )
    }
}

impl ToSchema for Nip {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Nip")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nip_is_normalised_and_checked() {
        assert_eq!(Nip::parse(" PL 526-025-02-74 ").unwrap().as_str(), "5260250274");
        assert_eq!(Nip::parse("5260250275").unwrap_err().code(), "field.invalid_vat_number");
        assert_eq!(Nip::parse("  "), Err(ValueError::Blank));
    }
}
