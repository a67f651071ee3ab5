//! How content inputs read fields that may be absent, `null` or a value ([`nullable`]),
//! and yes/no fields ([`flag`]), and a body's `null`s before a generic save
//! ([`nulls_as_absent`]). (The body itself is `api_core::AppJson`, which names the field
//! of a value of the wrong type.)

use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// `body` without the fields that are `null`, but for those in `nullable` (where `null`
/// clears the value). The banner and company inputs read `null` as absent, so on an
/// update it keeps the stored value; a generic save lays the body over the stored row
/// first, where a `null` would overwrite it instead.
pub fn nulls_as_absent(body: Value, nullable: &[&str]) -> Value {
    match body {
        Value::Object(mut fields) => {
            fields.retain(|name, value| !value.is_null() || nullable.contains(&name.as_str()));
            Value::Object(fields)
        }
        other => other,
    }
}

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
    fn nulls_are_dropped_but_where_they_clear_a_value() {
        let body = serde_json::json!({"title": null, "valid_to": null, "link": "x"});
        assert_eq!(nulls_as_absent(body, &["valid_to"]), serde_json::json!({"valid_to": null, "link": "x"}));
        assert_eq!(nulls_as_absent(serde_json::json!([null]), &[]), serde_json::json!([null]));
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
