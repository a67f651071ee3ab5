//! Polish formats, pure: the tax number (NIP) and the postal code `NN-NNN`. One rule
//! each, used by the value types (this crate), the seller's settings and
//! the e-invoice (`documents`), so a NIP the order form takes is one the invoice takes.

/// The digits of a NIP as people write it: `123-456-32-18`, `PL 1234563218` →
/// `1234563218` (surrounding whitespace, a `PL`/`pl` prefix, dashes and spaces dropped).
/// Whatever else it holds stays, so [`is_nip`] refuses it.
pub fn normalize_vat_number(vat: &str) -> String {
    let vat = vat.trim();
    let vat = vat.strip_prefix("PL").or_else(|| vat.strip_prefix("pl")).unwrap_or(vat);
    vat.chars().filter(|c| !matches!(c, '-' | ' ')).collect()
}

/// A Polish NIP in its normalised form: ten ASCII digits as the e-invoice schema's
/// pattern has them (no leading zero, not `x00` after the first), whose weighted sum
/// (6, 5, 7, 2, 3, 4, 5, 6, 7) modulo 11 is the tenth digit (a remainder of 10 is no
/// valid number).
pub fn is_nip(nip: &str) -> bool {
    const WEIGHTS: [u32; 9] = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    if nip.len() != 10 || !nip.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let digits: Vec<u32> = nip.bytes().map(|b| u32::from(b - b'0')).collect();
    if digits[0] == 0 || (digits[1] == 0 && digits[2] == 0) {
        return false;
    }
    let sum: u32 = digits.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    sum % 11 == digits[9]
}

/// A Polish postal code: `NN-NNN` (`37-400`), ASCII digits.
pub fn is_postal_code(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 6 && b[2] == b'-' && b.iter().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nip_checksum() {
        assert!(is_nip("5260250274"));
        assert!(is_nip("7010000005"));
        assert!(is_nip(&normalize_vat_number("PL 526-025-02-74")));
        assert!(!is_nip("5260250275"));
        assert!(!is_nip("7010000006"));
        assert!(!is_nip("526025027"));
        assert!(!is_nip("52602502a4"));
        assert!(!is_nip("52602502７4"), "a full-width digit is not a digit of a NIP");
    }

    #[test]
    fn a_nip_the_invoice_schema_refuses_is_no_nip() {
        // Both add up; the e-invoice's pattern refuses a leading zero and `x00…`.
        assert!(!is_nip("0260250277"));
        assert!(!is_nip("1000000006"));
    }

    #[test]
    fn a_remainder_of_ten_is_no_nip() {
        // 1,2,3,4,5,6,7,8,9 weighted: 6+10+21+8+15+24+35+48+63 = 230, 230 mod 11 = 10.
        for last in 0..=9 {
            assert!(!is_nip(&format!("123456789{last}")), "{last}");
        }
    }

    #[test]
    fn normalising_keeps_what_is_not_a_separator() {
        assert_eq!(normalize_vat_number("  pl526 025-02-74 "), "5260250274");
        assert_eq!(normalize_vat_number("526.025.02.74"), "526.025.02.74");
        assert!(!is_nip(&normalize_vat_number("DE5260250274")));
        assert!(!is_nip(&normalize_vat_number("５２６０２５０２７４")));
    }

    #[test]
    fn postal_codes() {
        assert!(is_postal_code("37-400"));
        for bad in ["37400", "37-40", "3-7400", "37-4000", "ab-cde", "37 400", "３７-４００"] {
            assert!(!is_postal_code(bad), "{bad}");
        }
    }
}
