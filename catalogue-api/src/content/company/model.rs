//! The company's settings as stored and shown, and as a client sends them
//! ([`SettingsInput`]); the rules a save must pass are in [`super::rules`].

use api_core::values::{OrEmpty, PlainLine};

use crate::content::common::values::{Country, InvoicePrefix};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use api_core::values::{Email, Nip, Sent};

use crate::content::common::html::{plain_text, sanitize_html};

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
    /// Whether invoices to consumers (buyers without a NIP) go to KSeF too; off: only
    /// invoices to companies go (the law asks no more).
    pub ksef_send_consumers: bool,
}

impl Default for Settings {
    /// The defaults (docs/settings.md, 'The settings in force'; and of the table).
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
            ksef_send_consumers: false,
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
    reward_value, tax_id, address, postal_code, city, country, ksef_send_consumers, created_at, updated_at";

/// What a client sends to save settings; absent fields keep their value. `name` is
/// required; `address`, `postal_code` (`NN-NNN` when the country is `PL`) and `city` may be
/// empty.
/// (A plain-line field's description is its type's, inlined so that the field states its
/// `maxLength`: its comments here are for the reader.)
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SettingsInput {
    /// Required on create (the company's settings keep it otherwise).
    pub name: Option<PlainLine<200>>,
    pub invoice_prefix: Option<InvoicePrefix>,
    /// Plain text (several lines), at most 1000 characters.
    #[schema(max_length = 1000, pattern = "^[^<>\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$")]
    pub invoice_issuer: Option<String>,
    /// An e-mail address, or empty for none.
    pub invoice_email: Option<OrEmpty<Email>>,
    /// An e-mail address, or empty for none.
    pub order_report_email: Option<OrEmpty<Email>>,
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
    #[schema(inline)]
    pub tax_id: Option<Sent<OrEmpty<Nip>>>,
    /// The seller's street address, or empty.
    pub address: Option<OrEmpty<PlainLine<200>>>,
    // The seller's postal code: `NN-NNN` (`37-400`) when the country is `PL`, else one
    // line of plain text; or empty.
    #[schema(inline)]
    pub postal_code: Option<Sent<OrEmpty<PlainLine<20>>>>,
    /// The seller's city, or empty.
    pub city: Option<OrEmpty<PlainLine<200>>>,
    /// The seller's country.
    pub country: Option<Country>,
    /// Whether invoices to consumers (buyers without a NIP) go to KSeF too.
    pub ksef_send_consumers: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
