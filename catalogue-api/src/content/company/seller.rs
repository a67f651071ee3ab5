//! The seller an invoice names: the carrier's NIP and address (`0057_invoice_documents.sql`),
//! and the rules a save must pass. Every part may be empty, as for a company not set up
//! yet; what is given must be right. The command side copies them into each invoice
//! when it is issued (`command-api/src/settings.rs`).

use api_core::codes;
use api_core::values::polish::is_postal_code;
use api_core::values::{Nip, OrEmpty, PlainLine, Sent, ValueError};

/// The answer to a NIP that is not one (the order form's words for a buyer's NIP).
pub const NIP_MESSAGE: &str = "Please enter a valid NIP (10 digits).";
/// The answer to a Polish postal code that is not `NN-NNN`.
pub const POSTAL_CODE_MESSAGE: &str = "Please enter a postal code like 37-400.";
/// The most characters of a postal code.
pub const POSTAL_CODE_MAX: usize = 20;
/// The most characters of the address line and of the city.
pub const LINE_MAX: usize = 200;

/// A Polish NIP as people write it (`526-025-02-74`, `PL 5260250274`), stored as its ten
/// digits; empty (only whitespace) is "not set yet".
/// (Any problem, a length included, is "not a NIP": the form says so in [`NIP_MESSAGE`].)
pub fn tax_id(value: &Sent<OrEmpty<Nip>>) -> Result<String, ValueError> {
    value
        .parsed()
        .map(|nip| nip.as_ref().to_owned())
        .map_err(|_| ValueError::invalid(codes::FIELD_INVALID_VAT_NUMBER, "a valid NIP (10 digits)"))
}

/// A postal code: one plain line of at most [`POSTAL_CODE_MAX`] characters, or empty
/// (not set yet); [`postal_code_in`] then checks it against the country.
pub fn postal_code(value: &Sent<OrEmpty<PlainLine<POSTAL_CODE_MAX>>>) -> Result<String, ValueError> {
    value.parsed().map(|code| code.as_ref().to_owned()).map_err(Clone::clone)
}

/// `code` (as [`postal_code`] stored it) as a postal code in `country`: in Poland `NN-NNN`.
/// (The form words the refusal as [`POSTAL_CODE_MESSAGE`].)
pub fn postal_code_in(code: String, country: &str) -> Result<String, ValueError> {
    if country == "PL" && !code.is_empty() && !is_postal_code(&code) {
        return Err(ValueError::invalid(codes::FIELD_INVALID_POSTAL_CODE, "a Polish postal code (37-400)"));
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nip_is_stored_as_its_ten_digits() {
        for (sent, stored) in [
            ("5260250274", "5260250274"),
            ("526-025-02-74", "5260250274"),
            (" PL 526 025 02 74 ", "5260250274"),
            ("pl5260250274", "5260250274"),
            ("", ""),
            ("   ", ""),
        ] {
            assert_eq!(tax_id(&Sent::new(sent)), Ok(stored.to_string()), "{sent:?}");
        }
    }

    #[test]
    fn a_nip_with_a_wrong_checksum_or_shape_is_refused() {
        for bad in ["5260250275", "526025027", "52602502740", "DE5260250274", "526.025.02.74", "PL", "-"] {
            assert_eq!(tax_id(&Sent::new(bad)).map_err(|e| e.code()), Err(codes::FIELD_INVALID_VAT_NUMBER), "{bad:?}");
        }
        // Thirty-one characters, though the digits are right.
        assert!(tax_id(&Sent::new(format!("{}5260250274", " ".repeat(21)))).is_err());
    }

    #[test]
    fn a_polish_postal_code_is_nn_nnn_elsewhere_one_line() {
        let code = |value: &str, country: &str| postal_code(&Sent::new(value)).and_then(|v| postal_code_in(v, country));
        assert_eq!(code(" 37-400 ", "PL"), Ok("37-400".into()));
        assert_eq!(code("", "PL"), Ok(String::new()));
        assert_eq!(code("37400", "PL").map_err(|e| e.code()), Err(codes::FIELD_INVALID_POSTAL_CODE));
        assert_eq!(code("10115", "DE"), Ok("10115".into()));
        assert_eq!(code("SW1A 1AA", "GB"), Ok("SW1A 1AA".into()));
        assert!(code("<b>1</b>", "DE").is_err());
        assert!(code(&"1".repeat(21), "DE").is_err());
    }

    #[test]
    fn address_lines_are_plain_and_short() {
        // The address and the city are `OrEmpty<PlainLine<200>>` (`SettingsInput`).
        let line = OrEmpty::<PlainLine<LINE_MAX>>::text;
        assert_eq!(line(" ul. Kolejowa 1 "), Ok("ul. Kolejowa 1".into()));
        assert_eq!(line(""), Ok(String::new()));
        assert!(line("a\nb").is_err());
        assert!(line(&"a".repeat(201)).is_err());
    }
}
