//! How content inputs read fields that may be absent, `null` or a value ([`nullable`]),
//! and yes/no fields ([`flag`]). (The body itself is `api_core::AppJson`, which
//! names the field of a value of the wrong type.)

use serde::{Deserialize, Deserializer};

/// For a field that may be absent (keep the stored value), `null` (clear it) or a
/// value: `#[serde(default, deserialize_with = "nullable")]` on `Option<Option<T>>`.
pub fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A yes/no field: `true` or `false` (as the API document says), `null` or absent for none.
pub fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    Option::<bool>::deserialize(deserializer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Input {
        #[serde(default, deserialize_with = "nullable")]
        valid_to: Option<Option<String>>,
        #[serde(default, deserialize_with = "flag")]
        active: Option<bool>,
    }

    #[test]
    fn absent_null_and_values_differ() {
        let absent: Input = serde_json::from_str("{}").unwrap();
        assert_eq!((absent.valid_to, absent.active), (None, None));
        let null: Input = serde_json::from_str(r#"{"valid_to": null, "active": true}"#).unwrap();
        assert_eq!((null.valid_to, null.active), (Some(None), Some(true)));
        let value: Input = serde_json::from_str(r#"{"valid_to": "x", "active": false}"#).unwrap();
        assert_eq!((value.valid_to, value.active), (Some(Some("x".into())), Some(false)));
        // Only a JSON yes/no: a digit is refused as the document says.
        for digit in [r#"{"active": 1}"#, r#"{"active": 0}"#, r#"{"active": 2}"#] {
            assert!(serde_json::from_str::<Input>(digit).is_err(), "{digit}");
        }
    }
}
