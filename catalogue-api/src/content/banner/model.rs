//! A banner as stored and shown, and the rules a save must pass.

use api_core::values::{Moment, OrEmpty, PlainLine};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, safe_link, sanitize_html};
use crate::content::common::input::nullable;
use crate::content::common::lang::Lang;
use crate::content::common::validate::{self, LINK_TARGETS};
use crate::content::common::values::{CssClasses, Link};
use api_core::codes;
use api_core::values::ValueError;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
pub enum LinkTarget {
    #[serde(rename = "nuxt-link")]
    NuxtLink,
    #[serde(rename = "_self")]
    Zelf,
    #[serde(rename = "_blank")]
    Blank,
    #[serde(rename = "_parent")]
    Parent,
    #[serde(rename = "_top")]
    Top,
}

impl LinkTarget {
    /// As stored (one of `validate::LINK_TARGETS`).
    pub fn as_str(self) -> &'static str {
        match self {
            LinkTarget::NuxtLink => "nuxt-link",
            LinkTarget::Zelf => "_self",
            LinkTarget::Blank => "_blank",
            LinkTarget::Parent => "_parent",
            LinkTarget::Top => "_top",
        }
    }
}

/// What a client sends to save a banner; on update absent fields keep their value and
/// `null` clears `valid_from`/`valid_to`. `title` is required on create; an empty
/// `title_en` is "not translated". Each field is its value type, parsed by serde (the
/// schema is the type's).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BannerInput {
    /// Required on create.
    pub title: Option<PlainLine<200>>,
    /// HTML; sanitised.
    #[schema(max_length = 5000)]
    pub text: Option<String>,
    /// Empty: not translated.
    pub title_en: Option<OrEmpty<PlainLine<200>>>,
    /// HTML; sanitised. Empty: not translated.
    #[schema(max_length = 5000)]
    pub text_en: Option<String>,
    pub link: Option<Link>,
    /// `nuxt-link` (the web's in-app link), `_self`, `_blank`, `_parent` or `_top`.
    pub link_target: Option<LinkTarget>,
    pub bg_class: Option<CssClasses>,
    pub text_class: Option<CssClasses>,
    /// Seconds a closed banner stays hidden.
    #[schema(minimum = 0, maximum = 2_147_483_647)]
    pub refresh_time: Option<i64>,
    #[serde(default, deserialize_with = "nullable")]
    pub valid_from: Option<Option<Moment>>,
    #[serde(default, deserialize_with = "nullable")]
    pub valid_to: Option<Option<Moment>>,
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
        let title = e.value("title", self.title.ok_or(ValueError::Blank));
        let (from, to) = (self.valid_from.flatten().map(Moment::at), self.valid_to.flatten().map(Moment::at));
        if let (Some(f), Some(t)) = (from, to) {
            if f >= t {
                e.error_coded("valid_to", codes::FIELD_OUT_OF_RANGE, "valid_to must be later than valid_from");
            }
        }
        let html = |e: &mut Fields, name: &str, text: Option<String>| {
            e.value(name, validate::html(&text.unwrap_or_default(), 5_000)).unwrap_or_default()
        };
        // A refused field leaves its default here; `finish` then answers the `422`.
        let draft = BannerDraft {
            title: title.map(String::from).unwrap_or_default(),
            text: html(&mut e, "text", self.text),
            title_en: self.title_en.map(OrEmpty::into_text).unwrap_or_default(),
            text_en: html(&mut e, "text_en", self.text_en),
            link: self.link.map(Link::into_string).unwrap_or_default(),
            link_target: self.link_target.unwrap_or(LinkTarget::Zelf).as_str().to_owned(),
            bg_class: self.bg_class.map(CssClasses::into_string).unwrap_or_default(),
            text_class: self.text_class.map(CssClasses::into_string).unwrap_or_default(),
            refresh_time: e
                .value("refresh_time", validate::int_in(self.refresh_time.unwrap_or(0), 0, i64::from(i32::MAX)))
                .and_then(|r| i32::try_from(r).ok())
                .unwrap_or_default(),
            valid_from: from,
            valid_to: to,
            sort_order: e
                .value("sort_order", validate::int_in(self.sort_order.unwrap_or(0), -1_000_000, 1_000_000))
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
    fn a_banner_needs_a_title_and_times_that_are_times() {
        let Err(ApiError::Validation { errors, .. }) = BannerInput::default().parse() else { panic!("no title") };
        assert_eq!((errors[0].field.as_str(), errors[0].code), ("title", "field.blank"));
        for (body, field, code) in [
            (r#"{"title": " ", "valid_from": ""}"#, "title", "field.blank"),
            (r#"{"title": "x", "valid_from": ""}"#, "valid_from", "field.blank"),
            (r#"{"title": "x", "valid_to": "tomorrow"}"#, "valid_to", "field.invalid"),
            (r#"{"title": "x", "link": "javascript:x()"}"#, "link", "field.invalid"),
            (r#"{"title": "x", "link_target": "_evil"}"#, "link_target", "field.invalid_choice"),
        ] {
            let Err(ApiError::Validation { errors, .. }) = api_core::json_from_slice::<BannerInput>(body.as_bytes())
            else {
                panic!("{body} should fail")
            };
            assert_eq!((errors[0].field.as_str(), errors[0].code), (field, code), "{body}");
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
        let title = PlainLine::parse("Kup bilet").ok();
        let input = BannerInput { title: title.clone(), ..Default::default() };
        let draft = input.parse().unwrap();
        assert_eq!((draft.title_en.as_str(), draft.text_en.as_str()), ("", ""));
        let body = serde_json::json!({"title": "Kup bilet", "title_en": "x".repeat(201)}).to_string();
        let Err(ApiError::Validation { errors, .. }) = api_core::json_from_slice::<BannerInput>(body.as_bytes()) else {
            panic!("should fail")
        };
        let found: Vec<_> = errors.iter().map(|e| (e.field.as_str(), e.code, e.params.clone())).collect();
        assert_eq!(found, [("title_en", "field.too_long", Some([("max", 200)].into_iter().collect()))]);
        let input = BannerInput { title, text_en: Some("<p>Hi<script>x()</script></p>".into()), ..Default::default() };
        assert_eq!(input.parse().unwrap().text_en, "<p>Hi</p>");
    }
}
