//! [`Money`]: an amount in grosz, as every amount the API takes is.

use std::borrow::Cow;

use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::ValueError;

/// An amount in grosz (1 zł = 100), a whole number from 0 to [`Money::MAX`]: never a
/// float, never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    /// The most one amount may be: 1 000 000 zł.
    pub const MAX: i64 = 100_000_000;

    /// `grosz` as an amount, or why it is none.
    pub fn new(grosz: i64) -> Result<Money, ValueError> {
        if (0..=Self::MAX).contains(&grosz) {
            Ok(Money(grosz))
        } else {
            Err(ValueError::OutOfRange { min: 0, max: Self::MAX })
        }
    }

    /// The amount in grosz.
    pub fn grosz(self) -> i64 {
        self.0
    }
}

impl std::fmt::Display for Money {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl serde::Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Money {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Money::new(i64::deserialize(d)?).map_err(|e| serde::de::Error::custom(e.tagged()))
    }
}

impl super::Parse for Money {
    type Raw = i64;
    const WRONG_TYPE: ValueError = ValueError::invalid(crate::codes::FIELD_NOT_INTEGER, "a whole number of grosz");
    fn parse_raw(raw: i64) -> Result<Self, ValueError> {
        Money::new(raw)
    }
}

impl PartialSchema for Money {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .description(Some("An amount in grosz (1 zł = 100)."))
            .minimum(Some(0))
            .maximum(Some(Self::MAX))
            .into()
    }
}

impl ToSchema for Money {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Money")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grosz_from_zero_to_the_most() {
        assert_eq!(Money::new(3950).unwrap().grosz(), 3950);
        assert_eq!(Money::new(-1), Err(ValueError::OutOfRange { min: 0, max: Money::MAX }));
        assert!(Money::new(Money::MAX + 1).is_err());
        assert!(serde_json::from_str::<Money>("39.5").is_err(), "never a float");
        let e = Money::new(-1).unwrap_err();
        assert_eq!(e.params(), [("min", 0), ("max", Money::MAX)]);
    }
}
