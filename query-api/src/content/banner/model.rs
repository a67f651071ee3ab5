//! A banner as stored and shown, and the rules a save must pass.

use api_core::ApiError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, safe_link, sanitize_html};
use crate::content::common::input::nullable;
use crate::content::common::validate::{self, Errors, LINK_TARGETS};

/// A promo banner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Banner {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub text: String,
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

pub const COLUMNS: &str = "id, title, text, link, link_target, bg_class, text_class, refresh_time, valid_from, \
    valid_to, sort_order, created_at, updated_at";

impl Banner {
    /// As shown: HTML sanitised again, unsafe links and class names dropped, whatever
    /// the row holds.
    pub fn cleaned(mut self) -> Self {
        self.title = plain_text(&self.title);
        self.text = sanitize_html(&self.text);
        self.link = safe_link(&self.link);
        if !LINK_TARGETS.contains(&self.link_target.as_str()) {
            self.link_target = "_self".into();
        }
        self.bg_class = validate::css_classes(&self.bg_class).unwrap_or_default();
        self.text_class = validate::css_classes(&self.text_class).unwrap_or_default();
        self
    }
}

/// What a client sends to save a banner; on update absent fields keep their value and
/// `null` clears `valid_from`/`valid_to`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BannerInput {
    pub title: Option<String>,
    /// HTML; sanitised.
    pub text: Option<String>,
    pub link: Option<String>,
    pub link_target: Option<String>,
    pub bg_class: Option<String>,
    pub text_class: Option<String>,
    pub refresh_time: Option<i64>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_from: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>)]
    pub valid_to: Option<Option<String>>,
    pub sort_order: Option<i64>,
}

/// A checked banner, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BannerDraft {
    pub title: String,
    pub text: String,
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
    /// Check every field, merged over `current`; all problems at once.
    pub fn parse(self, current: Option<&Banner>) -> Result<BannerDraft, ApiError> {
        let mut e = Errors::default();
        let pick = |new: Option<String>, old: Option<&String>, default: &str| {
            new.or_else(|| old.cloned()).unwrap_or_else(|| default.to_string())
        };
        let title = pick(self.title, current.map(|c| &c.title), "");
        let text = pick(self.text, current.map(|c| &c.text), "");
        let link = pick(self.link, current.map(|c| &c.link), "");
        let link_target = pick(self.link_target, current.map(|c| &c.link_target), "_self");
        let bg_class = pick(self.bg_class, current.map(|c| &c.bg_class), "");
        let text_class = pick(self.text_class, current.map(|c| &c.text_class), "");
        let title = e.check("title", validate::plain_line(&title, 1, 200));
        let text = e.check("text", validate::html(&text, 5_000));
        let link = e.check("link", validate::link(link.trim()));
        let link_target = e.check("link_target", validate::link_target(link_target.trim()));
        let bg_class = e.check("bg_class", validate::css_classes(&bg_class));
        let text_class = e.check("text_class", validate::css_classes(&text_class));
        let refresh_time = self.refresh_time.or(current.map(|c| i64::from(c.refresh_time))).unwrap_or(0);
        let refresh_time = e.check("refresh_time", validate::int_in(refresh_time, 0, i64::from(i32::MAX)));
        let sort_order = self.sort_order.or(current.map(|c| i64::from(c.sort_order))).unwrap_or(0);
        let sort_order = e.check("sort_order", validate::int_in(sort_order, -1_000_000, 1_000_000));
        let text_of = |t: Option<DateTime<Utc>>| t.map(|t| t.to_rfc3339());
        let from = self.valid_from.unwrap_or_else(|| text_of(current.and_then(|c| c.valid_from)));
        let to = self.valid_to.unwrap_or_else(|| text_of(current.and_then(|c| c.valid_to)));
        let (valid_from, valid_to) = validate::validity(&mut e, from.as_deref(), to.as_deref());
        e.finish()?;
        match (title, text, link, link_target, bg_class, text_class, refresh_time, sort_order) {
            (
                Some(title),
                Some(text),
                Some(link),
                Some(link_target),
                Some(bg_class),
                Some(text_class),
                Some(r),
                Some(s),
            ) => Ok(BannerDraft {
                title,
                text,
                link,
                link_target,
                bg_class,
                text_class,
                refresh_time: i32::try_from(r).unwrap_or_default(),
                valid_from,
                valid_to,
                sort_order: i32::try_from(s).unwrap_or_default(),
            }),
            _ => Err(ApiError::Internal("a banner field was refused without an error".into())),
        }
    }
}
