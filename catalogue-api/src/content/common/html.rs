//! Cleaning what admins write before anyone else reads it.
//!
//! HTML fields (page content and side content, banner text, footer texts) go through
//! [`sanitize_html`] when saved AND again when read: rows may come from fixtures, old
//! data or a hand-written `insert`, and the web renders these fields as HTML. Plain-text
//! fields (titles, names) are refused with `<`/`>` on save and stripped of any markup on
//! the way out ([`plain_text`]); links are checked by [`super::validate::link`] on save
//! and dropped on the way out when unsafe ([`safe_link`]).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use ammonia::Builder;

/// The elements an admin may use.
const ALLOWED_TAGS: &str = "p br hr strong b em i u s small span blockquote a ul ol li h2 h3 h4 img \
    table caption thead tbody tfoot tr th td";

/// The ordinary formatting an admin needs; everything else (scripts, styles, event
/// handlers, forms, iframes, `javascript:`/`data:` URLs) is removed.
static HTML: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    builder
        .tags(ALLOWED_TAGS.split_whitespace().collect())
        .generic_attributes(HashSet::from(["title"]))
        .tag_attributes(HashMap::from([
            ("a", HashSet::from(["href", "title", "target"])),
            ("img", HashSet::from(["src", "alt", "width", "height"])),
            ("th", HashSet::from(["colspan", "rowspan", "scope"])),
            ("td", HashSet::from(["colspan", "rowspan"])),
        ]))
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .link_rel(Some("noopener noreferrer"))
        .attribute_filter(|_element, attribute, value| match attribute {
            "target" if !matches!(value, "_blank" | "_self" | "_parent" | "_top") => None,
            _ => Some(Cow::Borrowed(value)),
        });
    builder
});

/// No tags at all: what is left of markup in a plain-text field.
static NO_TAGS: LazyLock<Builder<'static>> = LazyLock::new(Builder::empty);

/// `html` with only ordinary formatting left (see the module guide).
pub fn sanitize_html(html: &str) -> String {
    HTML.clean(html).to_string()
}

/// `text` without any markup, as text (not HTML-escaped: the web renders it as text).
///
/// Tags are removed with their attributes (and `script`/`style` with their content);
/// `&` and non-breaking spaces, which the HTML serialiser escapes, are given back. A `<`
/// or `>` that was text stays escaped, so no tag can come out of a plain-text field.
pub fn plain_text(text: &str) -> String {
    if !text.contains(['<', '>', '&']) {
        return text.to_string();
    }
    NO_TAGS.clean(text).to_string().replace("&nbsp;", "\u{a0}").replace("&amp;", "&")
}

/// `link` if it is a relative path or an http(s) URL, else an empty link.
pub fn safe_link(link: &str) -> String {
    if super::validate::link(link).is_ok() {
        link.to_string()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_handlers_and_javascript_urls_are_removed() {
        let dirty = r#"<p onclick="x()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">a</a><a href="JaVa&#x73;cript:alert(1)">b</a>"#;
        let clean = sanitize_html(dirty);
        assert_eq!(
            clean,
            r#"<p>Hi</p><img src="x"><a rel="noopener noreferrer">a</a><a rel="noopener noreferrer">b</a>"#
        );
    }

    #[test]
    fn ordinary_formatting_stays_and_links_get_a_safe_rel() {
        let html = r#"<h2>Rozkład</h2><p><strong>Nisko</strong> – <em>Kraków</em><br></p><ul><li>1</li></ul><a href="/regulamin" target="_blank" rel="opener">R</a>"#;
        assert_eq!(
            sanitize_html(html),
            r#"<h2>Rozkład</h2><p><strong>Nisko</strong> – <em>Kraków</em><br></p><ul><li>1</li></ul><a href="/regulamin" target="_blank" rel="noopener noreferrer">R</a>"#
        );
        assert_eq!(
            sanitize_html(r#"<a href="https://x.pl" target="evil">x</a>"#),
            r#"<a href="https://x.pl" rel="noopener noreferrer">x</a>"#
        );
        assert_eq!(
            sanitize_html("<table><tr><td colspan=\"2\">a</td></tr></table>"),
            "<table><tbody><tr><td colspan=\"2\">a</td></tr></tbody></table>"
        );
    }

    #[test]
    fn styles_iframes_and_data_urls_are_removed() {
        assert_eq!(sanitize_html("<style>p{}</style><iframe src=\"https://x\"></iframe>ok"), "ok");
        assert_eq!(sanitize_html("<img src=\"data:text/html;base64,xx\" alt=\"a\">"), "<img alt=\"a\">");
    }

    #[test]
    fn plain_text_keeps_text_and_drops_markup() {
        assert_eq!(plain_text("Nisko – Kraków & okolice"), "Nisko – Kraków & okolice");
        assert_eq!(plain_text("a &amp; b"), "a & b", "entities in text are read as text");
        assert_eq!(plain_text("<img src=x onerror=alert(1)>Promo<script>alert(1)</script>"), "Promo");
        assert_eq!(plain_text("&lt;script&gt;"), "&lt;script&gt;");
    }

    #[test]
    fn unsafe_links_become_empty() {
        assert_eq!(safe_link("/order/ticket"), "/order/ticket");
        assert_eq!(safe_link("https://pks.example/x?y=1"), "https://pks.example/x?y=1");
        assert_eq!(safe_link("javascript:alert(1)"), "");
        assert_eq!(safe_link(" javascript:alert(1)"), "");
    }
}
