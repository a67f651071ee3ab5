//! `/app/content`, declared (the list, one, save), and `get-content`, a page as `/{slug}`
//! shows it. HTML is sanitised again whatever the row holds.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Params, Resource, Rule, Sql};
use api_core::{ApiError, Data};
use axum::extract::State;

use super::model::{ContentPage, ContentPageDraft, ContentPageInput, PublicContentPage, COLUMNS};
use crate::content::common::lang::{LangParam, ParamsLang};
use crate::CatalogueState;

impl Input for ContentPageDraft {
    type Body = ContentPageInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_with(|input: ContentPageInput| input.parse())
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("title", self.title.into()),
            ("slug", self.slug.into()),
            ("keywords", self.keywords.into()),
            ("content", self.content.into()),
            ("side_content", self.side_content.into()),
            ("template", self.template.into()),
            ("title_en", self.title_en.into()),
            ("keywords_en", self.keywords_en.into()),
            ("content_en", self.content_en.into()),
            ("side_content_en", self.side_content_en.into()),
        ]
    }
}

/// The content pages, declared.
pub struct ContentPages;

impl Resource for ContentPages {
    type Row = ContentPage;
    type Input = ContentPageDraft;
    const PATH: &'static str = "/app/content";
    const TAG: &'static str = "app";
    const NAME: &'static str = "content page";
    const TABLE: &'static str = "contents";
    const COLUMNS: &'static str = COLUMNS;
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "title", column: "title", kind: FieldType::Text },
            ListField { name: "slug", column: "slug", kind: FieldType::Text },
            ListField { name: "template", column: "template", kind: FieldType::Text },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "id",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "contents_slug_unique",
        field: "slug",
        message: "another page already has this slug",
    }];
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn shown(page: ContentPage) -> ContentPage {
        page.cleaned()
    }

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no content page {id}"))
    }
}

/// One content page by numeric id or by slug (public): what `/{slug}` shows, its texts
/// in `lang` (in English, field by field, the English text where there is one).
#[utoipa::path(get, path = "/api/app/content/get-content", tag = "app",
    params(("id" = inline(api_core::values::NotBlank), Query, description = "the page's id, or its slug"), LangParam),
    responses((status = 200, description = "`{\"data\": PublicContentPage}`", body = Data<PublicContentPage>),
        (status = 404, description = "not found"),
        (status = 422, description = "no id given, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state))]
pub async fn get_content(
    State(state): State<CatalogueState>,
    params: Params,
) -> Result<Data<PublicContentPage>, ApiError> {
    let key = params.required("id")?;
    let lang = params.lang()?;
    let page = match key.parse::<i64>() {
        Ok(id) => {
            sqlx::query_as::<_, ContentPage>(&format!("select {COLUMNS} from contents where id = $1"))
                .bind(id)
                .fetch_optional(&state.pool)
                .await?
        }
        Err(_) => {
            sqlx::query_as::<_, ContentPage>(&format!("select {COLUMNS} from contents where slug = $1"))
                .bind(key)
                .fetch_optional(&state.pool)
                .await?
        }
    };
    page.map(|p| Data::new(PublicContentPage::new(p, lang))).ok_or_else(|| {
        ApiError::NotFound("This page could not be found".into()).with_code(api_core::codes::PAGE_NOT_FOUND)
    })
}
