//! [`Sql`]: a value a save writes, of one of the column types the resources use, so one
//! generic insert and update can bind them all.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sqlx::query_builder::Separated;
use sqlx::Postgres;
use uuid::Uuid;

/// A column's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Sql {
    Text(String),
    OptText(Option<String>),
    Int(Option<i64>),
    Int4(Option<i32>),
    Bool(bool),
    Float(Option<f64>),
    Date(Option<NaiveDate>),
    Time(Option<NaiveTime>),
    Timestamp(Option<DateTime<Utc>>),
    Uuid(Option<Uuid>),
    Int4s(Vec<i32>),
    Int2s(Vec<i16>),
    Times(Vec<NaiveTime>),
    Json(serde_json::Value),
}

impl Sql {
    /// Bind the value as the next of `values`.
    pub(crate) fn bind<'q>(self, values: &mut Separated<'_, 'q, Postgres, &'static str>) {
        match self {
            Sql::Text(v) => values.push_bind(v),
            Sql::OptText(v) => values.push_bind(v),
            Sql::Int(v) => values.push_bind(v),
            Sql::Int4(v) => values.push_bind(v),
            Sql::Bool(v) => values.push_bind(v),
            Sql::Float(v) => values.push_bind(v),
            Sql::Date(v) => values.push_bind(v),
            Sql::Time(v) => values.push_bind(v),
            Sql::Timestamp(v) => values.push_bind(v),
            Sql::Uuid(v) => values.push_bind(v),
            Sql::Int4s(v) => values.push_bind(v),
            Sql::Int2s(v) => values.push_bind(v),
            Sql::Times(v) => values.push_bind(v),
            Sql::Json(v) => values.push_bind(v),
        };
    }

    /// Bind the value after `column = `, as the next assignment of an update.
    pub(crate) fn assign<'q>(self, column: &str, values: &mut Separated<'_, 'q, Postgres, &'static str>) {
        values.push(format!("{column} = "));
        match self {
            Sql::Text(v) => values.push_bind_unseparated(v),
            Sql::OptText(v) => values.push_bind_unseparated(v),
            Sql::Int(v) => values.push_bind_unseparated(v),
            Sql::Int4(v) => values.push_bind_unseparated(v),
            Sql::Bool(v) => values.push_bind_unseparated(v),
            Sql::Float(v) => values.push_bind_unseparated(v),
            Sql::Date(v) => values.push_bind_unseparated(v),
            Sql::Time(v) => values.push_bind_unseparated(v),
            Sql::Timestamp(v) => values.push_bind_unseparated(v),
            Sql::Uuid(v) => values.push_bind_unseparated(v),
            Sql::Int4s(v) => values.push_bind_unseparated(v),
            Sql::Int2s(v) => values.push_bind_unseparated(v),
            Sql::Times(v) => values.push_bind_unseparated(v),
            Sql::Json(v) => values.push_bind_unseparated(v),
        };
    }
}

macro_rules! from {
    ($($t:ty => $v:ident($e:expr)),* $(,)?) => {
        $(impl From<$t> for Sql {
            fn from(v: $t) -> Self {
                #[allow(clippy::redundant_closure_call)]
                Sql::$v(($e)(v))
            }
        })*
    };
}

from! {
    String => Text(|v| v),
    Option<String> => OptText(|v| v),
    i64 => Int(Some),
    Option<i64> => Int(|v| v),
    i32 => Int4(Some),
    Option<i32> => Int4(|v| v),
    bool => Bool(|v| v),
    Option<f64> => Float(|v| v),
    NaiveDate => Date(Some),
    Option<NaiveDate> => Date(|v| v),
    NaiveTime => Time(Some),
    Option<NaiveTime> => Time(|v| v),
    DateTime<Utc> => Timestamp(Some),
    Option<DateTime<Utc>> => Timestamp(|v| v),
    Uuid => Uuid(Some),
    Option<Uuid> => Uuid(|v| v),
    Vec<i32> => Int4s(|v| v),
    Vec<i16> => Int2s(|v| v),
    Vec<NaiveTime> => Times(|v| v),
    serde_json::Value => Json(|v| v),
}
