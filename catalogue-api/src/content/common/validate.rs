//! Field rules shared by the content resources. Each rule answers `Ok(value)` or the
//! message to show next to the field; `api_core::Fields` gathers every field's problem so
//! a save answers all of them at once (one `422` with one error per field).

use api_core::time::parse_timestamp;
use api_core::values::{Email, OrEmpty, ValueError};
use api_core::Fields;
use chrono::{DateTime, Utc};

/// Where a link may open (`nuxt-link` is the web's in-app link; the rest are anchor
/// targets).
pub const LINK_TARGETS: &[&str] = &["nuxt-link", "_self", "_blank", "_parent", "_top"];

/// Free text of at most `max` characters as sent (several lines allowed, no markup),
/// stored trimmed.
pub fn plain_text(value: &str, max: usize) -> Result<String, String> {
    if value.chars().count() > max {
        return Err(format!("must have at most {max} characters"));
    }
    let value = value.trim();
    if value.contains(['<', '>']) {
        return Err("must be plain text, without < or >".into());
    }
    if value.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err("must not contain control characters".into());
    }
    Ok(value.to_string())
}

/// HTML of at most `max` characters, sanitised (see [`super::html`]).
pub fn html(value: &str, max: usize) -> Result<String, String> {
    if value.chars().count() > max {
        return Err(format!("must have at most {max} characters"));
    }
    Ok(super::html::sanitize_html(value.trim()))
}

/// An e-mail address (the API's one rule, [`Email`]), or an empty string (not set).
pub fn optional_email(value: &str) -> Result<String, String> {
    match OrEmpty::<Email>::parse(value) {
        Ok(email) => Ok(email.map(Email::into_string).unwrap_or_default()),
        Err(ValueError::TooLong { max }) => Err(format!("an e-mail address has at most {max} characters")),
        Err(_) => Err(format!("{:?} is not a valid e-mail address", value.trim())),
    }
}

/// A whole number in `min..=max`.
pub fn int_in(value: i64, min: i64, max: i64) -> Result<i64, String> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(format!("must be a whole number from {min} to {max}"))
    }
}

/// A link the web may follow: a relative path (`/order/ticket`, `regulamin`, `#top`) or
/// an absolute `http(s)` URL. Any other scheme (`javascript:`, `data:`, …), a
/// protocol-relative `//host`, backslashes, spaces and control characters are refused.
pub fn link(value: &str) -> Result<String, String> {
    if value.chars().count() > 2000 {
        return Err("must have at most 2000 characters".into());
    }
    if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return Err("must not contain spaces, backslashes or control characters".into());
    }
    let lower = value.to_ascii_lowercase();
    let absolute = ["http://", "https://"].iter().find_map(|scheme| lower.strip_prefix(scheme));
    if let Some(rest) = absolute {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        return if host.is_empty() { Err("the URL has no host".into()) } else { Ok(value.to_string()) };
    }
    let before_path = value.split(['/', '?', '#']).next().unwrap_or("");
    if before_path.contains(':') {
        return Err("must be a relative path or an http(s) URL".into());
    }
    if value.starts_with("//") {
        return Err("must be a relative path or an http(s) URL, not //host".into());
    }
    Ok(value.to_string())
}

/// One of [`LINK_TARGETS`].
pub fn link_target(value: &str) -> Result<String, String> {
    if LINK_TARGETS.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(format!("must be one of {}", LINK_TARGETS.join(", ")))
    }
}

/// CSS class names: lowercase letters, digits, spaces, `_` and `-`, at most 200.
pub fn css_classes(value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.len() > 200 {
        return Err("must have at most 200 characters".into());
    }
    if value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, ' ' | '_' | '-')) {
        Ok(value.to_string())
    } else {
        Err("may contain only a-z, 0-9, spaces, _ and -".into())
    }
}

/// A moment: `YYYY-MM-DD HH:MM:SS` (Warsaw local time) or RFC 3339.
pub fn timestamp(value: &str) -> Result<DateTime<Utc>, String> {
    parse_timestamp(value.trim()).ok_or_else(|| format!("{value:?} is not a time (YYYY-MM-DD HH:MM:SS or RFC 3339)"))
}

/// Parses an optional `valid_from`/`valid_to` pair, recording problems under those names.
pub fn validity(
    errors: &mut Fields<'_>,
    from: Option<&str>,
    to: Option<&str>,
) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    let from = from.and_then(|v| errors.check("valid_from", timestamp(v)));
    let to = to.and_then(|v| errors.check("valid_to", timestamp(v)));
    if let (Some(f), Some(t)) = (from, to) {
        if f >= t {
            errors.error("valid_to", "must be later than valid_from");
        }
    }
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(link(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn emails_css_classes_and_targets() {
        assert_eq!(optional_email(" biuro@pks.example "), Ok("biuro@pks.example".into()));
        assert_eq!(optional_email(""), Ok(String::new()));
        for bad in ["biuro", "a@b", "a b@c.pl", "@c.pl", "a@@c.pl", "a@c..pl", "a@c.pl, b@c.pl", "john😀@example.com"]
        {
            assert!(optional_email(bad).is_err(), "{bad}");
        }
        assert!(css_classes("bg-primary text_white p-2").is_ok());
        assert!(css_classes("x\" onmouseover=\"y").is_err());
        assert!(css_classes("Bg").is_err());
        assert!(link_target("nuxt-link").is_ok());
        assert!(link_target("evil").is_err());
    }

    #[test]
    fn text_rules() {
        assert!(plain_text(" 1234567890", 10).is_err());
        // 254 characters; the mailer takes labels of at most 63.
        let longest = format!("{}@{}.{}.{}.pl", "a".repeat(61), "b".repeat(63), "c".repeat(63), "d".repeat(61));
        assert!(optional_email(&longest).is_ok());
        assert!(optional_email(&format!(" {longest}")).is_err());
        assert!(plain_text("a\nb", 10).is_ok());
        assert_eq!(int_in(5, 0, 100), Ok(5));
        assert!(int_in(101, 0, 100).is_err());
    }

    #[test]
    fn validity_needs_from_before_to() {
        let mut errors = Fields::default();
        let (from, to) = validity(&mut errors, Some("2026-01-01 00:00:00"), Some("2026-02-01 00:00:00"));
        assert!(from.is_some() && to.is_some() && errors.is_empty());
        validity(&mut errors, Some("2026-02-01 00:00:00"), Some("2026-01-01 00:00:00"));
        validity(&mut errors, Some("soon"), None);
        assert_eq!(errors.errors().iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["valid_to", "valid_from"]);
    }
}
