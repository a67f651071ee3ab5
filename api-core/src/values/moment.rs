//! [`Moment`]: a point in time as a request writes it: `YYYY-MM-DD HH:MM[:SS]` on Warsaw's
//! clock, or RFC 3339 with its offset (`2026-07-10T08:00:00+02:00`, `…Z`).

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::{text_schema, Parse, ValueError};
use crate::codes;

/// A moment, as an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Moment(DateTime<Utc>);

impl Moment {
    /// The longest a moment is written (nanoseconds, an offset and some whitespace).
    pub const MAX: usize = 64;

    /// Both forms as an ECMA-262 pattern (the calendar's days per month and the clock's
    /// spring gap are the parse's). Years 1000 to 8999: any offset keeps the instant a
    /// year of four digits, which RFC 3339 (and so every answer) can write.
    pub const PATTERN: &'static str = concat!(
        "^",
        values::ws_class!(),
        "*[1-8][0-9]{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])",
        "(?: (?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?",
        "|[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\\.[0-9]+)?(?:[Zz]|[+\\-](?:[01][0-9]|2[0-3]):[0-5][0-9]))",
        values::ws_class!(),
        "*$"
    );

    /// The moment in `text`, or why it is none.
    pub fn parse(text: &str) -> Result<Moment, ValueError> {
        const NOT: ValueError = ValueError::invalid(codes::FIELD_INVALID, "a time (YYYY-MM-DD HH:MM[:SS] or RFC 3339)");
        if text.chars().count() > Self::MAX {
            return Err(ValueError::TooLong { max: Self::MAX });
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(ValueError::Blank);
        }
        if !text.starts_with(|c: char| ('1'..='8').contains(&c)) {
            return Err(NOT);
        }
        if let Ok(t) = DateTime::parse_from_rfc3339(text) {
            return Ok(Moment(t.with_timezone(&Utc)));
        }
        // chrono's `%m`, `%H`… take one digit too; the document's form has two.
        let shape = "dddd-dd-dd dd:dd:dd";
        let text = if text.len() == 16 { format!("{text}:00") } else { text.to_owned() };
        let fits = text.len() == shape.len()
            && text.bytes().zip(shape.bytes()).all(|(c, s)| if s == b'd' { c.is_ascii_digit() } else { c == s });
        match fits.then(|| crate::time::parse_timestamp(&text)).flatten() {
            Some(t) => Ok(Moment(t)),
            None => Err(NOT),
        }
    }

    /// The instant.
    pub fn at(self) -> DateTime<Utc> {
        self.0
    }
}

impl From<Moment> for DateTime<Utc> {
    fn from(m: Moment) -> Self {
        m.0
    }
}

impl serde::Serialize for Moment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_rfc3339())
    }
}

impl<'de> serde::Deserialize<'de> for Moment {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Moment::parse(&text).map_err(|e| serde::de::Error::custom(e.tagged()))
    }
}

impl Parse for Moment {
    type Raw = String;
    fn parse_raw(raw: String) -> Result<Self, ValueError> {
        Moment::parse(&raw)
    }
}

impl PartialSchema for Moment {
    fn schema() -> RefOr<Schema> {
        text_schema(
            "A moment: `YYYY-MM-DD HH:MM[:SS]` on Warsaw's clock, or RFC 3339 with its offset (`2026-07-10T08:00:00+02:00`).",
            Self::PATTERN,
            Self::MAX,
        )
    }
}

impl ToSchema for Moment {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Moment")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warsaw_wall_clock_or_rfc_3339() {
        let summer = Moment::parse(" 2026-07-10 08:00:00 ").unwrap().at();
        assert_eq!(summer.to_rfc3339(), "2026-07-10T06:00:00+00:00");
        assert_eq!(Moment::parse("2026-07-10T08:00:00+02:00").unwrap().at(), summer);
        assert_eq!(Moment::parse("2026-07-10 08:00").unwrap().at(), summer);
        assert_eq!(Moment::parse("2026-07-10t06:00:00.5z").unwrap().at().timestamp(), summer.timestamp());
        assert_eq!(Moment::parse(""), Err(ValueError::Blank));
        for bad in [
            "2026-7-10 8:00:00",
            "2026-07-10",
            "soon",
            "2026-02-30 08:00:00",
            "2026-03-29 02:30:00",
            // An instant before year 0 or after 9999 in UTC, which no answer could write.
            "0000-01-01 00:00",
            "0000-01-01T00:00:00+01:00",
            "9999-12-31T23:59:00-01:00",
        ] {
            assert_eq!(Moment::parse(bad).unwrap_err().code(), "field.invalid", "{bad}");
        }
    }

    #[test]
    fn the_pattern_says_what_the_parse_takes() {
        let re = regex::Regex::new(Moment::PATTERN).expect("the pattern compiles");
        for input in [
            "2026-07-10 08:00:00",
            " 2026-07-10T08:00:00Z\n",
            "2026-07-10 08:00:00.25+02:00",
            "2026-07-10T08:00:00",
            "2026-7-10 08:00:00",
            "2026-07-10 8:00:00",
            "2026-07-10",
            "",
            "2026-07-10T08:00:00+2:00",
            "2026-07-10 08:00",
            "2026-07-10T08:00Z",
            "2026-07-10 08:00:",
            "0999-07-10 08:00",
            "9000-07-10 08:00",
            "8999-12-31T23:59:00-23:59",
        ] {
            assert_eq!(re.is_match(input), Moment::parse(input).is_ok(), "{input:?}");
        }
    }
}
