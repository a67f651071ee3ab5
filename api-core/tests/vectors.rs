//! The shared value vectors (`testdata/value-vectors.json` at the repository's root): each valid
//! example parses with the server's value type (`api_core::values`), and each invalid one is
//! refused with the field-error code (and the numbers) the file names. The web's rules
//! (`web/src/shared/rules`) run on the same file in `web/src/shared/rules/vectors.test.ts`, so
//! the page refuses what the server refuses, and in the same words.

use std::collections::BTreeMap;

use api_core::values::{Email, Line, Nip, Phone, PostalCode, Text, ValueError};
use serde::Deserialize;

/// One example: its text (or the parts it is joined from), and for a refusal its code and numbers.
#[derive(Debug, Deserialize)]
struct Example {
    value: Value,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    params: BTreeMap<String, i64>,
}

/// A string, or parts joined: a string, or a string repeated `n` times.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Value {
    Text(String),
    Parts(Vec<Part>),
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Part {
    Text(String),
    Repeat(String, usize),
}

impl Value {
    fn text(&self) -> String {
        match self {
            Value::Text(text) => text.clone(),
            Value::Parts(parts) => parts
                .iter()
                .map(|part| match part {
                    Part::Text(text) => text.clone(),
                    Part::Repeat(text, n) => text.repeat(*n),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize)]
struct Vectors {
    valid: Vec<Example>,
    invalid: Vec<Example>,
}

fn vectors() -> BTreeMap<String, serde_json::Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/value-vectors.json");
    let text = std::fs::read_to_string(path).expect("testdata/value-vectors.json is readable");
    serde_json::from_str(&text).expect("testdata/value-vectors.json is JSON")
}

/// The examples of `value`, checked with `parse`; the disagreements, one line each.
fn check<T>(value: &str, parse: impl Fn(&str) -> Result<T, ValueError>) -> Vec<String> {
    let all = vectors();
    let entry = all.get(value).unwrap_or_else(|| panic!("the file has `{value}`"));
    let examples: Vectors = serde_json::from_value(entry.clone()).expect("valid and invalid examples");
    assert!(!examples.valid.is_empty() && !examples.invalid.is_empty(), "{value}: examples on both sides");
    let mut wrong = Vec::new();
    for example in &examples.valid {
        let text = example.value.text();
        if let Err(e) = parse(&text) {
            wrong.push(format!("{value}: {text:?} should be valid, the server says {} ({e})", e.code()));
        }
    }
    for example in &examples.invalid {
        let text = example.value.text();
        let want = example.code.as_deref().unwrap_or("(no code in the file)");
        match parse(&text) {
            Ok(_) => wrong.push(format!("{value}: {text:?} should be refused with {want}, the server takes it")),
            Err(e) => {
                let params: BTreeMap<String, i64> = e.params().into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
                let numbers_agree = example.params.iter().all(|(k, v)| params.get(k) == Some(v));
                if e.code() != want || !numbers_agree {
                    wrong.push(format!(
                        "{value}: {text:?} should be refused with {want} {:?}, the server says {} {params:?}",
                        example.params,
                        e.code()
                    ));
                }
            }
        }
    }
    wrong
}

#[test]
fn the_server_takes_and_refuses_what_the_vectors_say() {
    let wrong = [
        check("email", Email::parse),
        check("phone", Phone::parse),
        check("nip", Nip::parse),
        check("postal_code", PostalCode::parse),
        check("line100", Line::<100>::parse),
        check("text500", Text::<500>::parse),
    ]
    .concat();
    assert!(wrong.is_empty(), "the server disagrees with the vectors:\n{}", wrong.join("\n"));
}

#[test]
fn every_value_of_the_file_is_checked() {
    let checked = ["email", "phone", "nip", "postal_code", "line100", "text500"];
    let names: Vec<String> = vectors().into_keys().filter(|name| name != "about").collect();
    assert_eq!(names.len(), checked.len(), "{names:?}");
    assert!(names.iter().all(|name| checked.contains(&name.as_str())), "{names:?}");
}
