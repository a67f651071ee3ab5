//! # A resource is a declaration
//!
//! A plain CRUD resource (a catalogue or content table) is described once, as an
//! implementation of [`Resource`]: its path, table, columns, the fields its list may
//! filter and sort by and their types ([`ListSpec`]), the constraints a save or delete
//! can break and what each means to the client ([`Rule`]), and its input, read from the
//! JSON body field by field ([`Input::read`] over [`Fields`]). One generic router
//! ([`routes`]) then answers, for every resource alike:
//!
//! - `GET {path}/all`: the list conventions (docs/conventions.md, 'Lists': `page`, `per-page`, `sort`,
//!   `filter[field][op]`), answered `{"data": {"models": [...], "pagination": {...}}}`;
//! - `GET {path}/one?id=`: `{"data": row}`, `404` naming the resource;
//! - `POST {path}/save` (create) and `PUT {path}/save?id=` (update; the body is laid over
//!   the stored row, so a client sends only what changes): `{"data": row}`, every bad
//!   field at once in one `422`, a unique rule broken as a `422` on its field;
//! - `DELETE {path}/delete?id=` when the resource allows it: `{"data": {"id": …}}`,
//!   `409` while other rows still refer to it.
//!
//! Reads are public, writes need a `SuperAdmin` (`401` without a token, `403` for anyone
//! else). Errors are [`ApiError`]'s body. [`openapi::paths`] writes the resource's
//! OpenAPI entries from the same declaration, so the document names the real envelope
//! and every status a route can answer.
//!
//! A resource with rules that need the database (a stop of a route checked against the
//! route's other stops under a lock) adds them in [`Resource::check`], which runs in the
//! save's transaction and records its problems beside the body's; what must hold after
//! the write goes in [`Resource::after_write`].

mod db;
pub mod openapi;
mod router;
mod sql;

use std::future::Future;

use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgConnection};

pub use db::{fetch_page, fetch_page_counted, map_db, Count, Rule, Scope};
pub use router::{find, routes, save, write};
pub use sql::Sql;

pub use crate::fields::{merge, Fields};
pub use crate::params::Params;

use crate::list::ListSpec;
use crate::ApiError;

/// The answer of a delete: the id that is gone.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub id: i64,
}

/// The body of a save, parsed: every bad field recorded in the [`Fields`] (which the
/// router turns into one `422`), and the columns it writes.
pub trait Input: Sized + Send + Sync + 'static {
    /// What a client sends, for the OpenAPI document (`Self` when the parsed input has
    /// the body's shape).
    type Body: utoipa::ToSchema;

    /// Read every field of the body; a bad one is recorded in `f` and yields a
    /// placeholder that is never written.
    fn read(f: &mut Fields<'_>) -> Self;

    /// The columns a save writes, with their values.
    fn columns(self) -> Vec<(&'static str, Sql)>;
}

/// A CRUD resource, declared. See the [module guide](self).
pub trait Resource: Send + Sync + 'static {
    /// One row as every answer shows it.
    type Row: Serialize + for<'r> FromRow<'r, PgRow> + utoipa::ToSchema + Send + Sync + Unpin + 'static;
    /// The body of a save.
    type Input: Input;

    /// Where it is served, relative to `/api` (`/route/waypoint`).
    const PATH: &'static str;
    /// Its group in the OpenAPI document.
    const TAG: &'static str;
    /// What messages call one row (`no stop with id 7`).
    const NAME: &'static str;
    /// The table saves write and deletes delete from.
    const TABLE: &'static str;
    /// What a row is read from: the table with its alias, and any joins (the table itself
    /// when not given).
    const FROM: &'static str = Self::TABLE;
    /// The columns of [`Self::Row`], as SQL over [`Self::FROM`].
    const COLUMNS: &'static str;
    /// The id column, as SQL over [`Self::FROM`] (`w.id`; `id` when not given).
    const ID: &'static str = "id";
    /// The fields the list may filter and sort by, and its default order.
    const LIST: ListSpec;
    /// The constraints a save can break (unique rules), and what they mean.
    const SAVE_RULES: &'static [Rule] = &[];
    /// `Some(rules)` when rows may be deleted: the constraints that still refer to a row.
    const DELETE: Option<&'static [Rule]> = None;
    /// Whether a save sets the table's `updated_at`.
    const UPDATED_AT: bool = true;
    /// The message of a `422` for an invalid body; none: the field messages, joined.
    const INVALID: Option<&'static str> = None;

    /// The answer when there is no row `id`.
    fn not_found(id: i64) -> ApiError {
        ApiError::NotFound(format!("no {} with id {id}", Self::NAME))
    }

    /// A row as shown, from a row as read (e.g. money formatted for people).
    fn shown(row: Self::Row) -> Self::Row {
        row
    }

    /// Rules that need the database, run in the save's transaction before the write;
    /// problems go into `f` beside the body's. `stored` is the row an update changes.
    fn check(
        conn: &mut PgConnection,
        f: &mut Fields<'_>,
        input: &Self::Input,
        stored: Option<&Self::Row>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        let _ = (conn, f, input, stored);
        async { Ok(()) }
    }

    /// What must hold once row `id` is written, in the same transaction (an `Err` undoes
    /// the write).
    fn after_write(conn: &mut PgConnection, id: i64) -> impl Future<Output = Result<(), ApiError>> + Send {
        let _ = (conn, id);
        async { Ok(()) }
    }
}
