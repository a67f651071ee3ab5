//! The OpenAPI entries of a declared [`Resource`], written from the declaration itself:
//! the envelope each route really answers (`{"data": {"models", "pagination"}}` for the
//! list, `{"data": row}` otherwise), the error body of [`crate::ApiError`], and every
//! status a route can answer.

use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, OpenApi, OpenApiBuilder, Paths, Ref, RefOr, Required, ResponseBuilder,
};
use utoipa::ToSchema;

use super::{Deleted, Input, Resource};
use crate::list::Pagination;
use crate::{ErrorBody, FieldError};

/// What each error status means on a resource's routes.
const ERRORS: &[(&str, &str)] = &[
    ("400", "a malformed request: not JSON, or a page that is not a whole number from 1"),
    ("401", "no valid session token"),
    ("403", "not a SuperAdmin"),
    ("404", "no row with this id"),
    ("409", "other rows still refer to it, or a row it refers to is gone"),
    ("422", "one error per invalid field (a unique rule broken is an error on its field)"),
];

/// `R`'s paths (under `/api`) and the schemas they name, to be merged into the document.
pub fn paths<R: Resource>() -> OpenApi {
    let (path, tag, name) = (R::PATH, R::TAG, R::NAME);
    let row = <R::Row as ToSchema>::name().to_string();
    let input = <<R::Input as Input>::Body as ToSchema>::name().to_string();
    let mut paths = Paths::new();
    let op = |summary: String, statuses: &[&str], data: Schema| operation(tag, summary, statuses, data);
    let id = id_parameter;
    let admin = || SecurityRequirement::new("bearer", Vec::<String>::new());
    let body = || {
        RequestBodyBuilder::new()
            .required(Some(Required::True))
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name(&input))).build())
            .build()
    };
    let page = ObjectBuilder::new()
        .property("models", ArrayBuilder::new().items(Ref::from_schema_name(&row)))
        .required("models")
        .property("pagination", Ref::from_schema_name("Pagination"))
        .required("pagination")
        .build();
    let one =
        || Schema::Object(ObjectBuilder::new().property("data", Ref::from_schema_name(&row)).required("data").build());

    let mut list = op(
        format!("One page of the {name} list (public): `page`, `per-page`, `sort`, `filter[field][op]`"),
        &["400", "422"],
        Schema::Object(ObjectBuilder::new().property("data", page).required("data").build()),
    );
    for parameter in list_parameters(&R::LIST) {
        list = list.parameter(parameter);
    }
    paths.add_path_operation(format!("/api{path}/all"), vec![HttpMethod::Get], list.build());
    let get_one = op(format!("One {name} (public)"), &["404", "422"], one()).parameter(id());
    paths.add_path_operation(format!("/api{path}/one"), vec![HttpMethod::Get], get_one.build());
    let create = op(format!("Create a {name} (SuperAdmin)"), &["400", "401", "403", "409", "422"], one())
        .request_body(Some(body()))
        .security(admin());
    paths.add_path_operation(format!("/api{path}/save"), vec![HttpMethod::Post], create.build());
    let update = op(
        format!("Change a {name}; fields left out keep their values (SuperAdmin)"),
        &["400", "401", "403", "404", "409", "422"],
        one(),
    )
    .parameter(id())
    .request_body(Some(
        RequestBodyBuilder::new()
            .required(Some(Required::True))
            .content(
                "application/json",
                json(changes_only(<<R::Input as Input>::Body as utoipa::PartialSchema>::schema())),
            )
            .build(),
    ))
    .security(admin());
    paths.add_path_operation(format!("/api{path}/save"), vec![HttpMethod::Put], update.build());
    if R::DELETE.is_some() {
        let deleted = Schema::Object(
            ObjectBuilder::new().property("data", Ref::from_schema_name("Deleted")).required("data").build(),
        );
        let remove = op(format!("Delete a {name} (SuperAdmin)"), &["401", "403", "404", "409", "422"], deleted)
            .parameter(id())
            .security(admin());
        paths.add_path_operation(format!("/api{path}/delete"), vec![HttpMethod::Delete], remove.build());
    }

    OpenApiBuilder::new().paths(paths).components(Some(components::<R>(input))).build()
}

/// An operation of `tag` answering `data` under `{"data": …}`, and the errors of
/// `statuses` ([`ERRORS`]) in the API's error body.
fn operation(tag: &str, summary: String, statuses: &[&str], data: Schema) -> OperationBuilder {
    let mut op = OperationBuilder::new().tag(tag).summary(Some(summary)).response(
        "200",
        ResponseBuilder::new().description("`{\"data\": …}`").content("application/json", json(data)).build(),
    );
    for (status, meaning) in ERRORS.iter().filter(|(s, _)| statuses.contains(s)) {
        let body = ContentBuilder::new().schema(Some(Ref::from_schema_name("ApiErrorBody"))).build();
        op = op
            .response(*status, ResponseBuilder::new().description(*meaning).content("application/json", body).build());
    }
    op
}

/// The row's `id` in the query: a positive whole number.
fn id_parameter() -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name("id")
        .parameter_in(ParameterIn::Query)
        .required(Required::True)
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
                .minimum(Some(1))
                .build(),
        ))
        .build()
}

/// The schemas `R`'s paths name: its row, its input (named `input`), and the envelopes.
fn components<R: Resource>(input: String) -> utoipa::openapi::Components {
    let mut schemas: Vec<(String, RefOr<Schema>)> = Vec::new();
    <R::Row as ToSchema>::schemas(&mut schemas);
    <<R::Input as Input>::Body as ToSchema>::schemas(&mut schemas);
    ComponentsBuilder::new()
        .schema_from::<R::Row>()
        .schema(input, optional_accepts_null(<<R::Input as Input>::Body as utoipa::PartialSchema>::schema()))
        .schema_from::<Deleted>()
        .schema_from::<Pagination>()
        .schema_from::<ErrorBody>()
        .schema_from::<FieldError>()
        .schemas_from_iter(schemas)
        .build()
}

/// `page`, `per-page` and `sort` of a list, as [`crate::list`] reads them (`filter[field][op]`
/// takes any field `sort` names; the summary says so).
fn list_parameters(spec: &crate::list::ListSpec) -> Vec<utoipa::openapi::path::Parameter> {
    let integer = |minimum: i64, maximum: i64| {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int32)))
            .minimum(Some(minimum))
            .maximum(Some(maximum))
            .build()
    };
    let names = spec.fields.iter().map(|f| f.name).collect::<Vec<_>>().join("|");
    let sort =
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(format!("^-?({names})(,-?({names}))*$"))).build();
    let parameter = |name: &str, description: &str, schema: utoipa::openapi::schema::Object| {
        ParameterBuilder::new()
            .name(name)
            .parameter_in(ParameterIn::Query)
            .required(Required::False)
            .description(Some(description))
            .schema(Some(schema))
            .build()
    };
    vec![
        parameter("page", "from 1", integer(1, i64::from(i32::MAX))),
        parameter("per-page", "rows per page, 1 to 1000", integer(1, i64::from(crate::list::MAX_PER_PAGE))),
        parameter("sort", "fields by which to sort, comma-separated; `-field` descends", sort),
    ]
}

/// A change's body: the input with nothing required, since an update overlays the body on
/// the stored row before reading it ([`crate::fields::merge`]).
fn changes_only(schema: RefOr<Schema>) -> Schema {
    let with_nulls = optional_accepts_null(schema);
    let Ok(mut value) = serde_json::to_value(&with_nulls) else { return Schema::default() };
    // A required field may be left out here, but not sent as `null`: `null` would clear it.
    if let Some(object) = value.as_object_mut() {
        object.remove("required");
    }
    serde_json::from_value(value).unwrap_or_default()
}

/// The input as the field reader sees it: `null` counts as absent ([`crate::fields`]), so
/// every property that may be left out may also be `null`.
fn optional_accepts_null(schema: RefOr<Schema>) -> RefOr<Schema> {
    let Ok(value) = serde_json::to_value(&schema) else { return schema };
    serde_json::from_value(optional_accepts_null_value(value)).unwrap_or(schema)
}

fn optional_accepts_null_value(mut value: serde_json::Value) -> serde_json::Value {
    let required: Vec<String> = value
        .get("required")
        .and_then(|r| r.as_array())
        .map(|r| r.iter().filter_map(|n| n.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    if let Some(properties) = value.get_mut("properties").and_then(|p| p.as_object_mut()) {
        for (_, property) in properties.iter_mut().filter(|(name, _)| !required.contains(name)) {
            match property.get_mut("type") {
                Some(serde_json::Value::String(ty)) => {
                    let ty = ty.clone();
                    property["type"] = serde_json::json!([ty, "null"]);
                }
                Some(serde_json::Value::Array(types)) if !types.iter().any(|t| t == "null") => {
                    types.push("null".into());
                }
                _ => {}
            }
        }
    }
    value
}

fn json(schema: Schema) -> utoipa::openapi::Content {
    ContentBuilder::new().schema(Some(schema)).build()
}

/// The schema of `base` with each of `fields` the value type named by its schema name
/// (required and not nullable when its flag says so): the body of a creation, where the
/// update's body (absent keeps the stored value) has them optional. Used by
/// [`crate::create_body`].
pub fn required_on_create(
    base: RefOr<Schema>,
    fields: &[(&str, std::borrow::Cow<'static, str>, bool)],
) -> RefOr<Schema> {
    let Ok(mut value) = serde_json::to_value(&base) else { return base };
    for (field, schema, required) in fields {
        value["properties"][*field] = serde_json::json!({"$ref": format!("#/components/schemas/{schema}")});
        if !required {
            continue;
        }
        match value["required"].as_array_mut() {
            Some(list) => list.push((*field).into()),
            None => value["required"] = serde_json::json!([field]),
        }
    }
    serde_json::from_value(value).unwrap_or(base)
}

/// `create_body!(NewBannerInput, BannerInput, "title" => PlainLine<200>)`: a schema-only
/// type, the body of a creation in the document: `BannerInput` with `title` required as a
/// `PlainLine<200>` ([`required_on_create`]); fields after `; optional` take the type's
/// schema but stay optional. The handler still reads the update's type.
#[macro_export]
macro_rules! create_body {
    ($(#[$doc:meta])* $name:ident, $base:ty, $($field:literal => $value:ty),+
        $(; optional $($opt:literal => $opt_value:ty),+)? $(,)?) => {
        $(#[$doc])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::resource::openapi::required_on_create(
                    <$base as utoipa::PartialSchema>::schema(),
                    &[
                        $(($field, <$value as utoipa::ToSchema>::name(), true),)+
                        $($(($opt, <$opt_value as utoipa::ToSchema>::name(), false),)+)?
                    ],
                )
            }
        }

        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($name))
            }

            fn schemas(
                schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>,
            ) {
                <$base as utoipa::ToSchema>::schemas(schemas);
                $(
                    schemas.push((
                        <$value as utoipa::ToSchema>::name().into_owned(),
                        <$value as utoipa::PartialSchema>::schema(),
                    ));
                    <$value as utoipa::ToSchema>::schemas(schemas);
                )+
                $($(
                    schemas.push((
                        <$opt_value as utoipa::ToSchema>::name().into_owned(),
                        <$opt_value as utoipa::PartialSchema>::schema(),
                    ));
                    <$opt_value as utoipa::ToSchema>::schemas(schemas);
                )+)?
            }
        }
    };
}
