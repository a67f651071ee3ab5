//! The company settings the booking reads need (the return cut-off, the stamp card's
//! reward), read from `companies` (the row with the lowest id) with the defaults of
//! docs/settings.md before the first save. The settings themselves are the catalogue
//! API's (`catalogue_api::content::company`); this is only their read.

use api_core::ApiError;
use sqlx::PgPool;

/// The settings a booking read obeys.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BookingReadSettings {
    pub return_cutoff_minutes: i32,
    pub stamps_per_reward: i32,
    pub reward_value: i64,
    /// Sales close this many minutes before a departure.
    pub sales_close_minutes: i32,
}

impl Default for BookingReadSettings {
    fn default() -> Self {
        BookingReadSettings {
            return_cutoff_minutes: 10,
            stamps_per_reward: 10,
            reward_value: 2000,
            sales_close_minutes: 10,
        }
    }
}

/// The settings in force: the company's, or the defaults before the first save.
#[tracing::instrument(skip(pool))]
pub async fn settings_in_force(pool: &PgPool) -> Result<BookingReadSettings, ApiError> {
    Ok(sqlx::query_as(
        "select return_cutoff_minutes, stamps_per_reward, reward_value, sales_close_minutes from companies order by id limit 1",
    )
    .fetch_optional(pool)
    .await?
    .unwrap_or_default())
}
