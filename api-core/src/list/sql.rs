//! Writing a checked list request into SQL: the filters, the order and the page, every
//! value bound.

use sqlx::{Postgres, QueryBuilder};

use super::query::day_range;
use super::{FieldType, Filter, FilterOp, ListQuery, Pagination};

impl ListQuery {
    /// ` where …` (or ` and …` after `already_where`) for the filters, values bound.
    pub fn push_where(&self, qb: &mut QueryBuilder<'_, Postgres>, already_where: bool) {
        for (i, f) in self.filters.iter().enumerate() {
            qb.push(if i == 0 && !already_where { " where " } else { " and " });
            match f.field.condition() {
                Some((before, subject, after)) => {
                    qb.push(before);
                    push_comparison(qb, subject, f);
                    qb.push(after);
                }
                None => push_comparison(qb, f.field.column, f),
            }
        }
    }

    /// ` order by …` from the sort parameter or the spec's default.
    pub fn push_order(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" order by ");
        if self.sort.is_empty() {
            qb.push(self.spec.default_order);
        } else {
            let parts: Vec<String> = self
                .sort
                .iter()
                .map(|(f, desc)| format!("{} {}", f.column, if *desc { "desc" } else { "asc" }))
                .collect();
            qb.push(parts.join(", "));
        }
    }

    /// ` limit … offset …`.
    pub fn push_page(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" limit ").push_bind(i64::from(self.per_page));
        qb.push(" offset ").push_bind(self.offset());
    }

    /// ` limit … offset …` for the page and one row more, which tells whether a page
    /// follows without counting.
    pub fn push_page_and_next(&self, qb: &mut QueryBuilder<'_, Postgres>) {
        qb.push(" limit ").push_bind(i64::from(self.per_page) + 1);
        qb.push(" offset ").push_bind(self.offset());
    }

    /// The rows before this page.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.per_page)
    }

    /// The pagination block for `total` matching rows.
    pub fn pagination(&self, total: i64) -> Pagination {
        let total = total.max(0) as u64;
        Pagination {
            page: self.page,
            per_page: self.per_page,
            total_count: total,
            page_count: total.div_ceil(u64::from(self.per_page)),
            total_count_estimated: false,
            has_more: None,
        }
    }

    /// The pagination block when `total` is an estimate, and whether a page follows
    /// this one (known for sure).
    pub fn estimated_pagination(&self, total: i64, has_more: bool) -> Pagination {
        Pagination { total_count_estimated: true, has_more: Some(has_more), ..self.pagination(total) }
    }
}

/// `subject op value` for one filter, its value bound.
fn push_comparison(qb: &mut QueryBuilder<'_, Postgres>, subject: &str, f: &Filter) {
    if f.field.kind == FieldType::Day {
        return push_days(qb, subject, f);
    }
    qb.push(subject).push(" ").push(f.op.sql()).push(" ");
    if f.op == FilterOp::In {
        qb.push("(");
        push_array(qb, f.field.kind, f.value.split(',').collect());
        qb.push(")");
    } else if f.op == FilterOp::Like {
        qb.push_bind(format!("%{}%", escape_like(&f.value)));
    } else {
        push_value(qb, f.field.kind, &f.value);
    }
}

/// A [`FieldType::Day`] filter as ranges of the timestamp `subject`.
fn push_days(qb: &mut QueryBuilder<'_, Postgres>, subject: &str, f: &Filter) {
    // Values were checked by `check_value`: every one is a day with a start and an end.
    let days: Vec<_> = f.value.split(',').filter_map(day_range).collect();
    let Some(&(start, end)) = days.first() else {
        qb.push("false");
        return;
    };
    match f.op {
        FilterOp::Lt => {
            qb.push(subject).push(" < ").push_bind(start);
        }
        FilterOp::Lte => {
            qb.push(subject).push(" < ").push_bind(end);
        }
        FilterOp::Gt => {
            qb.push(subject).push(" >= ").push_bind(end);
        }
        FilterOp::Gte => {
            qb.push(subject).push(" >= ").push_bind(start);
        }
        // `like` is refused for anything but text; `eq` is `in` with one day.
        FilterOp::Eq | FilterOp::In | FilterOp::Like => {
            qb.push("(");
            for (i, (start, end)) in days.into_iter().enumerate() {
                if i > 0 {
                    qb.push(" or ");
                }
                qb.push(subject).push(" >= ").push_bind(start);
                qb.push(" and ").push(subject).push(" < ").push_bind(end);
            }
            qb.push(")");
        }
    }
}

fn escape_like(value: &str) -> String {
    value.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

fn push_value(qb: &mut QueryBuilder<'_, Postgres>, kind: FieldType, v: &str) {
    match kind {
        FieldType::Text => qb.push_bind(v.to_string()),
        FieldType::Integer => qb.push_bind(v.parse::<i64>().unwrap_or_default()),
        FieldType::Boolean => qb.push_bind(matches!(v, "1" | "true")),
        FieldType::Uuid => qb.push_bind(uuid::Uuid::parse_str(v).unwrap_or_default()),
        FieldType::Timestamp => qb.push_bind(crate::time::parse_timestamp(v).unwrap_or_default()),
        FieldType::Date => qb.push_bind(chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").unwrap_or_default()),
        // Days are written by `push_days`.
        FieldType::Day => qb.push_bind(day_range(v).map(|(start, _)| start).unwrap_or_default()),
    };
}

fn push_array(qb: &mut QueryBuilder<'_, Postgres>, kind: FieldType, vs: Vec<&str>) {
    // Values were checked by `check_value`; the defaults below are never used.
    match kind {
        FieldType::Text => qb.push_bind(vs.iter().map(|v| v.to_string()).collect::<Vec<_>>()),
        FieldType::Integer => qb.push_bind(vs.iter().map(|v| v.parse::<i64>().unwrap_or_default()).collect::<Vec<_>>()),
        FieldType::Boolean => qb.push_bind(vs.iter().map(|v| matches!(*v, "1" | "true")).collect::<Vec<_>>()),
        FieldType::Uuid => {
            qb.push_bind(vs.iter().map(|v| uuid::Uuid::parse_str(v).unwrap_or_default()).collect::<Vec<_>>())
        }
        FieldType::Timestamp => {
            qb.push_bind(vs.iter().map(|v| crate::time::parse_timestamp(v).unwrap_or_default()).collect::<Vec<_>>())
        }
        FieldType::Date => qb.push_bind(
            vs.iter().map(|v| chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").unwrap_or_default()).collect::<Vec<_>>(),
        ),
        // Days are written by `push_days`.
        FieldType::Day => qb
            .push_bind(vs.iter().map(|v| day_range(v).map(|(start, _)| start).unwrap_or_default()).collect::<Vec<_>>()),
    };
}
