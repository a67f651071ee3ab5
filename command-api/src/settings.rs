//! The company settings the commands obey (`DECISIONS.md`, values marked *setting*),
//! read from `companies` and kept for a few seconds: a busy course places hundreds of
//! orders a second, and an admin's change may take that long to apply.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use api_core::ApiError;
use sqlx::PgPool;

/// How long a read of the settings is reused.
const TTL: Duration = Duration::from_secs(5);

/// The booking rules' numbers.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BookingSettings {
    pub payment_time_minutes: i32,
    pub sales_close_minutes: i32,
    pub return_cutoff_minutes: i32,
    pub return_fee_percent: i32,
    pub stamps_per_reward: i32,
    pub reward_value: i64,
    pub vat_rate_percent: i32,
    pub invoice_prefix: String,
    pub company_name: String,
}

impl Default for BookingSettings {
    /// The defaults of `DECISIONS.md`, for a database without a company yet.
    fn default() -> Self {
        BookingSettings {
            payment_time_minutes: 15,
            sales_close_minutes: 10,
            return_cutoff_minutes: 10,
            return_fee_percent: 10,
            stamps_per_reward: 10,
            reward_value: 2000,
            vat_rate_percent: 8,
            invoice_prefix: "FV".into(),
            company_name: String::new(),
        }
    }
}

/// The settings, cached.
#[derive(Default)]
pub struct SettingsCache {
    cached: Mutex<Option<(Instant, BookingSettings)>>,
}

impl SettingsCache {
    pub async fn get(&self, pool: &PgPool) -> Result<BookingSettings, ApiError> {
        if let Some((at, settings)) = self.cached.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
            if at.elapsed() < TTL {
                return Ok(settings.clone());
            }
        }
        let settings = sqlx::query_as::<_, BookingSettings>(
            "select payment_time_minutes, sales_close_minutes, return_cutoff_minutes, return_fee_percent, \
                    stamps_per_reward, reward_value, vat_rate_percent, invoice_prefix, name as company_name \
             from companies order by id limit 1",
        )
        .fetch_optional(pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("reading the company settings: {e}")))?
        .unwrap_or_default();
        *self.cached.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), settings.clone()));
        Ok(settings)
    }
}
