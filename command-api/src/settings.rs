//! The company settings the commands obey (docs/settings.md, values marked *setting* in docs/),
//! read from `companies` and kept for a few seconds: a busy course places hundreds of
//! orders a second, and an admin's change may take that long to apply.
//!
//! The row is parsed once, when it is read, into typed values that cannot hold nonsense
//! ([`Minutes`], [`Percent`], [`Positive`]): a command never converts a raw integer
//! itself, so a negative stored value can no longer turn the sales cutoff or the return
//! fee off by becoming 0. The admin cannot save such a value (the settings form checks
//! every field, and the table's checks refuse the rest); should one be found anyway, it
//! is logged as an error and its documented default is used instead
//! (docs/settings.md, 'Nonsense is never read as zero').

use std::sync::Mutex;
use std::time::{Duration, Instant};

use api_core::ApiError;
use sqlx::PgPool;

/// How long a read of the settings is reused.
const TTL: Duration = Duration::from_secs(5);

/// A number of minutes, never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Minutes(u32);

impl Minutes {
    pub const fn new(minutes: u32) -> Self {
        Minutes(minutes)
    }

    pub fn get(self) -> u32 {
        self.0
    }

    pub fn duration(self) -> chrono::Duration {
        chrono::Duration::minutes(i64::from(self.0))
    }
}

impl TryFrom<i32> for Minutes {
    type Error = SettingError;

    fn try_from(raw: i32) -> Result<Self, SettingError> {
        u32::try_from(raw).map(Minutes).map_err(|_| SettingError::Negative(i64::from(raw)))
    }
}

/// A percentage from 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Percent(u32);

impl Percent {
    pub const fn new(percent: u32) -> Option<Self> {
        if percent <= 100 {
            Some(Percent(percent))
        } else {
            None
        }
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

impl TryFrom<i32> for Percent {
    type Error = SettingError;

    fn try_from(raw: i32) -> Result<Self, SettingError> {
        u32::try_from(raw).ok().and_then(Percent::new).ok_or(SettingError::NotAPercent(raw))
    }
}

/// A number above 0 (a count, an amount in grosz).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Positive<T>(T);

impl<T: Copy> Positive<T> {
    pub fn get(self) -> T {
        self.0
    }
}

impl TryFrom<i32> for Positive<u32> {
    type Error = SettingError;

    fn try_from(raw: i32) -> Result<Self, SettingError> {
        u32::try_from(raw).ok().filter(|v| *v > 0).map(Positive).ok_or(SettingError::NotPositive(i64::from(raw)))
    }
}

impl TryFrom<i64> for Positive<i64> {
    type Error = SettingError;

    fn try_from(raw: i64) -> Result<Self, SettingError> {
        (raw > 0).then_some(Positive(raw)).ok_or(SettingError::NotPositive(raw))
    }
}

/// Why a stored setting is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("{0} is negative")]
    Negative(i64),
    #[error("{0} is not a percentage from 0 to 100")]
    NotAPercent(i32),
    #[error("{0} is not above 0")]
    NotPositive(i64),
}

/// The booking rules' numbers, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingSettings {
    /// An unpaid reservation expires this long after it is placed (never 0).
    pub payment_time: Minutes,
    /// Sales close this long before the coach leaves the boarding stop.
    pub sales_close: Minutes,
    /// Tickets can be returned or changed until this long before departure.
    pub return_cutoff: Minutes,
    /// The handling fee of a return.
    pub return_fee: Percent,
    pub stamps_per_reward: Positive<u32>,
    /// The value of a stamp reward's coupon, grosz.
    pub reward_value: Positive<i64>,
    pub vat_rate: Percent,
    pub invoice_prefix: String,
    pub company_name: String,
    /// The seller an invoice names: the company's name, NIP and address.
    pub seller: domain::order::Seller,
    /// The invoice office: a copy of every invoice and correction goes there (none when
    /// `None`, the setting left empty).
    pub invoice_email: Option<String>,
    /// The order-report office: the daily sales report goes there (none when `None`).
    pub order_report_email: Option<String>,
    /// Whether invoices to consumers (no NIP) go to KSeF too (off by default).
    pub ksef_send_consumers: bool,
}

impl Default for BookingSettings {
    /// The defaults (docs/settings.md, 'The settings in force'), for a database without a company yet.
    fn default() -> Self {
        BookingSettings {
            payment_time: Minutes(15),
            sales_close: Minutes(10),
            return_cutoff: Minutes(10),
            return_fee: Percent(10),
            stamps_per_reward: Positive(10),
            reward_value: Positive(2000),
            vat_rate: Percent(8),
            invoice_prefix: "FV".into(),
            company_name: String::new(),
            seller: domain::order::Seller::default(),
            invoice_email: None,
            order_report_email: None,
            ksef_send_consumers: false,
        }
    }
}

/// The settings as stored (`companies`), before they are parsed.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredSettings {
    pub payment_time_minutes: i32,
    pub sales_close_minutes: i32,
    pub return_cutoff_minutes: i32,
    pub return_fee_percent: i32,
    pub stamps_per_reward: i32,
    pub reward_value: i64,
    pub vat_rate_percent: i32,
    pub invoice_prefix: String,
    pub company_name: String,
    pub tax_id: String,
    pub address: String,
    pub postal_code: String,
    pub city: String,
    pub country: String,
    pub invoice_email: String,
    pub order_report_email: String,
    pub ksef_send_consumers: bool,
}

impl StoredSettings {
    /// The typed settings: a value that is nonsense is logged and replaced by its
    /// documented default (the others are kept).
    pub fn parse(self) -> BookingSettings {
        let default = BookingSettings::default();
        let payment_time = Minutes::try_from(self.payment_time_minutes).and_then(|m| {
            if m.get() == 0 {
                Err(SettingError::NotPositive(0))
            } else {
                Ok(m)
            }
        });
        BookingSettings {
            payment_time: or_default("payment_time_minutes", payment_time, default.payment_time),
            sales_close: or_default("sales_close_minutes", self.sales_close_minutes.try_into(), default.sales_close),
            return_cutoff: or_default(
                "return_cutoff_minutes",
                self.return_cutoff_minutes.try_into(),
                default.return_cutoff,
            ),
            return_fee: or_default("return_fee_percent", self.return_fee_percent.try_into(), default.return_fee),
            stamps_per_reward: or_default(
                "stamps_per_reward",
                self.stamps_per_reward.try_into(),
                default.stamps_per_reward,
            ),
            reward_value: or_default("reward_value", self.reward_value.try_into(), default.reward_value),
            vat_rate: or_default("vat_rate_percent", self.vat_rate_percent.try_into(), default.vat_rate),
            invoice_prefix: self.invoice_prefix,
            seller: domain::order::Seller {
                name: self.company_name.clone(),
                tax_id: self.tax_id,
                address: self.address,
                postal_code: self.postal_code,
                city: self.city,
                country: self.country,
            },
            company_name: self.company_name,
            invoice_email: address(self.invoice_email),
            order_report_email: address(self.order_report_email),
            ksef_send_consumers: self.ksef_send_consumers,
        }
    }
}

/// An address setting: `None` when left empty (the admin's form checks what is typed).
fn address(stored: String) -> Option<String> {
    let trimmed = stored.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

fn or_default<T: std::fmt::Debug>(field: &str, parsed: Result<T, SettingError>, default: T) -> T {
    parsed.unwrap_or_else(|e| {
        tracing::error!(field, error = %e, ?default, "a company setting is nonsense; using its documented default");
        default
    })
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
        let settings = sqlx::query_as::<_, StoredSettings>(
            "select payment_time_minutes, sales_close_minutes, return_cutoff_minutes, return_fee_percent, \
                    stamps_per_reward, reward_value, vat_rate_percent, invoice_prefix, name as company_name, \
                    tax_id, address, postal_code, city, country, invoice_email, order_report_email, \
                    ksef_send_consumers \
             from companies order by id limit 1",
        )
        .fetch_optional(pool)
        .await
        .map_err(|e| ApiError::Unavailable(format!("reading the company settings: {e}")))?
        .map_or_else(BookingSettings::default, StoredSettings::parse);
        *self.cached.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), settings.clone()));
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> StoredSettings {
        StoredSettings {
            payment_time_minutes: 20,
            sales_close_minutes: 5,
            return_cutoff_minutes: 2880,
            return_fee_percent: 15,
            stamps_per_reward: 12,
            reward_value: 2500,
            vat_rate_percent: 23,
            invoice_prefix: "NB".into(),
            company_name: "Nisko Bus".into(),
            tax_id: "8650001234".into(),
            address: "ul. Kolejowa 1".into(),
            postal_code: "37-400".into(),
            city: "Nisko".into(),
            country: "PL".into(),
            invoice_email: " faktury@niskobus.example ".into(),
            order_report_email: String::new(),
            ksef_send_consumers: false,
        }
    }

    #[test]
    fn the_seller_is_the_company_with_its_tax_id_and_address() {
        let s = stored().parse();
        assert_eq!((s.seller.name.as_str(), s.seller.tax_id.as_str()), ("Nisko Bus", "8650001234"));
        assert_eq!((s.seller.postal_code.as_str(), s.seller.city.as_str()), ("37-400", "Nisko"));
    }

    #[test]
    fn an_office_address_left_empty_is_none() {
        let s = stored().parse();
        assert_eq!(s.invoice_email.as_deref(), Some("faktury@niskobus.example"));
        assert_eq!(s.order_report_email, None);
    }

    #[test]
    fn sensible_values_are_kept() {
        let s = stored().parse();
        assert_eq!(
            (s.payment_time.get(), s.sales_close.get(), s.return_cutoff.get(), s.return_fee.get()),
            (20, 5, 2880, 15)
        );
        assert_eq!((s.stamps_per_reward.get(), s.reward_value.get(), s.vat_rate.get()), (12, 2500, 23));
        assert_eq!(Minutes::try_from(0), Ok(Minutes::new(0)), "sales may close at departure");
        assert_eq!(Percent::try_from(0).map(Percent::get), Ok(0), "returns may be free");
    }

    #[test]
    fn nonsense_is_refused_not_turned_into_zero() {
        assert_eq!(Minutes::try_from(-1), Err(SettingError::Negative(-1)));
        assert_eq!(Percent::try_from(-1), Err(SettingError::NotAPercent(-1)));
        assert_eq!(Percent::try_from(101), Err(SettingError::NotAPercent(101)));
        assert_eq!(Positive::<u32>::try_from(0), Err(SettingError::NotPositive(0)));
        assert_eq!(Positive::<i64>::try_from(-5), Err(SettingError::NotPositive(-5)));
    }

    #[test]
    fn a_nonsense_stored_value_falls_back_to_its_documented_default() {
        let s = StoredSettings {
            payment_time_minutes: 0,
            sales_close_minutes: -10,
            return_cutoff_minutes: -1,
            return_fee_percent: -5,
            stamps_per_reward: 0,
            reward_value: -1,
            vat_rate_percent: 150,
            ..stored()
        }
        .parse();
        let d = BookingSettings::default();
        assert_eq!(
            s,
            BookingSettings {
                invoice_prefix: "NB".into(),
                company_name: "Nisko Bus".into(),
                // The texts are kept as stored (the seller's data too).
                seller: stored().parse().seller,
                invoice_email: Some("faktury@niskobus.example".into()),
                ..d
            },
            "a negative cutoff or fee is not 0: it is the default"
        );
        assert_eq!((s.sales_close.get(), s.return_fee.get()), (10, 10));
    }
}
