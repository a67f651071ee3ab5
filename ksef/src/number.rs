//! The KSeF number (`faktury/numer-ksef.md`): `NIP-RRRRMMDD-XXXXXXXXXXXX-CC`, 35 characters,
//! `CC` the CRC-8 (polynomial 0x07, initial 0x00) of the first 32, in uppercase hex.

use chrono::NaiveDate;

/// A valid KSeF number (checked on construction: length, shape and CRC-8).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KsefNumber(String);

/// Why a string is not a KSeF number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KsefNumberError {
    #[error("a KSeF number has 35 characters, this one {0}")]
    Length(usize),
    #[error("a KSeF number is NIP-RRRRMMDD-XXXXXXXXXXXX-CC (digits, a date, uppercase hex)")]
    Shape,
    #[error("the KSeF number's checksum is {found}, its CRC-8 is {expected}")]
    Checksum { found: String, expected: String },
}

/// CRC-8, polynomial 0x07, initial value 0x00, no reflection, no final XOR (the document's parameters).
pub fn crc8(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0u8, |crc, &b| (0..8).fold(crc ^ b, |c, _| if c & 0x80 != 0 { (c << 1) ^ 0x07 } else { c << 1 }))
}

fn is_upper_hex(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b))
}

impl KsefNumber {
    /// Parses and validates a KSeF number.
    pub fn parse(s: &str) -> Result<Self, KsefNumberError> {
        if s.len() != 35 {
            return Err(KsefNumberError::Length(s.chars().count()));
        }
        let parts: Vec<&str> = s.split('-').collect();
        let [nip, date, tech, crc] = parts.as_slice() else {
            return Err(KsefNumberError::Shape);
        };
        let shape_ok = nip.len() == 10
            && nip.bytes().all(|b| b.is_ascii_digit())
            && date.len() == 8
            && NaiveDate::parse_from_str(date, "%Y%m%d").is_ok()
            && tech.len() == 12
            && is_upper_hex(tech)
            && crc.len() == 2
            && is_upper_hex(crc);
        if !shape_ok {
            return Err(KsefNumberError::Shape);
        }
        let expected = format!("{:02X}", crc8(&s.as_bytes()[..32]));
        if *crc != expected {
            return Err(KsefNumberError::Checksum { found: (*crc).to_owned(), expected });
        }
        Ok(Self(s.to_owned()))
    }

    /// Builds the number KSeF would give: the seller's NIP, the day of acceptance and a
    /// 12-digit technical part (uppercase hex), with its CRC-8. Used by the stand-in.
    pub fn build(nip: &str, date: NaiveDate, technical: &str) -> Result<Self, KsefNumberError> {
        let data = format!("{nip}-{}-{}", date.format("%Y%m%d"), technical.to_ascii_uppercase());
        if data.len() != 32 {
            return Err(KsefNumberError::Shape);
        }
        let crc = crc8(data.as_bytes());
        Self::parse(&format!("{data}-{crc:02X}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The seller's NIP (its first ten digits).
    pub fn nip(&self) -> &str {
        &self.0[..10]
    }
}

impl std::fmt::Display for KsefNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for KsefNumber {
    type Err = KsefNumberError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documents_example_validates() {
        let n = KsefNumber::parse("5265877635-20250826-0100001AF629-AF");
        assert_eq!(n.map(|n| n.nip().to_owned()), Ok("5265877635".to_owned()));
    }

    #[test]
    fn a_wrong_checksum_is_refused() {
        assert!(matches!(
            KsefNumber::parse("5265877635-20250826-0100001AF629-AE"),
            Err(KsefNumberError::Checksum { .. })
        ));
    }

    #[test]
    fn length_shape_and_case_are_checked() {
        assert_eq!(KsefNumber::parse("5265877635-20250826-0100001AF629"), Err(KsefNumberError::Length(32)));
        assert_eq!(KsefNumber::parse("5265877635-20250826-0100001af629-AF"), Err(KsefNumberError::Shape));
        assert_eq!(KsefNumber::parse("5265877635-20251326-0100001AF629-AF"), Err(KsefNumberError::Shape));
        assert_eq!(KsefNumber::parse("526587763X-20250826-0100001AF629-AF"), Err(KsefNumberError::Shape));
    }

    #[test]
    fn build_reproduces_the_documents_example() {
        let date = NaiveDate::from_ymd_opt(2025, 8, 26).map(|d| KsefNumber::build("5265877635", d, "0100001AF629"));
        assert_eq!(
            date.and_then(Result::ok).map(|n| n.as_str().to_owned()),
            Some("5265877635-20250826-0100001AF629-AF".to_owned())
        );
    }

    #[test]
    fn crc8_of_the_standard_check_string() {
        // CRC-8 (poly 0x07, init 0, "CRC-8/SMBUS") of "123456789" is 0xF4.
        assert_eq!(crc8(b"123456789"), 0xF4);
    }
}
