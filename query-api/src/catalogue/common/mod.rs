//! What every catalogue endpoint shares: reading the request ([`params`], [`fields`]),
//! talking to PostgreSQL ([`db`]), and showing money and times the Polish way
//! ([`domain::money`], [`time`]).

pub mod db;
pub mod fields;
pub mod params;
pub mod time;

pub use db::{delete_by_id, fetch_by_id, fetch_page, map_db, Rule};
pub use fields::{merge, Fields};
pub use params::Params;

/// The answer of a delete: the id that is gone.
#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub id: i64,
}
