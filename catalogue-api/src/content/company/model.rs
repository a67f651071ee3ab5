//! The company's settings as stored and shown, and the rules a save must pass.

use api_core::{codes, ApiError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::content::common::html::{plain_text, sanitize_html};
use crate::content::common::validate::{self, Errors};

use super::seller;

/// Every setting of the company (the columns of `companies` but its id and times).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Settings {
    pub name: String,
    /// The invoice series: `{invoice_prefix}/{year}/{sequence}`.
    pub invoice_prefix: String,
    /// Who issues invoices (name and address lines).
    pub invoice_issuer: String,
    /// Where copies of invoices go (empty: nowhere).
    pub invoice_email: String,
    /// Where order reports go (empty: nowhere).
    pub order_report_email: String,
    /// Footer contact block 1 (sanitised HTML).
    pub page_footer_1: String,
    /// Footer contact block 2 (sanitised HTML).
    pub page_footer_2: String,
    /// Footer block 1 in English (sanitised HTML); empty: not translated (an English
    /// read shows `page_footer_1`).
    pub page_footer_1_en: String,
    /// Footer block 2 in English (sanitised HTML); empty: not translated.
    pub page_footer_2_en: String,
    /// Seconds.
    pub refresh_time: i32,
    pub vat_rate_percent: i32,
    /// How long an unpaid reservation holds its seats.
    pub payment_time_minutes: i32,
    /// Sales close this long before departure from the boarding stop.
    pub sales_close_minutes: i32,
    /// Returns are possible until this long before departure.
    pub return_cutoff_minutes: i32,
    pub return_fee_percent: i32,
    /// Stamps that earn one reward coupon.
    pub stamps_per_reward: i32,
    /// The reward coupon's value in grosz.
    pub reward_value: i64,
    /// The seller's NIP on invoices: ten digits, or empty before it is set.
    pub tax_id: String,
    /// The seller's street address on invoices (`ul. Kolejowa 1`).
    pub address: String,
    /// The seller's postal code (`37-400` in Poland).
    pub postal_code: String,
    /// The seller's city.
    pub city: String,
    /// The seller's country: two capital letters (ISO 3166-1), `PL` by default.
    pub country: String,
}

impl Default for Settings {
    /// The defaults of `DECISIONS.md` (and of the table).
    fn default() -> Self {
        Settings {
            name: String::new(),
            invoice_prefix: "FV".into(),
            invoice_issuer: String::new(),
            invoice_email: String::new(),
            order_report_email: String::new(),
            page_footer_1: String::new(),
            page_footer_2: String::new(),
            page_footer_1_en: String::new(),
            page_footer_2_en: String::new(),
            refresh_time: 3600,
            vat_rate_percent: 8,
            payment_time_minutes: 15,
            sales_close_minutes: 10,
            return_cutoff_minutes: 10,
            return_fee_percent: 10,
            stamps_per_reward: 10,
            reward_value: 2000,
            tax_id: String::new(),
            address: String::new(),
            postal_code: String::new(),
            city: String::new(),
            country: "PL".into(),
        }
    }
}

impl Settings {
    /// As shown: footers sanitised again, texts without markup, whatever the row holds.
    pub fn cleaned(mut self) -> Self {
        self.name = plain_text(&self.name);
        self.invoice_issuer = plain_text(&self.invoice_issuer);
        self.address = plain_text(&self.address);
        self.postal_code = plain_text(&self.postal_code);
        self.city = plain_text(&self.city);
        self.page_footer_1 = sanitize_html(&self.page_footer_1);
        self.page_footer_2 = sanitize_html(&self.page_footer_2);
        self.page_footer_1_en = sanitize_html(&self.page_footer_1_en);
        self.page_footer_2_en = sanitize_html(&self.page_footer_2_en);
        self
    }
}

/// A `companies` row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow, ToSchema)]
pub struct Company {
    pub id: i64,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub settings: Settings,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Company {
    pub fn cleaned(mut self) -> Self {
        self.settings = self.settings.cleaned();
        self
    }
}

pub const COLUMNS: &str = "id, name, invoice_prefix, invoice_issuer, invoice_email, order_report_email, \
    page_footer_1, page_footer_2, page_footer_1_en, page_footer_2_en, refresh_time, vat_rate_percent, \
    payment_time_minutes, sales_close_minutes, return_cutoff_minutes, return_fee_percent, stamps_per_reward, \
    reward_value, tax_id, address, postal_code, city, country, created_at, updated_at";

/// What a client sends to save settings; absent fields keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SettingsInput {
    #[schema(
        max_length = 200,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f]([^<>\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f])?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub name: Option<String>,
    /// 1-20 of `A-Z`, `0-9`, `/`, `-`.
    #[schema(
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[A-Z0-9/-]{1,20}[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub invoice_prefix: Option<String>,
    /// Plain text (several lines), at most 1000 characters.
    #[schema(max_length = 1000, pattern = "^[^<>\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$")]
    pub invoice_issuer: Option<String>,
    /// An e-mail address, or empty for none.
    #[schema(
        max_length = 254,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@\\u0000-\\u001f\\u007f-\\u009f]{1,64}@([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-]([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-])?\\.)+[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-]([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-])?)?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub invoice_email: Option<String>,
    /// An e-mail address, or empty for none.
    #[schema(
        max_length = 254,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@\\u0000-\\u001f\\u007f-\\u009f]{1,64}@([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-]([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-])?\\.)+[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-]([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>,;@.\\u0000-\\u001f\\u007f-\\u009f-])?)?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub order_report_email: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 20_000)]
    pub page_footer_1: Option<String>,
    /// HTML; sanitised.
    #[schema(max_length = 20_000)]
    pub page_footer_2: Option<String>,
    /// HTML; sanitised. Empty: not translated.
    #[schema(max_length = 20_000)]
    pub page_footer_1_en: Option<String>,
    /// HTML; sanitised. Empty: not translated.
    #[schema(max_length = 20_000)]
    pub page_footer_2_en: Option<String>,
    /// Seconds, up to a year.
    #[schema(minimum = 0, maximum = 31_536_000)]
    pub refresh_time: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    pub vat_rate_percent: Option<i64>,
    #[schema(minimum = 1, maximum = 1440)]
    pub payment_time_minutes: Option<i64>,
    #[schema(minimum = 0, maximum = 1440)]
    pub sales_close_minutes: Option<i64>,
    #[schema(minimum = 0, maximum = 10_080)]
    pub return_cutoff_minutes: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    pub return_fee_percent: Option<i64>,
    #[schema(minimum = 1, maximum = 1000)]
    pub stamps_per_reward: Option<i64>,
    /// Grosz.
    #[schema(minimum = 1, maximum = 1_000_000)]
    pub reward_value: Option<i64>,
    /// The seller's NIP: ten digits, which may be written with `-`, spaces and a `PL`
    /// prefix, whose weighted sum (6, 5, 7, 2, 3, 4, 5, 6, 7) modulo 11 is the tenth digit;
    /// stored as the ten digits. Empty: not set yet.
    #[schema(
        max_length = 30,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*((PL|pl)?[ -]*([0-9][ -]*){10})?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub tax_id: Option<String>,
    /// The seller's street address: one line of plain text, or empty.
    #[schema(
        max_length = 200,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f]([^<>\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f])?)?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub address: Option<String>,
    /// The seller's postal code: `NN-NNN` (`37-400`) when the country is `PL`, else one
    /// line of plain text; or empty.
    #[schema(
        max_length = 20,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f]([^<>\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f])?)?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub postal_code: Option<String>,
    /// The seller's city: one line of plain text, or empty.
    #[schema(
        max_length = 200,
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*([^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f]([^<>\\u0000-\\u001f\\u007f-\\u009f]*[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000<>\\u0000-\\u001f\\u007f-\\u009f])?)?[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub city: Option<String>,
    /// The seller's country: two capital letters (ISO 3166-1), `PL` for Poland.
    #[schema(
        pattern = "^[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[A-Z]{2}[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub country: Option<String>,
}

const DAY_MINUTES: i64 = 24 * 60;

fn invoice_prefix(value: &str) -> Result<String, String> {
    let value = value.trim();
    let ok = (1..=20).contains(&value.len())
        && value.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || matches!(c, '/' | '-'));
    if ok {
        Ok(value.to_string())
    } else {
        Err("must be 1 to 20 of A-Z, 0-9, / and -".into())
    }
}

impl SettingsInput {
    /// Check every field, merged over `current`; all problems at once.
    pub fn parse(self, current: Settings) -> Result<Settings, ApiError> {
        let mut e = Errors::default();
        let c = current;
        let mut int = |field: &str, value: Option<i64>, now: i64, min: i64, max: i64| -> i64 {
            e.check(field, validate::int_in(value.unwrap_or(now), min, max)).unwrap_or(now)
        };
        let refresh_time = int("refresh_time", self.refresh_time, c.refresh_time.into(), 0, 365 * 24 * 3600);
        let vat_rate_percent = int("vat_rate_percent", self.vat_rate_percent, c.vat_rate_percent.into(), 0, 100);
        let payment_time_minutes =
            int("payment_time_minutes", self.payment_time_minutes, c.payment_time_minutes.into(), 1, DAY_MINUTES);
        let sales_close_minutes =
            int("sales_close_minutes", self.sales_close_minutes, c.sales_close_minutes.into(), 0, DAY_MINUTES);
        let return_cutoff_minutes = int(
            "return_cutoff_minutes",
            self.return_cutoff_minutes,
            c.return_cutoff_minutes.into(),
            0,
            7 * DAY_MINUTES,
        );
        let return_fee_percent =
            int("return_fee_percent", self.return_fee_percent, c.return_fee_percent.into(), 0, 100);
        let stamps_per_reward = int("stamps_per_reward", self.stamps_per_reward, c.stamps_per_reward.into(), 1, 1000);
        let reward_value = int("reward_value", self.reward_value, c.reward_value, 1, 1_000_000);
        let text = |e: &mut Errors,
                    field: &str,
                    value: Option<String>,
                    now: String,
                    rule: &dyn Fn(&str) -> Result<String, String>| {
            let value = value.unwrap_or(now);
            e.check(field, rule(&value)).unwrap_or(value)
        };
        let country = text(&mut e, "country", self.country, c.country, &seller::country);
        let postal_code = self.postal_code.unwrap_or(c.postal_code);
        let postal_code = e.check("postal_code", seller::postal_code(&postal_code)).and_then(|code| {
            e.check_coded("postal_code", codes::FIELD_INVALID_POSTAL_CODE, seller::postal_code_in(code, &country))
        });
        let tax_id = self.tax_id.unwrap_or(c.tax_id);
        let tax_id = e.check_coded("tax_id", codes::FIELD_INVALID_VAT_NUMBER, seller::tax_id(&tax_id));
        let settings = Settings {
            name: text(&mut e, "name", self.name, c.name, &|v| validate::plain_line(v, 1, 200)),
            invoice_prefix: text(&mut e, "invoice_prefix", self.invoice_prefix, c.invoice_prefix, &invoice_prefix),
            invoice_issuer: text(&mut e, "invoice_issuer", self.invoice_issuer, c.invoice_issuer, &|v| {
                validate::plain_text(v, 1000)
            }),
            invoice_email: text(
                &mut e,
                "invoice_email",
                self.invoice_email,
                c.invoice_email,
                &validate::optional_email,
            ),
            order_report_email: text(
                &mut e,
                "order_report_email",
                self.order_report_email,
                c.order_report_email,
                &validate::optional_email,
            ),
            page_footer_1: text(&mut e, "page_footer_1", self.page_footer_1, c.page_footer_1, &|v| {
                validate::html(v, 20_000)
            }),
            page_footer_2: text(&mut e, "page_footer_2", self.page_footer_2, c.page_footer_2, &|v| {
                validate::html(v, 20_000)
            }),
            page_footer_1_en: text(&mut e, "page_footer_1_en", self.page_footer_1_en, c.page_footer_1_en, &|v| {
                validate::html(v, 20_000)
            }),
            page_footer_2_en: text(&mut e, "page_footer_2_en", self.page_footer_2_en, c.page_footer_2_en, &|v| {
                validate::html(v, 20_000)
            }),
            // The ranges above fit in an `i32`.
            refresh_time: i32::try_from(refresh_time).unwrap_or_default(),
            vat_rate_percent: i32::try_from(vat_rate_percent).unwrap_or_default(),
            payment_time_minutes: i32::try_from(payment_time_minutes).unwrap_or_default(),
            sales_close_minutes: i32::try_from(sales_close_minutes).unwrap_or_default(),
            return_cutoff_minutes: i32::try_from(return_cutoff_minutes).unwrap_or_default(),
            return_fee_percent: i32::try_from(return_fee_percent).unwrap_or_default(),
            stamps_per_reward: i32::try_from(stamps_per_reward).unwrap_or_default(),
            reward_value,
            tax_id: tax_id.unwrap_or_default(),
            address: text(&mut e, "address", self.address, c.address, &seller::line),
            postal_code: postal_code.unwrap_or_default(),
            city: text(&mut e, "city", self.city, c.city, &seller::line),
            country,
        };
        e.finish()?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(err: ApiError) -> Vec<String> {
        match err {
            ApiError::Validation { errors, .. } => errors.into_iter().map(|e| e.field).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_new_company_needs_a_name_and_keeps_the_defaults() {
        assert_eq!(fields(SettingsInput::default().parse(Settings::default()).unwrap_err()), ["name"]);
        let input = SettingsInput { name: Some("PKS Nisko".into()), ..Default::default() };
        let settings = input.parse(Settings::default()).unwrap();
        assert_eq!(settings, Settings { name: "PKS Nisko".into(), ..Settings::default() });
    }

    #[test]
    fn every_field_is_checked() {
        let input: SettingsInput = serde_json::from_value(serde_json::json!({
            "name": "", "invoice_prefix": "fv 2026", "invoice_issuer": "<b>x</b>", "invoice_email": "nope",
            "order_report_email": "a@b", "refresh_time": -1, "vat_rate_percent": 101, "payment_time_minutes": 0,
            "sales_close_minutes": -1, "return_cutoff_minutes": -5, "return_fee_percent": 120,
            "stamps_per_reward": 0, "reward_value": 0
        }))
        .unwrap();
        let mut got = fields(input.parse(Settings::default()).unwrap_err());
        got.sort();
        assert_eq!(
            got,
            [
                "invoice_email",
                "invoice_issuer",
                "invoice_prefix",
                "name",
                "order_report_email",
                "payment_time_minutes",
                "refresh_time",
                "return_cutoff_minutes",
                "return_fee_percent",
                "reward_value",
                "sales_close_minutes",
                "stamps_per_reward",
                "vat_rate_percent"
            ]
        );
    }

    #[test]
    fn the_seller_is_checked_and_its_nip_stored_as_ten_digits() {
        let current = Settings { name: "PKS".into(), ..Settings::default() };
        assert_eq!((current.tax_id.as_str(), current.country.as_str()), ("", "PL"));
        let input = SettingsInput {
            tax_id: Some("PL 526-025-02-74".into()),
            address: Some(" ul. Kolejowa 1 ".into()),
            postal_code: Some("37-400".into()),
            city: Some("Nisko".into()),
            country: Some("PL".into()),
            ..Default::default()
        };
        let saved = input.parse(current.clone()).unwrap();
        assert_eq!(
            [saved.tax_id.as_str(), &saved.address, &saved.postal_code, &saved.city, &saved.country],
            ["5260250274", "ul. Kolejowa 1", "37-400", "Nisko", "PL"]
        );

        let input: SettingsInput = serde_json::from_value(serde_json::json!({
            "tax_id": "526-025-02-75", "address": "a\nb", "postal_code": "37400", "city": "<b>Nisko</b>",
            "country": "pl"
        }))
        .unwrap();
        let mut got = fields(input.parse(current).unwrap_err());
        got.sort();
        assert_eq!(got, ["address", "city", "country", "tax_id"]);
    }

    #[test]
    fn the_seller_errors_carry_their_codes() {
        let current = Settings { name: "PKS".into(), ..Settings::default() };
        let input = SettingsInput {
            tax_id: Some("5260250275".into()),
            postal_code: Some("37400".into()),
            ..Default::default()
        };
        let ApiError::Validation { errors, .. } = input.parse(current).unwrap_err() else { panic!() };
        let got: Vec<_> = errors.iter().map(|e| (e.field.as_str(), e.code, e.message.as_str())).collect();
        assert_eq!(
            got,
            [
                ("postal_code", codes::FIELD_INVALID_POSTAL_CODE, seller::POSTAL_CODE_MESSAGE),
                ("tax_id", codes::FIELD_INVALID_VAT_NUMBER, seller::NIP_MESSAGE)
            ]
        );
    }

    #[test]
    fn a_postal_code_is_checked_against_the_country_it_ends_up_with() {
        let german =
            Settings { name: "PKS".into(), postal_code: "10115".into(), country: "DE".into(), ..Settings::default() };
        let to_poland = SettingsInput { country: Some("PL".into()), ..Default::default() };
        assert_eq!(fields(to_poland.parse(german.clone()).unwrap_err()), ["postal_code"]);
        let with_code =
            SettingsInput { country: Some("PL".into()), postal_code: Some("37-400".into()), ..Default::default() };
        assert_eq!(with_code.parse(german).unwrap().postal_code, "37-400");
    }

    #[test]
    fn invoice_prefixes() {
        for ok in ["FV", "NK/2026-A", "ABCDEFGHIJ0123456789"] {
            assert!(invoice_prefix(ok).is_ok(), "{ok}");
        }
        for bad in ["", "fv", "F V", "ABCDEFGHIJ01234567890", "FV_1"] {
            assert!(invoice_prefix(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn footers_are_sanitised_on_the_way_out() {
        let s = Settings {
            page_footer_1: "<p>Biuro</p><script>x()</script>".into(),
            page_footer_2_en: "<p>Office</p><script>x()</script>".into(),
            ..Settings::default()
        };
        let s = s.cleaned();
        assert_eq!((s.page_footer_1.as_str(), s.page_footer_2_en.as_str()), ("<p>Biuro</p>", "<p>Office</p>"));
    }

    #[test]
    fn english_footers_may_be_empty_and_are_checked_like_the_polish() {
        let input = SettingsInput {
            page_footer_1_en: Some("<p>Office</p><script>x()</script>".into()),
            page_footer_2_en: Some("x".repeat(20_001)),
            ..Default::default()
        };
        let current = Settings { name: "PKS".into(), ..Settings::default() };
        assert_eq!(fields(input.parse(current.clone()).unwrap_err()), ["page_footer_2_en"]);
        let input =
            SettingsInput { page_footer_1_en: Some("<p>Office</p><script>x()</script>".into()), ..Default::default() };
        let saved = input.parse(current).unwrap();
        assert_eq!((saved.page_footer_1_en.as_str(), saved.page_footer_2_en.as_str()), ("<p>Office</p>", ""));
    }
}
