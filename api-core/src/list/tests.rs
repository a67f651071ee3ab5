//! The list conventions, parsed and written.

use super::query::day_range;
use super::*;
use crate::ApiError;
use sqlx::{Postgres, QueryBuilder};

const FIELDS: &[ListField] = &[
    ListField { name: "name", column: "w.name", kind: FieldType::Text },
    ListField { name: "valid_from", column: "valid_from", kind: FieldType::Timestamp },
    ListField { name: "id", column: "id", kind: FieldType::Integer },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "id" };

fn raw(q: &str) -> RawListQuery {
    RawListQuery(serde_urlencoded::from_str(q).unwrap())
}

#[test]
fn the_spec_banner_query_parses() {
    let q = raw("page=1&per-page=999&sort=-created_at&filter[valid_from][lt]=2026-11-22 10:00:00");
    let err = q.parse(SPEC).unwrap_err();
    assert!(matches!(err, ApiError::Validation { .. }), "created_at is not sortable here");

    let q = raw("page=2&per-page=999&sort=-valid_from,name&filter[valid_from][lt]=2026-11-22 10:00:00")
        .parse(SPEC)
        .unwrap();
    assert_eq!((q.page, q.per_page, q.sort.len(), q.filters.len()), (2, 999, 2, 1));
    assert!(q.sort[0].1 && !q.sort[1].1);
}

#[test]
fn bad_parameters_are_refused_with_the_right_status() {
    assert!(matches!(raw("page=abc").parse(SPEC), Err(ApiError::BadRequest(_))));
    assert!(matches!(raw("page=0").parse(SPEC), Err(ApiError::BadRequest(_))));
    assert!(matches!(raw("page=2147483648").parse(SPEC), Err(ApiError::BadRequest(_))));
    assert!(matches!(raw("page=%2B2").parse(SPEC), Err(ApiError::BadRequest(_))));
    assert!(raw("page=2147483647").parse(SPEC).is_ok());
    assert!(matches!(raw("per-page=5000").parse(SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("filter[password][eq]=x").parse(SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("filter[id][eq]=x").parse(SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("filter[id][near]=1").parse(SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("filter[id]=1").parse(SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("filter[id][like]=1").parse(SPEC), Err(ApiError::Validation { .. })));
    // A sort names a field in every part: an empty one is refused, as the document's pattern says.
    for sort in ["sort=", "sort=-", "sort=id,", "sort=,id"] {
        assert!(matches!(raw(sort).parse(SPEC), Err(ApiError::Validation { .. })), "{sort}");
    }
}

#[test]
fn clauses_bind_every_value() {
    let q = raw("filter[name][like]=kra&filter[id][in]=1,2&sort=-id&per-page=10&page=3").parse(SPEC).unwrap();
    let mut qb = QueryBuilder::<Postgres>::new("select * from t");
    q.push_where(&mut qb, false);
    q.push_order(&mut qb);
    q.push_page(&mut qb);
    assert_eq!(qb.sql(), "select * from t where w.name ilike $1 and id = any ($2) order by id desc limit $3 offset $4");
    let exact = serde_json::to_value(q.pagination(41)).unwrap();
    assert_eq!(exact, serde_json::json!({"page": 3, "perPage": 10, "totalCount": 41, "pageCount": 5}));
    let estimated = serde_json::to_value(q.estimated_pagination(12_345, true)).unwrap();
    assert_eq!(
        estimated,
        serde_json::json!({"page": 3, "perPage": 10, "totalCount": 12_345, "pageCount": 1235,
            "totalCountEstimated": true, "hasMore": true})
    );
}

const ORDERS: &[ListField] = &[
    ListField { name: "placed_day", column: "o.placed_at", kind: FieldType::Day },
    ListField {
        name: "ticket",
        column: "exists (select 1 from tickets t where t.order_id = o.id and {t.number})",
        kind: FieldType::Text,
    },
];
const ORDER_SPEC: ListSpec = ListSpec { fields: ORDERS, default_order: "o.id" };

fn where_of(query: &str) -> String {
    let q = raw(query).parse(ORDER_SPEC).unwrap();
    let mut qb = QueryBuilder::<Postgres>::new("select * from o");
    q.push_where(&mut qb, false);
    qb.sql().to_owned()
}

#[test]
fn a_field_of_related_rows_is_a_condition_that_filters_but_does_not_sort() {
    assert_eq!(
        where_of("filter[ticket][eq]=NK-1"),
        "select * from o where exists (select 1 from tickets t where t.order_id = o.id and t.number = $1)"
    );
    assert_eq!(
        where_of("filter[ticket][in]=NK-1,NK-2&filter[ticket][like]=NK"),
        "select * from o where exists (select 1 from tickets t where t.order_id = o.id and t.number = any ($1)) \
         and exists (select 1 from tickets t where t.order_id = o.id and t.number ilike $2)"
    );
    assert!(matches!(raw("sort=ticket").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
    assert!(matches!(raw("sort=-ticket").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
}

#[test]
fn a_day_is_a_range_of_warsaw_time() {
    assert_eq!(
        where_of("filter[placed_day][eq]=2026-07-10"),
        "select * from o where (o.placed_at >= $1 and o.placed_at < $2)"
    );
    assert_eq!(where_of("filter[placed_day][gte]=2026-07-10"), "select * from o where o.placed_at >= $1");
    assert_eq!(where_of("filter[placed_day][lte]=2026-07-10"), "select * from o where o.placed_at < $1");
    assert_eq!(
        where_of("filter[placed_day][in]=2026-07-10,2026-07-12"),
        "select * from o where (o.placed_at >= $1 and o.placed_at < $2 or o.placed_at >= $3 and o.placed_at < $4)"
    );
    let summer = day_range("2026-07-10").unwrap();
    assert_eq!(
        (summer.0.to_rfc3339(), summer.1.to_rfc3339()),
        ("2026-07-09T22:00:00+00:00".into(), "2026-07-10T22:00:00+00:00".into())
    );
    // The day the clocks go back has 25 hours.
    let autumn = day_range("2026-10-25").unwrap();
    assert_eq!(autumn.1 - autumn.0, chrono::Duration::hours(25));
    for bad in ["2026-02-30", "10.07.2026", "2026-07-10 00:00:00", ""] {
        let query = format!("filter[placed_day][eq]={bad}");
        assert!(matches!(raw(&query).parse(ORDER_SPEC), Err(ApiError::Validation { .. })), "{bad}");
    }
    assert!(matches!(raw("filter[placed_day][like]=2026").parse(ORDER_SPEC), Err(ApiError::Validation { .. })));
}
