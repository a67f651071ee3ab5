//! A content page as stored and shown, and the rules a save must pass.

use api_core::values::{OrEmpty, PlainLine, ValueError};
use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, sanitize_html};
use crate::content::common::lang::Lang;
use crate::content::common::validate;
use crate::content::common::values::Slug;
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
/// and `slug` are required (on create: an update lays the body over the stored page); an
/// empty `title_en` or `keywords_en` is "not translated". Each field is its value type,
/// parsed by serde; the schema is the type's.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ContentPageInput {
    #[schema(required = true, nullable = false)]
    pub title: Option<PlainLine<200>>,
    #[schema(required = true, nullable = false)]
    pub slug: Option<Slug>,
    pub keywords: Option<OrEmpty<PlainLine<500>>>,
    /// HTML; sanitised.
    #[schema(max_length = 200_000)]
    pub content: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 50_000)]
    pub side_content: Option<String>,
    pub template: Option<Template>,
    /// The English title; empty: not translated.
    pub title_en: Option<OrEmpty<PlainLine<200>>>,
    /// The English keywords; empty: not translated.
    pub keywords_en: Option<OrEmpty<PlainLine<500>>>,
    /// HTML; sanitised.
    #[schema(max_length = 200_000)]
    pub content_en: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 50_000)]
    pub side_content_en: Option<String>,
}

/// A page's layout: one of [`TEMPLATES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Template {
    Default,
    Wide,
    Narrow,
}

impl Template {
    pub fn as_str(self) -> &'static str {
        match self {
            Template::Default => "default",
            Template::Wide => "wide",
            Template::Narrow => "narrow",
        }
    }
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

impl ContentPageInput {
    /// Check every field; all problems at once. (An update is the stored page with the
    /// body laid over it, read here as a whole: `api_core::resource::save`.)
    pub fn parse(self) -> Result<ContentPageDraft, ApiError> {
        let mut e = Fields::default();
        let title = e.value("title", self.title.ok_or(ValueError::Blank));
        let slug = e.value("slug", self.slug.ok_or(ValueError::Blank));
        let html = |e: &mut Fields, name: &str, text: Option<String>, max: usize| {
            e.value(name, validate::html(&text.unwrap_or_default(), max)).unwrap_or_default()
        };
        let text = |t: Option<OrEmpty<PlainLine<500>>>| t.map(OrEmpty::into_text).unwrap_or_default();
        let draft = ContentPageDraft {
            title: title.map(String::from).unwrap_or_default(),
            slug: slug.map(Slug::into_string).unwrap_or_default(),
            keywords: text(self.keywords),
            content: html(&mut e, "content", self.content, 200_000),
            side_content: html(&mut e, "side_content", self.side_content, 50_000),
            template: self.template.unwrap_or(Template::Default).as_str().to_owned(),
            title_en: self.title_en.map(OrEmpty::into_text).unwrap_or_default(),
            keywords_en: text(self.keywords_en),
            content_en: html(&mut e, "content_en", self.content_en, 200_000),
            side_content_en: html(&mut e, "side_content_en", self.side_content_en, 50_000),
        };
        e.finish()?;
        Ok(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body read as the save reads it (`Fields::parse_with`): every problem at once.
    fn save(body: serde_json::Value) -> Result<ContentPageDraft, Vec<(String, &'static str)>> {
        let mut f = Fields::new(&body).expect("an object");
        let draft = f.parse_with(|input: ContentPageInput| input.parse());
        match f.finish() {
            Ok(()) => Ok(draft),
            Err(ApiError::Validation { errors, .. }) => Err(errors.into_iter().map(|e| (e.field, e.code)).collect()),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_field_is_checked() {
        let body = serde_json::json!({"title": "", "slug": "Bad Slug", "keywords": "<b>", "template": "fancy"});
        let errors = save(body).unwrap_err();
        // Fields serde refuses come first, in the body's order (a JSON object's keys
        // sorted), then what the check after finds.
        let fields: Vec<_> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(fields, ["keywords", "slug", "template", "title"]);
        let errors = save(serde_json::json!({})).unwrap_err();
        assert_eq!(errors, [("title".to_owned(), "field.blank"), ("slug".to_owned(), "field.blank")]);
    }

    #[test]
    fn english_fields_may_be_empty_and_are_checked_like_the_polish() {
        let body = serde_json::json!({
            "title": "Regulamin",
            "slug": "regulamin",
            "title_en": "<b>Terms</b>",
            "keywords_en": "x".repeat(501),
            "content_en": "x".repeat(200_001),
            "side_content_en": "x".repeat(50_001),
        });
        let errors = save(body).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(fields, ["keywords_en", "title_en", "content_en", "side_content_en"]);
        let draft = save(serde_json::json!({"title": "Regulamin", "slug": "regulamin"})).unwrap();
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
