//! Which addresses are pages of the web app, so that any other answers `404` (with the
//! app's own not-found page, as the single-page app renders it) instead of `200`:
//! monitors and search engines then see a missing page as missing.
//!
//! The list is the web app's own: `web/src/app/routes/page-paths.json`, kept equal to
//! the router by a web test, read here at compile time. A path may carry the `/en`
//! prefix; `:name` matches one segment, `:name?` one or none, `*` anything below. The
//! content pages' catch-all `/:slug` is a page only when a content page has that slug.

use sqlx::PgPool;

const PAGE_PATHS: &str = include_str!("../../web/src/app/routes/page-paths.json");

/// One segment of a page path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Fixed(String),
    /// `:name`, or `:name?` when `optional`.
    Param {
        optional: bool,
    },
    /// `*`: whatever follows.
    Rest,
}

/// The page paths, parsed once.
#[derive(Debug, Clone)]
pub struct Pages {
    patterns: Vec<Vec<Segment>>,
    pool: PgPool,
}

/// What a path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Match {
    Page,
    /// `/:slug`: a page if the content page exists.
    ContentSlug,
    None,
}

impl Pages {
    pub fn new(pool: PgPool) -> Self {
        Pages { patterns: parse(PAGE_PATHS), pool }
    }

    /// Whether `path` (as requested, maybe with `/en`) is a page of the app.
    pub async fn exists(&self, path: &str) -> bool {
        let path = path.strip_prefix("/en").filter(|rest| rest.is_empty() || rest.starts_with('/')).unwrap_or(path);
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        match best_match(&self.patterns, &segments) {
            Match::Page => true,
            Match::None => false,
            Match::ContentSlug => {
                let slug = segments.first().copied().unwrap_or_default();
                let found = sqlx::query_scalar::<_, bool>("select exists (select 1 from contents where slug = $1)")
                    .bind(slug)
                    .fetch_one(&self.pool)
                    .await;
                // A database that does not answer is no reason to call a page missing.
                found.unwrap_or(true)
            }
        }
    }
}

fn parse(json: &str) -> Vec<Vec<Segment>> {
    let doc: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    let paths = doc["paths"].as_array().cloned().unwrap_or_default();
    paths
        .iter()
        .filter_map(|p| p.as_str())
        .map(|p| {
            p.split('/')
                .filter(|s| !s.is_empty())
                .map(|s| match s {
                    "*" => Segment::Rest,
                    _ if s.starts_with(':') => Segment::Param { optional: s.ends_with('?') },
                    _ => Segment::Fixed(s.to_string()),
                })
                .collect()
        })
        .collect()
}

/// A fixed path wins over a pattern with a parameter, as in the router: `/search` is a
/// page even though `/:slug` would match it too.
fn best_match(patterns: &[Vec<Segment>], segments: &[&str]) -> Match {
    let mut best = Match::None;
    for pattern in patterns {
        if !matches(pattern, segments) {
            continue;
        }
        let is_slug = pattern.len() == 1 && matches!(pattern[0], Segment::Param { optional: false });
        if !is_slug {
            return Match::Page;
        }
        best = Match::ContentSlug;
    }
    best
}

fn matches(pattern: &[Segment], segments: &[&str]) -> bool {
    match (pattern.split_first(), segments.split_first()) {
        (None, None) => true,
        (Some((Segment::Rest, _)), _) => true,
        (Some((Segment::Param { optional: true }, rest)), None) => rest.is_empty(),
        (Some((Segment::Fixed(f), rest)), Some((s, more))) => f == s && matches(rest, more),
        (Some((Segment::Param { .. }, rest)), Some((_, more))) => matches(rest, more),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(path: &str) -> Match {
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        best_match(&parse(PAGE_PATHS), &segments)
    }

    #[test]
    fn the_app_s_pages_match_and_others_do_not() {
        for page in ["/", "/search", "/order/success", "/order/success/abc", "/user/your-tickets/x", "/admin"] {
            assert_eq!(of(page), Match::Page, "{page}");
        }
        assert_eq!(of("/admin/route/route/12"), Match::Page);
        assert_eq!(of("/old/regulamin"), Match::Page);
        assert_eq!(of("/regulamin"), Match::ContentSlug);
        assert_eq!(of("/no/such/page"), Match::None);
        assert_eq!(of("/order/success/a/b"), Match::None);
        assert_eq!(of("/user/your-tickets/a/b"), Match::None);
        assert_eq!(of("/old/other"), Match::None);
    }

    #[test]
    fn the_list_is_read() {
        assert!(parse(PAGE_PATHS).len() > 15);
    }
}
