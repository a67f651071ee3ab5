//! A banner as stored and shown, and the rules a save must pass.

use crate::content::common::plain_line::{PlainLine, PlainLineOrEmpty};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, safe_link, sanitize_html};
use crate::content::common::input::nullable;
use crate::content::common::lang::Lang;
use crate::content::common::validate::{self, LINK_TARGETS};
use api_core::Fields;

/// A promo banner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Banner {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub text: String,
    /// The English title; empty: not translated (an English read shows `title`).
    pub title_en: String,
    /// The English text (sanitised HTML); empty: not translated.
    pub text_en: String,
    /// A relative path or an http(s) URL; empty for none.
    pub link: String,
    /// `nuxt-link` (in-app) or an anchor target (`_self`, `_blank`, …).
    pub link_target: String,
    /// CSS classes of the strip.
    pub bg_class: String,
    pub text_class: String,
    /// Seconds a closed banner stays hidden.
    pub refresh_time: i32,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub sort_order: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const COLUMNS: &str =
    "id, title, text, title_en, text_en, link, link_target, bg_class, text_class, refresh_time, valid_from, \
    valid_to, sort_order, created_at, updated_at";

impl Banner {
    /// As shown: HTML sanitised again, unsafe links and class names dropped, whatever
    /// the row holds.
    pub fn cleaned(mut self) -> Self {
        self.title = plain_text(&self.title);
        self.text = sanitize_html(&self.text);
        self.title_en = plain_text(&self.title_en);
        self.text_en = sanitize_html(&self.text_en);
        self.link = safe_link(&self.link);
        if !LINK_TARGETS.contains(&self.link_target.as_str()) {
            self.link_target = "_self".into();
        }
        self.bg_class = validate::css_classes(&self.bg_class).unwrap_or_default();
        self.text_class = validate::css_classes(&self.text_class).unwrap_or_default();
        self
    }

    /// `cleaned`, with `title` and `text` in `lang` ([`Lang::pick`]); the `_en` fields
    /// stay as written.
    pub fn localized(self, lang: Lang) -> Self {
        let mut banner = self.cleaned();
        banner.title = lang.pick(std::mem::take(&mut banner.title), banner.title_en.clone());
        banner.text = lang.pick(std::mem::take(&mut banner.text), banner.text_en.clone());
        banner
    }
}

/// Where a banner's link opens.
#[derive(ToSchema)]
#[allow(dead_code)] // a name for the document only
pub enum LinkTarget {
    #[schema(rename = "nuxt-link")]
    NuxtLink,
    #[schema(rename = "_self")]
    Zelf,
    #[schema(rename = "_blank")]
    Blank,
    #[schema(rename = "_parent")]
    Parent,
    #[schema(rename = "_top")]
    Top,
}

/// What a client sends to save a banner; on update absent fields keep their value and
/// `null` clears `valid_from`/`valid_to`. `title` is required on create; an empty
/// `title_en` is "not translated".
/// (A plain-line field's description is its type's, inlined so that the field states its
/// `maxLength`: its comments here are for the reader.)
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BannerInput {
    // Required on create.
    #[schema(value_type = PlainLine<200>, inline, required = false)]
    pub title: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 5000)]
    pub text: Option<String>,
    // Empty: not translated.
    #[schema(value_type = PlainLineOrEmpty<200>, inline, required = false)]
    pub title_en: Option<String>,
    /// HTML; sanitised. Empty: not translated.
    #[schema(max_length = 5000)]
    pub text_en: Option<String>,
    /// A relative path (`/order/ticket`, `regulamin`, `#top`) or an `http(s)` URL.
    #[schema(
        max_length = 2000,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([hH][tT][tT][pP][sS]?://[^/?#\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\\\\\u0000-\\u001f\\u007f-\\u009f]+[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\\\\\u0000-\\u001f\\u007f-\\u009f]*|(?![hH][tT][tT][pP][sS]?://)(?!//)[^:/?#\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\\\\\u0000-\\u001f\\u007f-\\u009f]*([/?#][^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\\\\\u0000-\\u001f\\u007f-\\u009f]*)?)[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub link: Option<String>,
    /// `nuxt-link` (the web's in-app link), `_self`, `_blank`, `_parent` or `_top`.
    #[schema(value_type = Option<LinkTarget>)]
    pub link_target: Option<String>,
    /// CSS classes: `a-z`, `0-9`, spaces, `_` and `-`.
    #[schema(
        max_length = 200,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[a-z0-9 _-]*[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub bg_class: Option<String>,
    #[schema(
        max_length = 200,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[a-z0-9 _-]*[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub text_class: Option<String>,
    /// Seconds a closed banner stays hidden.
    #[schema(minimum = 0, maximum = 2_147_483_647)]
    pub refresh_time: Option<i64>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_from: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_to: Option<Option<String>>,
    #[schema(minimum = -1_000_000, maximum = 1_000_000)]
    pub sort_order: Option<i64>,
}

/// A checked banner, ready to store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BannerDraft {
    pub title: String,
    pub text: String,
    pub title_en: String,
    pub text_en: String,
    pub link: String,
    pub link_target: String,
    pub bg_class: String,
    pub text_class: String,
    pub refresh_time: i32,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub sort_order: i32,
}

impl BannerInput {
    /// Check every field; all problems at once. (An update is the stored banner with
    /// the body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<BannerDraft, ApiError> {
        let mut e = Fields::default();
        let title = self.title.unwrap_or_default();
        let text = self.text.unwrap_or_default();
        let title_en = self.title_en.unwrap_or_default();
        let text_en = self.text_en.unwrap_or_default();
        let link = self.link.unwrap_or_default();
        let link_target = self.link_target.unwrap_or_else(|| "_self".to_string());
        let bg_class = self.bg_class.unwrap_or_default();
        let text_class = self.text_class.unwrap_or_default();
        let refresh_time = self.refresh_time.unwrap_or(0);
        let sort_order = self.sort_order.unwrap_or(0);
        let (from, to) = (self.valid_from.flatten(), self.valid_to.flatten());
        let (valid_from, valid_to) = validate::validity(&mut e, from.as_deref(), to.as_deref());
        // A refused field leaves its default here; `finish` then answers the `422`.
        let draft = BannerDraft {
            title: e.check("title", PlainLine::<200>::parse(&title).map(String::from)).unwrap_or_default(),
            text: e.check("text", validate::html(&text, 5_000)).unwrap_or_default(),
            title_en: e
                .check("title_en", PlainLineOrEmpty::<200>::parse(&title_en).map(String::from))
                .unwrap_or_default(),
            text_en: e.check("text_en", validate::html(&text_en, 5_000)).unwrap_or_default(),
            link: e.check("link", validate::link(link.trim())).unwrap_or_default(),
            link_target: e.check("link_target", validate::link_target(link_target.trim())).unwrap_or_default(),
            bg_class: e.check("bg_class", validate::css_classes(&bg_class)).unwrap_or_default(),
            text_class: e.check("text_class", validate::css_classes(&text_class)).unwrap_or_default(),
            refresh_time: e
                .check("refresh_time", validate::int_in(refresh_time, 0, i64::from(i32::MAX)))
                .and_then(|r| i32::try_from(r).ok())
                .unwrap_or_default(),
            valid_from,
            valid_to,
            sort_order: e
                .check("sort_order", validate::int_in(sort_order, -1_000_000, 1_000_000))
                .and_then(|s| i32::try_from(s).ok())
                .unwrap_or_default(),
        };
        e.finish()?;
        Ok(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn banner(title_en: &str, text_en: &str) -> Banner {
        Banner {
            id: 1,
            title: "Kup bilet".into(),
            text: "<p>Bez kolejki</p>".into(),
            title_en: title_en.into(),
            text_en: text_en.into(),
            link: String::new(),
            link_target: "_self".into(),
            bg_class: String::new(),
            text_class: String::new(),
            refresh_time: 0,
            valid_from: None,
            valid_to: None,
            sort_order: 0,
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn english_falls_back_to_polish_field_by_field() {
        let b = banner("Buy a ticket", "").localized(Lang::En);
        assert_eq!((b.title.as_str(), b.text.as_str()), ("Buy a ticket", "<p>Bez kolejki</p>"));
        assert_eq!((b.title_en.as_str(), b.text_en.as_str()), ("Buy a ticket", ""), "kept for the admin");
        let b = banner("", "<p>No queuing</p>").localized(Lang::En);
        assert_eq!((b.title.as_str(), b.text.as_str()), ("Kup bilet", "<p>No queuing</p>"));
        let b = banner("Buy a ticket", "<p>No queuing</p>").localized(Lang::Pl);
        assert_eq!((b.title.as_str(), b.text.as_str()), ("Kup bilet", "<p>Bez kolejki</p>"));
    }

    #[test]
    fn english_that_cleaning_empties_falls_back_too() {
        let b = banner("", "<script>alert(1)</script>").localized(Lang::En);
        assert_eq!((b.text.as_str(), b.text_en.as_str()), ("<p>Bez kolejki</p>", ""));
    }

    #[test]
    fn english_fields_may_be_empty_and_are_checked_like_the_polish() {
        let input = BannerInput { title: Some("Kup bilet".into()), ..Default::default() };
        let draft = input.parse().unwrap();
        assert_eq!((draft.title_en.as_str(), draft.text_en.as_str()), ("", ""));
        let input = BannerInput {
            title: Some("Kup bilet".into()),
            title_en: Some("x".repeat(201)),
            text_en: Some("<p>Hi<script>x()</script></p>".into()),
            ..Default::default()
        };
        let Err(ApiError::Validation { errors, .. }) = input.parse() else { panic!("should fail") };
        assert_eq!(errors.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["title_en"]);
        let input = BannerInput {
            title: Some("Kup bilet".into()),
            text_en: Some("<p>Hi<script>x()</script></p>".into()),
            ..Default::default()
        };
        assert_eq!(input.parse().unwrap().text_en, "<p>Hi</p>");
    }
}
