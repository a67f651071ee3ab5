//! The KSeF number (`faktury/numer-ksef.md`): `NIP-RRRRMMDD-XXXXXXXXXXXX-CC`, 35 characters,
//! `CC` the CRC-8 (polynomial 0x07, initial 0x00) of the first 32.

/// A valid KSeF number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KsefNumber(String);

impl KsefNumber {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
