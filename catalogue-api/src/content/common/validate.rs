//! Field rules shared by the content resources, in the API's one kit: each rule answers
//! `Ok(value)` or a [`ValueError`] (a stable code and the numbers it states);
//! `api_core::Fields` gathers every field's problem so a save answers all of them at once
//! (one `422` with one error per field).

use api_core::codes;
use api_core::time::parse_timestamp;
use api_core::values::ValueError;
use api_core::Fields;
use chrono::{DateTime, Utc};

/// Where a link may open (`nuxt-link` is the web's in-app link; the rest are anchor
/// targets).
pub const LINK_TARGETS: &[&str] = &["nuxt-link", "_self", "_blank", "_parent", "_top"];

/// The longest link.
pub const LINK_MAX: usize = 2000;

/// Refused: markup's brackets or control characters in plain text.
const NOT_PLAIN: ValueError = ValueError::invalid(codes::FIELD_BAD_CHARACTERS, "plain text, without < or >");
/// Refused: not a link the web may follow.
const NOT_A_LINK: ValueError = ValueError::invalid(codes::FIELD_INVALID, "a relative path or an http(s) URL");

/// `value` when it has at most `max` characters as sent.
fn at_most(value: &str, max: usize) -> Result<&str, ValueError> {
    if value.chars().count() > max {
        Err(ValueError::TooLong { max })
    } else {
        Ok(value)
    }
}

/// Free text of at most `max` characters as sent (several lines allowed, no markup),
/// stored trimmed.
pub fn plain_text(value: &str, max: usize) -> Result<String, ValueError> {
    let value = at_most(value, max)?.trim();
    if value.contains(['<', '>']) || value.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(NOT_PLAIN);
    }
    Ok(value.to_string())
}

/// HTML of at most `max` characters, sanitised (see [`super::html`]).
pub fn html(value: &str, max: usize) -> Result<String, ValueError> {
    Ok(super::html::sanitize_html(at_most(value, max)?.trim()))
}

/// A whole number in `min..=max`.
pub fn int_in(value: i64, min: i64, max: i64) -> Result<i64, ValueError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ValueError::OutOfRange { min, max })
    }
}

/// A link the web may follow: a relative path (`/order/ticket`, `regulamin`, `#top`) or
/// an absolute `http(s)` URL. Any other scheme (`javascript:`, `data:`, …), a
/// protocol-relative `//host`, backslashes, spaces and control characters are refused.
pub fn link(value: &str) -> Result<String, ValueError> {
    let value = at_most(value, LINK_MAX)?;
    if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return Err(NOT_A_LINK);
    }
    let lower = value.to_ascii_lowercase();
    let absolute = ["http://", "https://"].iter().find_map(|scheme| lower.strip_prefix(scheme));
    if let Some(rest) = absolute {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        return if host.is_empty() { Err(NOT_A_LINK) } else { Ok(value.to_string()) };
    }
    let before_path = value.split(['/', '?', '#']).next().unwrap_or("");
    if before_path.contains(':') || value.starts_with("//") {
        return Err(NOT_A_LINK);
    }
    Ok(value.to_string())
}

/// One of `choices`.
pub fn one_of(value: &str, choices: &[&str], what: &'static str) -> Result<String, ValueError> {
    if choices.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(ValueError::invalid(codes::FIELD_INVALID_CHOICE, what))
    }
}

/// One of [`LINK_TARGETS`].
pub fn link_target(value: &str) -> Result<String, ValueError> {
    one_of(value, LINK_TARGETS, "one of nuxt-link, _self, _blank, _parent, _top")
}

/// CSS class names: lowercase letters, digits, spaces, `_` and `-`, at most 200.
pub fn css_classes(value: &str) -> Result<String, ValueError> {
    let value = value.trim();
    if value.len() > 200 {
        return Err(ValueError::TooLong { max: 200 });
    }
    if value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, ' ' | '_' | '-')) {
        Ok(value.to_string())
    } else {
        Err(ValueError::invalid(codes::FIELD_BAD_CHARACTERS, "CSS classes (a-z, 0-9, spaces, _ and -)"))
    }
}

/// A moment: `YYYY-MM-DD HH:MM:SS` (Warsaw local time) or RFC 3339.
pub fn timestamp(value: &str) -> Result<DateTime<Utc>, ValueError> {
    parse_timestamp(value.trim())
        .ok_or(ValueError::invalid(codes::FIELD_INVALID, "a time (YYYY-MM-DD HH:MM:SS or RFC 3339)"))
}

/// Parses an optional `valid_from`/`valid_to` pair, recording problems under those names.
pub fn validity(
    errors: &mut Fields<'_>,
    from: Option<&str>,
    to: Option<&str>,
) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    let from = from.and_then(|v| errors.value("valid_from", timestamp(v)));
    let to = to.and_then(|v| errors.value("valid_to", timestamp(v)));
    if let (Some(f), Some(t)) = (from, to) {
        if f >= t {
            errors.error_coded("valid_to", codes::FIELD_OUT_OF_RANGE, "valid_to must be later than valid_from");
        }
    }
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_core::values::{Email, OrEmpty};

    /// An e-mail address or empty, as the company's settings take them.
    fn optional_email(value: &str) -> Result<String, ValueError> {
        OrEmpty::<Email>::text(value)
    }

    #[test]
    fn links_are_relative_paths_or_http_urls() {
        for ok in ["/", "/order/ticket?x=1#a", "regulamin", "#top", "https://pks.example", "HTTP://a.b/c", ""] {
            assert!(link(ok).is_ok(), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "java\tscript:alert(1)",
            " javascript:x",
            "data:text/html,x",
            "vbscript:x",
            "//evil.example",
            "/\\evil.example",
            "https://",
            "mailto:a@b.pl",
        ] {
            assert_eq!(link(bad).map_err(|e| e.code()), Err("field.invalid"), "{bad}");
        }
        assert_eq!(link(&"a".repeat(2001)), Err(ValueError::TooLong { max: 2000 }));
    }

    #[test]
    fn emails_css_classes_and_targets() {
        assert_eq!(optional_email(" biuro@pks.example "), Ok("biuro@pks.example".into()));
        assert_eq!(optional_email(""), Ok(String::new()));
        for bad in ["biuro", "a@b", "a b@c.pl", "@c.pl", "a@@c.pl", "a@c..pl", "a@c.pl, b@c.pl", "john😀@example.com"]
        {
            assert_eq!(optional_email(bad).map_err(|e| e.code()), Err("field.invalid_email"), "{bad}");
        }
        assert!(css_classes("bg-primary text_white p-2").is_ok());
        assert_eq!(css_classes("x\" onmouseover=\"y").map_err(|e| e.code()), Err("field.bad_characters"));
        assert!(css_classes("Bg").is_err());
        assert!(link_target("nuxt-link").is_ok());
        assert_eq!(link_target("evil").map_err(|e| e.code()), Err("field.invalid_choice"));
    }

    #[test]
    fn text_rules() {
        assert_eq!(plain_text(" 1234567890", 10), Err(ValueError::TooLong { max: 10 }));
        // 254 characters; the mailer takes labels of at most 63.
        let longest = format!("{}@{}.{}.{}.pl", "a".repeat(61), "b".repeat(63), "c".repeat(63), "d".repeat(61));
        assert!(optional_email(&longest).is_ok());
        assert_eq!(optional_email(&format!(" {longest}")), Err(ValueError::TooLong { max: 254 }));
        assert!(plain_text("a\nb", 10).is_ok());
        assert_eq!(plain_text("a<b", 10).map_err(|e| e.code()), Err("field.bad_characters"));
        assert_eq!(int_in(5, 0, 100), Ok(5));
        assert_eq!(int_in(101, 0, 100), Err(ValueError::OutOfRange { min: 0, max: 100 }));
    }

    #[test]
    fn validity_needs_from_before_to() {
        let mut errors = Fields::default();
        let (from, to) = validity(&mut errors, Some("2026-01-01 00:00:00"), Some("2026-02-01 00:00:00"));
        assert!(from.is_some() && to.is_some() && errors.is_empty());
        validity(&mut errors, Some("2026-02-01 00:00:00"), Some("2026-01-01 00:00:00"));
        validity(&mut errors, Some("soon"), None);
        let found: Vec<_> = errors.errors().iter().map(|e| (e.field.as_str(), e.code)).collect();
        assert_eq!(found, [("valid_to", "field.out_of_range"), ("valid_from", "field.invalid")]);
    }
}
