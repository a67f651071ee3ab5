//! Holds requests and answers to the Ministry's `open-api.json` (the copy in `ksef/api/`):
//! a small validator of the JSON Schema subset the document uses (`$ref`, `allOf`,
//! `nullable`, `type`, `required`, `properties`, `enum`, lengths, `pattern`, `minimum`,
//! `maximum`, `items`, `format` date-time and byte). Properties the document does not
//! name are errors: neither side may invent fields.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::Value;

pub struct OpenApi {
    doc: Value,
}

/// One request and its answer, as seen on the wire.
#[derive(Debug, Clone)]
pub struct Exchange {
    pub method: String,
    /// The path below the API's base (`/v2`), query included.
    pub path: String,
    pub authorization: bool,
    /// The request's `Accept` header.
    pub accept: Option<String>,
    pub request_body: Vec<u8>,
    pub status: u16,
    pub content_type: String,
    pub response_body: Vec<u8>,
}

impl OpenApi {
    pub fn load() -> Self {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/api/open-api.json");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        Self { doc: serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}")) }
    }

    /// The document's path template for a concrete path (literal segments win).
    fn template(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let paths = self.doc["paths"].as_object()?;
        paths
            .keys()
            .filter_map(|t| {
                let ts: Vec<&str> = t.trim_matches('/').split('/').collect();
                if ts.len() != segments.len() {
                    return None;
                }
                let mut literal = 0;
                for (a, b) in ts.iter().zip(&segments) {
                    if a.starts_with('{') {
                        continue;
                    }
                    if a != b {
                        return None;
                    }
                    literal += 1;
                }
                Some((literal, t.clone()))
            })
            .max()
            .map(|(_, t)| t)
    }

    /// Every way `exchange` departs from the document.
    pub fn check(&self, e: &Exchange) -> Vec<String> {
        let (path, query) = e.path.split_once('?').unwrap_or((&e.path, ""));
        let Some(template) = self.template(path) else {
            return vec![format!("{} {path}: no such path in open-api.json", e.method)];
        };
        let op = &self.doc["paths"][&template][e.method.to_lowercase()];
        if op.is_null() {
            return vec![format!("{} {template}: no such operation", e.method)];
        }
        let at = format!("{} {template}", e.method);
        let mut errors = Vec::new();
        if op.get("security").is_some() && !e.authorization {
            errors.push(format!("{at}: sent without the bearer token the document requires"));
        }
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let param =
                op["parameters"].as_array().and_then(|ps| ps.iter().find(|p| p["name"] == name && p["in"] == "query"));
            match param {
                None => errors.push(format!("{at}: query parameter {name} is not in the document")),
                Some(p) => {
                    let v = value.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::from(value));
                    self.validate(&v, &p["schema"], &format!("{at} ?{name}"), &mut errors);
                }
            }
        }
        let request_schema = &op["requestBody"]["content"]["application/json"]["schema"];
        match (e.request_body.is_empty(), request_schema.is_null()) {
            (true, true) => {}
            (true, false) => errors.push(format!("{at}: no request body, the document wants one")),
            (false, true) => errors.push(format!("{at}: a request body the document does not have")),
            (false, false) => match serde_json::from_slice::<Value>(&e.request_body) {
                Ok(v) => self.validate(&v, request_schema, &format!("{at} request"), &mut errors),
                Err(err) => errors.push(format!("{at}: request body is not JSON: {err}")),
            },
        }
        let response = &op["responses"][e.status.to_string()];
        if response.is_null() {
            errors.push(format!("{at}: status {} is not documented", e.status));
            return errors;
        }
        let Some(content) = response["content"].as_object() else {
            if !e.response_body.is_empty() {
                errors.push(format!("{at} {}: a body where the document has none", e.status));
            }
            return errors;
        };
        let Some(media) = content.get(&e.content_type) else {
            errors.push(format!("{at} {}: content type {:?} is not documented", e.status, e.content_type));
            return errors;
        };
        if e.content_type.ends_with("json") {
            match serde_json::from_slice::<Value>(&e.response_body) {
                Ok(v) => self.validate(&v, &media["schema"], &format!("{at} {}", e.status), &mut errors),
                Err(err) => errors.push(format!("{at}: answer is not JSON: {err}")),
            }
        }
        errors
    }

    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => r.trim_start_matches("#/").split('/').fold(&self.doc, |v, k| &v[k]),
            None => schema,
        }
    }

    pub fn validate(&self, v: &Value, schema: &Value, at: &str, errors: &mut Vec<String>) {
        let schema = self.resolve(schema);
        if v.is_null() && schema.get("nullable") == Some(&Value::Bool(true)) {
            return;
        }
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            for s in all {
                self.validate(v, s, at, errors);
            }
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array) {
            if !options.contains(v) {
                errors.push(format!("{at}: {v} is not one of {options:?}"));
            }
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => self.object(v, schema, at, errors),
            Some("array") => match v.as_array() {
                Some(items) => items
                    .iter()
                    .enumerate()
                    .for_each(|(i, item)| self.validate(item, &schema["items"], &format!("{at}[{i}]"), errors)),
                None => errors.push(format!("{at}: {v} is not an array")),
            },
            Some("string") => string(v, schema, at, errors),
            Some("integer") => match v.as_i64() {
                Some(n) => bounds(n as f64, schema, at, errors),
                None => errors.push(format!("{at}: {v} is not an integer")),
            },
            Some("number") => match v.as_f64() {
                Some(n) => bounds(n, schema, at, errors),
                None => errors.push(format!("{at}: {v} is not a number")),
            },
            Some("boolean") if !v.is_boolean() => errors.push(format!("{at}: {v} is not a boolean")),
            _ if v.is_null() && schema.get("allOf").is_none() && schema.get("type").is_some() => {
                errors.push(format!("{at}: null where the document does not allow it"))
            }
            _ => {}
        }
    }

    fn object(&self, v: &Value, schema: &Value, at: &str, errors: &mut Vec<String>) {
        let Some(object) = v.as_object() else {
            errors.push(format!("{at}: {v} is not an object"));
            return;
        };
        for name in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            if let Some(name) = name.as_str().filter(|n| !object.contains_key(*n)) {
                errors.push(format!("{at}: required {name} is missing"));
            }
        }
        let properties = schema.get("properties").and_then(Value::as_object);
        for (name, value) in object {
            match properties.and_then(|p| p.get(name)) {
                Some(s) => {
                    if value.is_null() && !self.nullable(s) {
                        errors.push(format!("{at}.{name}: null where the document does not allow it"));
                    } else if !value.is_null() {
                        self.validate(value, s, &format!("{at}.{name}"), errors);
                    }
                }
                None if schema.get("additionalProperties").is_some() => {
                    self.validate(value, &schema["additionalProperties"], &format!("{at}.{name}"), errors)
                }
                None if properties.is_some() => errors.push(format!("{at}: {name} is not in the document")),
                None => {}
            }
        }
    }

    fn nullable(&self, schema: &Value) -> bool {
        let s = self.resolve(schema);
        s.get("nullable") == Some(&Value::Bool(true))
    }
}

fn bounds(n: f64, schema: &Value, at: &str, errors: &mut Vec<String>) {
    if schema.get("minimum").and_then(Value::as_f64).is_some_and(|m| n < m) {
        errors.push(format!("{at}: {n} is below the minimum"));
    }
    if schema.get("maximum").and_then(Value::as_f64).is_some_and(|m| n > m) {
        errors.push(format!("{at}: {n} is above the maximum"));
    }
}

fn string(v: &Value, schema: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(s) = v.as_str() else {
        errors.push(format!("{at}: {v} is not a string"));
        return;
    };
    let len = s.chars().count() as u64;
    if schema.get("minLength").and_then(Value::as_u64).is_some_and(|m| len < m) {
        errors.push(format!("{at}: {s:?} is shorter than its minLength"));
    }
    if schema.get("maxLength").and_then(Value::as_u64).is_some_and(|m| len > m) {
        errors.push(format!("{at}: {s:?} is longer than its maxLength"));
    }
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
        match regex::Regex::new(pattern) {
            Ok(re) if !re.is_match(s) => errors.push(format!("{at}: {s:?} does not match {pattern}")),
            Ok(_) => {}
            Err(e) => errors.push(format!("{at}: the document's pattern does not compile: {e}")),
        }
    }
    match schema.get("format").and_then(Value::as_str) {
        Some("date-time") if chrono::DateTime::parse_from_rfc3339(s).is_err() => {
            errors.push(format!("{at}: {s:?} is not an RFC 3339 date-time"))
        }
        Some("byte") if STANDARD.decode(s).is_err() => errors.push(format!("{at}: {s:?} is not Base64")),
        _ => {}
    }
}
