//! A content page as stored and shown, and the rules a save must pass.

use crate::content::common::plain_line::{PlainLine, PlainLineOrEmpty};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, sanitize_html};
use crate::content::common::lang::Lang;
use crate::content::common::validate;
use api_core::Fields;

/// The page layouts the web knows.
pub const TEMPLATES: &[&str] = &["default", "wide", "narrow"];

/// First path segments the web's own screens use: a page there could never be reached.
pub const RESERVED_SLUGS: &[&str] = &[
    "api",
    "en",
    "search",
    "login",
    "register",
    "forgot",
    "confirm",
    "change-password",
    "old",
    "order",
    "user",
    "admin",
];

/// A content page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct ContentPage {
    pub id: i64,
    pub title: String,
    /// `[a-z0-9-]`, unique: the page is at `/{slug}`.
    pub slug: String,
    pub keywords: String,
    /// The main content (sanitised HTML).
    pub content: String,
    /// The side column (sanitised HTML).
    pub side_content: String,
    /// One of [`TEMPLATES`].
    pub template: String,
    /// The English versions; each empty one is not translated (an English read shows
    /// the Polish field instead).
    pub title_en: String,
    pub keywords_en: String,
    /// Sanitised HTML.
    pub content_en: String,
    /// Sanitised HTML.
    pub side_content_en: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const COLUMNS: &str = "id, title, slug, keywords, content, side_content, template, title_en, keywords_en, \
    content_en, side_content_en, created_at, updated_at";

impl ContentPage {
    /// As shown: HTML sanitised again and texts without markup, whatever the row holds.
    pub fn cleaned(mut self) -> Self {
        self.title = plain_text(&self.title);
        self.keywords = plain_text(&self.keywords);
        self.content = sanitize_html(&self.content);
        self.side_content = sanitize_html(&self.side_content);
        if !TEMPLATES.contains(&self.template.as_str()) {
            self.template = "default".into();
        }
        self.title_en = plain_text(&self.title_en);
        self.keywords_en = plain_text(&self.keywords_en);
        self.content_en = sanitize_html(&self.content_en);
        self.side_content_en = sanitize_html(&self.side_content_en);
        self
    }
}

/// What `get-content` answers (what `/{slug}` shows): the page's texts in one language,
/// without the other language's copy, which a visitor never needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PublicContentPage {
    pub id: i64,
    pub title: String,
    pub slug: String,
    pub keywords: String,
    /// Sanitised HTML.
    pub content: String,
    /// Sanitised HTML.
    pub side_content: String,
    pub template: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl PublicContentPage {
    /// `page` cleaned, each text in `lang` ([`Lang::pick`], field by field).
    pub fn new(page: ContentPage, lang: Lang) -> Self {
        let p = page.cleaned();
        PublicContentPage {
            id: p.id,
            title: lang.pick(p.title, p.title_en),
            slug: p.slug,
            keywords: lang.pick(p.keywords, p.keywords_en),
            content: lang.pick(p.content, p.content_en),
            side_content: lang.pick(p.side_content, p.side_content_en),
            template: p.template,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// What a client sends to save a page; on update absent fields keep their value. `title`
/// is required on create; an empty `title_en` or `keywords_en` is "not translated".
/// (A plain-line field's description is its type's, inlined so that the field states its
/// `maxLength`: its comments here are for the reader.)
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ContentPageInput {
    // Required on create.
    #[schema(value_type = PlainLine<200>, inline, required = false)]
    pub title: Option<String>,
    /// The page's address (`/{slug}`): unique, and not a path of the site itself.
    pub slug: Option<String>,
    #[schema(value_type = PlainLineOrEmpty<500>, inline, required = false)]
    pub keywords: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 200_000)]
    pub content: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 50_000)]
    pub side_content: Option<String>,
    /// `default`, `wide` or `narrow`.
    #[schema(pattern = "^(default|wide|narrow)$")]
    pub template: Option<String>,
    // The English versions, checked like their Polish twins; empty: not translated.
    #[schema(value_type = PlainLineOrEmpty<200>, inline, required = false)]
    pub title_en: Option<String>,
    #[schema(value_type = PlainLineOrEmpty<500>, inline, required = false)]
    pub keywords_en: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 200_000)]
    pub content_en: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 50_000)]
    pub side_content_en: Option<String>,
}

/// A checked page, ready to store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContentPageDraft {
    pub title: String,
    pub slug: String,
    pub keywords: String,
    pub content: String,
    pub side_content: String,
    pub template: String,
    pub title_en: String,
    pub keywords_en: String,
    pub content_en: String,
    pub side_content_en: String,
}

/// `[a-z0-9-]`, 1-100 characters, not all digits (ids are) and not a screen's path.
pub fn slug(value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.is_empty() || value.len() > 100 {
        return Err("must have 1 to 100 characters".into());
    }
    if !value.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err("may contain only a-z, 0-9 and -".into());
    }
    if value.chars().all(|c| c.is_ascii_digit()) {
        return Err("cannot be only digits".into());
    }
    if RESERVED_SLUGS.contains(&value) {
        return Err(format!("{value:?} is a path of the site itself"));
    }
    Ok(value.to_string())
}

impl ContentPageInput {
    /// Check every field; all problems at once. (An update is the stored page with the
    /// body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<ContentPageDraft, ApiError> {
        let mut e = Fields::default();
        let title = self.title.unwrap_or_default();
        let slug_text = self.slug.unwrap_or_default();
        let keywords = self.keywords.unwrap_or_default();
        let content = self.content.unwrap_or_default();
        let side_content = self.side_content.unwrap_or_default();
        let template = self.template.unwrap_or_else(|| "default".to_string());
        let title_en = self.title_en.unwrap_or_default();
        let keywords_en = self.keywords_en.unwrap_or_default();
        let content_en = self.content_en.unwrap_or_default();
        let side_content_en = self.side_content_en.unwrap_or_default();
        let draft = ContentPageDraft {
            title: e.check("title", PlainLine::<200>::parse(&title).map(String::from)).unwrap_or_default(),
            slug: e.check("slug", slug(&slug_text)).unwrap_or_default(),
            keywords: e
                .check("keywords", PlainLineOrEmpty::<500>::parse(&keywords).map(String::from))
                .unwrap_or_default(),
            content: e.check("content", validate::html(&content, 200_000)).unwrap_or_default(),
            side_content: e.check("side_content", validate::html(&side_content, 50_000)).unwrap_or_default(),
            template: e
                .check(
                    "template",
                    if TEMPLATES.contains(&template.as_str()) {
                        Ok(template)
                    } else {
                        Err(format!("must be one of {}", TEMPLATES.join(", ")))
                    },
                )
                .unwrap_or_default(),
            title_en: e
                .check("title_en", PlainLineOrEmpty::<200>::parse(&title_en).map(String::from))
                .unwrap_or_default(),
            keywords_en: e
                .check("keywords_en", PlainLineOrEmpty::<500>::parse(&keywords_en).map(String::from))
                .unwrap_or_default(),
            content_en: e.check("content_en", validate::html(&content_en, 200_000)).unwrap_or_default(),
            side_content_en: e.check("side_content_en", validate::html(&side_content_en, 50_000)).unwrap_or_default(),
        };
        e.finish()?;
        Ok(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        for ok in ["regulamin", "nisko-krakow-2026", "a"] {
            assert_eq!(slug(ok), Ok(ok.to_string()));
        }
        for bad in ["", "Regulamin", "o nas", "zażółć", "123", "admin", "a/b", &"a".repeat(101)] {
            assert!(slug(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_field_is_checked() {
        let input = ContentPageInput {
            title: Some(String::new()),
            slug: Some("Bad Slug".into()),
            keywords: Some("<b>".into()),
            template: Some("fancy".into()),
            ..Default::default()
        };
        let Err(ApiError::Validation { errors, .. }) = input.parse() else { panic!("should fail") };
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["title", "slug", "keywords", "template"]);
    }

    #[test]
    fn english_fields_may_be_empty_and_are_checked_like_the_polish() {
        let input = ContentPageInput {
            title: Some("Regulamin".into()),
            slug: Some("regulamin".into()),
            title_en: Some("<b>Terms</b>".into()),
            keywords_en: Some("x".repeat(501)),
            content_en: Some("x".repeat(200_001)),
            side_content_en: Some("x".repeat(50_001)),
            ..Default::default()
        };
        let Err(ApiError::Validation { errors, .. }) = input.parse() else { panic!("should fail") };
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["title_en", "keywords_en", "content_en", "side_content_en"]);
        let input =
            ContentPageInput { title: Some("Regulamin".into()), slug: Some("regulamin".into()), ..Default::default() };
        let draft = input.parse().unwrap();
        assert_eq!([draft.title_en, draft.keywords_en, draft.content_en, draft.side_content_en], ["", "", "", ""]);
    }

    #[test]
    fn a_public_page_is_in_one_language_falling_back_field_by_field() {
        let page = ContentPage {
            id: 1,
            title: "Regulamin".into(),
            slug: "regulamin".into(),
            keywords: "bilety".into(),
            content: "<p>Treść</p>".into(),
            side_content: "<p>Kontakt</p>".into(),
            template: "default".into(),
            title_en: "Terms".into(),
            keywords_en: String::new(),
            content_en: "<p>Text</p>".into(),
            side_content_en: " ".into(),
            created_at: DateTime::UNIX_EPOCH,
            updated_at: DateTime::UNIX_EPOCH,
        };
        let en = PublicContentPage::new(page.clone(), Lang::En);
        assert_eq!(
            [en.title.as_str(), &en.keywords, &en.content, &en.side_content],
            ["Terms", "bilety", "<p>Text</p>", "<p>Kontakt</p>"]
        );
        let pl = PublicContentPage::new(page, Lang::Pl);
        assert_eq!(
            [pl.title.as_str(), &pl.keywords, &pl.content, &pl.side_content],
            ["Regulamin", "bilety", "<p>Treść</p>", "<p>Kontakt</p>"]
        );
    }
}
