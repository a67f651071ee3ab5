//! The language a public read answers in: `?lang=pl` (the default) or `?lang=en`.
//!
//! Admins write an English version beside each Polish text (`title_en` beside `title`,
//! …); an empty English text means "not translated yet". A read in English answers the
//! English text in the usual field where there is one and the Polish text where there is
//! none, field by field ([`Lang::pick`]), so the English site is never blank where the
//! Polish one has something to say. Apply it to cleaned values: an English text that
//! cleaning empties (markup only) falls back to Polish too.

use api_core::list::ListQuery;
use api_core::{ApiError, Params};
use utoipa::{IntoParams, ToSchema};

/// The languages the site is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Pl,
    En,
}

impl Lang {
    /// The query parameter that chooses it.
    pub const PARAM: &'static str = "lang";

    /// `lang` as sent: absent is Polish, `pl` and `en` are themselves; anything else
    /// (`de`, `EN`, an empty value) answers `422` naming `lang`.
    pub fn parse(value: Option<&str>) -> Result<Lang, ApiError> {
        match value {
            None | Some("pl") => Ok(Lang::Pl),
            Some("en") => Ok(Lang::En),
            Some(_) => Err(ApiError::invalid_field(
                Self::PARAM,
                api_core::codes::FIELD_INVALID_CHOICE,
                "lang must be pl or en",
            )),
        }
    }

    /// The language of a list request: `lang` is not a list parameter, so the list
    /// keeps it among its extra parameters.
    pub fn of_list(query: &ListQuery) -> Result<Lang, ApiError> {
        Lang::parse(query.extra.get(Self::PARAM).map(String::as_str))
    }

    /// The text to show of a Polish text and its English version: in Polish the Polish
    /// one; in English the English one unless it is blank, then the Polish one.
    pub fn pick(self, pl: String, en: String) -> String {
        match self {
            Lang::En if !en.trim().is_empty() => en,
            Lang::Pl | Lang::En => pl,
        }
    }
}

/// `?lang=` as the API document shows it on the reads that take it.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangParam {
    /// The language of the texts: `pl` (the default) or `en`. In English each text the
    /// admins have not translated is answered in Polish. Anything else answers `422`.
    #[param(inline)]
    pub lang: Option<Lang>,
}

/// `?lang=` of a request that is not a list.
pub trait ParamsLang {
    /// The language of `?lang=` (Polish when absent), else `422` naming `lang`.
    fn lang(&self) -> Result<Lang, ApiError>;
}

impl ParamsLang for Params {
    fn lang(&self) -> Result<Lang, ApiError> {
        Lang::parse(self.raw(Lang::PARAM))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(lang: Lang, pl: &str, en: &str) -> String {
        lang.pick(pl.to_string(), en.to_string())
    }

    #[test]
    fn english_answers_english_where_it_is_written() {
        assert_eq!(pick(Lang::En, "Regulamin", "Terms and conditions"), "Terms and conditions");
    }

    #[test]
    fn english_falls_back_to_polish_where_nothing_is_written() {
        assert_eq!(pick(Lang::En, "Regulamin", ""), "Regulamin");
        assert_eq!(pick(Lang::En, "<p>Biuro</p>", " \n "), "<p>Biuro</p>", "blank counts as not written");
        assert_eq!(pick(Lang::En, "", ""), "");
    }

    #[test]
    fn polish_answers_polish_whatever_english_says() {
        assert_eq!(pick(Lang::Pl, "Regulamin", "Terms and conditions"), "Regulamin");
        assert_eq!(pick(Lang::Pl, "", "Terms and conditions"), "", "Polish never borrows from English");
    }

    #[test]
    fn lang_is_pl_by_default_and_nothing_but_pl_or_en() {
        assert_eq!(Lang::parse(None).unwrap(), Lang::Pl);
        assert_eq!(Lang::parse(Some("pl")).unwrap(), Lang::Pl);
        assert_eq!(Lang::parse(Some("en")).unwrap(), Lang::En);
        for bad in ["de", "EN", "", "en-GB", "pl "] {
            match Lang::parse(Some(bad)) {
                Err(ApiError::Validation { errors, .. }) => assert_eq!(errors[0].field, "lang", "{bad:?}"),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
