//! `/app/menu`, declared (the list, one, save), and `get-menu`, the menu of a type as the
//! layout shows it. Items are cleaned again whatever the row holds.

use api_core::list::{FieldType, ListField, ListSpec};
use api_core::resource::{Fields, Input, Params, Resource, Rule, Sql};
use api_core::{ApiError, Data};
use axum::extract::State;

use super::model::{Menu, MenuDraft, MenuInput, PublicMenu, COLUMNS, MENU_TYPES};
use crate::content::common::lang::{LangParam, ParamsLang};
use crate::CatalogueState;

impl Input for MenuDraft {
    type Body = MenuInput;

    fn read(f: &mut Fields<'_>) -> Self {
        f.parse_with(|input: MenuInput| input.parse())
    }

    fn columns(self) -> Vec<(&'static str, Sql)> {
        vec![
            ("name", self.name.into()),
            ("type", self.kind.into()),
            ("content", self.content.into()),
            ("name_en", self.name_en.into()),
            ("content_en", self.content_en.into()),
        ]
    }
}

/// The menus, declared.
pub struct Menus;

impl Resource for Menus {
    type Row = Menu;
    type Input = MenuDraft;
    const PATH: &'static str = "/app/menu";
    const TAG: &'static str = "app";
    const NAME: &'static str = "menu";
    const TABLE: &'static str = "menus";
    const COLUMNS: &'static str = COLUMNS;
    const LIST: ListSpec = ListSpec {
        fields: &[
            ListField { name: "id", column: "id", kind: FieldType::Integer },
            ListField { name: "name", column: "name", kind: FieldType::Text },
            ListField { name: "type", column: "type", kind: FieldType::Text },
            ListField { name: "created_at", column: "created_at", kind: FieldType::Timestamp },
            ListField { name: "updated_at", column: "updated_at", kind: FieldType::Timestamp },
        ],
        default_order: "id",
    };
    const SAVE_RULES: &'static [Rule] = &[Rule::Field {
        constraint: "menus_type_unique",
        field: "type",
        message: "there is already a menu of this type",
    }];
    const INVALID: Option<&'static str> = Some("the data is not valid");

    fn shown(menu: Menu) -> Menu {
        menu.cleaned()
    }

    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("there is no menu {id}"))
    }
}

/// The menu of a type (public); `content` is JSON text. Its name and items are in
/// `lang`: in English the English items as a whole when there are any, else the Polish.
#[utoipa::path(get, path = "/api/app/menu/get-menu", tag = "app",
    params(("type" = String, Query, description = "top, bottom1 or bottom2", pattern = "^(top|bottom1|bottom2)$"), LangParam),
    responses((status = 200, description = "`{\"data\": {\"name\", \"type\", \"content\": \"<JSON text>\"}}`", body = Data<PublicMenu>),
        (status = 404, description = "no menu of this type"),
        (status = 422, description = "missing or unknown type, or a `lang` other than pl or en")))]
#[tracing::instrument(skip(state))]
pub async fn get_menu(State(state): State<CatalogueState>, params: Params) -> Result<Data<PublicMenu>, ApiError> {
    let kind = params.required("type")?;
    let lang = params.lang()?;
    if !MENU_TYPES.contains(&kind) {
        return Err(ApiError::refusal_on(
            "type",
            api_core::codes::FIELD_INVALID_CHOICE,
            &format!("type must be one of {}", MENU_TYPES.join(", ")),
        ));
    }
    let menu = sqlx::query_as::<_, Menu>(&format!("select {COLUMNS} from menus where type = $1"))
        .bind(kind)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no {kind} menu")))?;
    Ok(Data::new(PublicMenu::new(menu, lang)))
}
