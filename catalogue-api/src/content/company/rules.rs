//! The rules a save of the company's settings must pass: every field of a
//! [`SettingsInput`] checked over the settings it changes, all problems at once.

use api_core::ApiError;

use super::model::{Settings, SettingsInput};
use super::seller;
use crate::content::common::validate;
use crate::content::common::values::{Country, InvoicePrefix};
use api_core::values::{OrEmpty, PlainLine, Sent, ValueError};
use api_core::Fields;

const DAY_MINUTES: i64 = 24 * 60;

impl SettingsInput {
    /// Check every field, merged over `current`; all problems at once.
    pub fn parse(self, current: Settings) -> Result<Settings, ApiError> {
        self.parse_beside(current, &[])
    }

    /// [`SettingsInput::parse`] after serde refused the fields `refused` (left out of
    /// `self`): a postal code is not checked against a country that was refused.
    pub fn parse_beside(self, current: Settings, refused: &[String]) -> Result<Settings, ApiError> {
        let mut e = Fields::default();
        let c = current;
        let n = self.numbers(&c, &mut e);
        let country = self.country.map(Country::into_string).unwrap_or(c.country);
        let country_refused = refused.iter().any(|f| f == "country");
        let postal_code = self.postal_code.unwrap_or_else(|| Sent::new(c.postal_code));
        let postal_code = seller_postal_code(&mut e, &postal_code, (!country_refused).then_some(country.as_str()));
        let tax_id = self.tax_id.unwrap_or_else(|| Sent::new(c.tax_id));
        let tax_id = e.value_with("tax_id", seller::tax_id(&tax_id), |_| seller::NIP_MESSAGE.into());
        let html = |v: &str| validate::html(v, 20_000);
        let settings = Settings {
            name: text(&mut e, "name", self.name.map(String::from), c.name, &|v| {
                PlainLine::<200>::parse(v).map(String::from)
            }),
            invoice_prefix: self.invoice_prefix.map(InvoicePrefix::into_string).unwrap_or(c.invoice_prefix),
            invoice_issuer: text(&mut e, "invoice_issuer", self.invoice_issuer, c.invoice_issuer, &|v| {
                validate::plain_text(v, 1000)
            }),
            invoice_email: self.invoice_email.map(OrEmpty::into_text).unwrap_or(c.invoice_email),
            order_report_email: self.order_report_email.map(OrEmpty::into_text).unwrap_or(c.order_report_email),
            page_footer_1: text(&mut e, "page_footer_1", self.page_footer_1, c.page_footer_1, &html),
            page_footer_2: text(&mut e, "page_footer_2", self.page_footer_2, c.page_footer_2, &html),
            page_footer_1_en: text(&mut e, "page_footer_1_en", self.page_footer_1_en, c.page_footer_1_en, &html),
            page_footer_2_en: text(&mut e, "page_footer_2_en", self.page_footer_2_en, c.page_footer_2_en, &html),
            refresh_time: n.refresh_time,
            vat_rate_percent: n.vat_rate_percent,
            payment_time_minutes: n.payment_time_minutes,
            sales_close_minutes: n.sales_close_minutes,
            return_cutoff_minutes: n.return_cutoff_minutes,
            return_fee_percent: n.return_fee_percent,
            stamps_per_reward: n.stamps_per_reward,
            reward_value: n.reward_value,
            tax_id: tax_id.unwrap_or_default(),
            address: self.address.map(OrEmpty::into_text).unwrap_or(c.address),
            postal_code: postal_code.unwrap_or_default(),
            city: self.city.map(OrEmpty::into_text).unwrap_or(c.city),
            country,
            ksef_send_consumers: self.ksef_send_consumers.unwrap_or(c.ksef_send_consumers),
        };
        e.finish()?;
        Ok(settings)
    }

    /// The numeric settings, each within its range (the current one where not sent).
    fn numbers(&self, c: &Settings, e: &mut Fields<'_>) -> Numbers {
        let mut int = |field: &str, value: Option<i64>, now: i64, min: i64, max: i64| -> i64 {
            e.value(field, validate::int_in(value.unwrap_or(now), min, max)).unwrap_or(now)
        };
        // The ranges below fit in an `i32`.
        let mut int32 = |field: &str, value: Option<i64>, now: i32, min: i64, max: i64| -> i32 {
            i32::try_from(int(field, value, now.into(), min, max)).unwrap_or_default()
        };
        Numbers {
            refresh_time: int32("refresh_time", self.refresh_time, c.refresh_time, 0, 365 * 24 * 3600),
            vat_rate_percent: int32("vat_rate_percent", self.vat_rate_percent, c.vat_rate_percent, 0, 100),
            payment_time_minutes: int32(
                "payment_time_minutes",
                self.payment_time_minutes,
                c.payment_time_minutes,
                1,
                DAY_MINUTES,
            ),
            sales_close_minutes: int32(
                "sales_close_minutes",
                self.sales_close_minutes,
                c.sales_close_minutes,
                0,
                DAY_MINUTES,
            ),
            return_cutoff_minutes: int32(
                "return_cutoff_minutes",
                self.return_cutoff_minutes,
                c.return_cutoff_minutes,
                0,
                7 * DAY_MINUTES,
            ),
            return_fee_percent: int32("return_fee_percent", self.return_fee_percent, c.return_fee_percent, 0, 100),
            stamps_per_reward: int32("stamps_per_reward", self.stamps_per_reward, c.stamps_per_reward, 1, 1000),
            reward_value: int("reward_value", self.reward_value, c.reward_value, 1, 1_000_000),
        }
    }
}

/// The numeric settings as checked.
struct Numbers {
    refresh_time: i32,
    vat_rate_percent: i32,
    payment_time_minutes: i32,
    sales_close_minutes: i32,
    return_cutoff_minutes: i32,
    return_fee_percent: i32,
    stamps_per_reward: i32,
    reward_value: i64,
}

/// A text setting checked by `rule` (the current one where not sent).
fn text(
    e: &mut Fields<'_>,
    field: &str,
    value: Option<String>,
    now: String,
    rule: &dyn Fn(&str) -> Result<String, ValueError>,
) -> String {
    let value = value.unwrap_or(now);
    e.value(field, rule(&value)).unwrap_or(value)
}

/// The seller's postal code in its form, and (`country`: one not refused) the country's.
fn seller_postal_code(
    e: &mut Fields<'_>,
    postal_code: &Sent<OrEmpty<PlainLine<{ seller::POSTAL_CODE_MAX }>>>,
    country: Option<&str>,
) -> Option<String> {
    e.value("postal_code", seller::postal_code(postal_code)).and_then(|code| match country {
        None => Some(code),
        Some(country) => {
            e.value_with("postal_code", seller::postal_code_in(code, country), |_| seller::POSTAL_CODE_MESSAGE.into())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_core::codes;

    /// The body read as the save reads it (serde, then the rules): every problem at once.
    fn save(body: serde_json::Value, current: Settings) -> Result<Settings, ApiError> {
        let mut f = Fields::new(&body).expect("an object");
        let settings = f.parse_beside(|input: SettingsInput, refused| input.parse_beside(current, refused));
        f.finish().map(|()| settings)
    }

    fn fields(err: ApiError) -> Vec<String> {
        match err {
            ApiError::Validation { errors, .. } => errors.into_iter().map(|e| e.field).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_new_company_needs_a_name_and_keeps_the_defaults() {
        assert_eq!(fields(SettingsInput::default().parse(Settings::default()).unwrap_err()), ["name"]);
        let input = SettingsInput { name: PlainLine::parse("PKS Nisko").ok(), ..Default::default() };
        let settings = input.parse(Settings::default()).unwrap();
        assert_eq!(settings, Settings { name: "PKS Nisko".into(), ..Settings::default() });
    }

    #[test]
    fn every_field_is_checked() {
        let input = serde_json::json!({
            "name": "", "invoice_prefix": "fv 2026", "invoice_issuer": "<b>x</b>", "invoice_email": "nope",
            "order_report_email": "a@b", "refresh_time": -1, "vat_rate_percent": 101, "payment_time_minutes": 0,
            "sales_close_minutes": -1, "return_cutoff_minutes": -5, "return_fee_percent": 120,
            "stamps_per_reward": 0, "reward_value": 0
        });
        let mut got = fields(save(input, Settings::default()).unwrap_err());
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
            address: OrEmpty::new(" ul. Kolejowa 1 ").ok(),
            postal_code: Some("37-400".into()),
            city: OrEmpty::new("Nisko").ok(),
            country: Country::parse("PL").ok(),
            ..Default::default()
        };
        let saved = input.parse(current.clone()).unwrap();
        assert_eq!(
            [saved.tax_id.as_str(), &saved.address, &saved.postal_code, &saved.city, &saved.country],
            ["5260250274", "ul. Kolejowa 1", "37-400", "Nisko", "PL"]
        );

        let input = serde_json::json!({
            "tax_id": "526-025-02-75", "address": "a\nb", "postal_code": "37400", "city": "<b>Nisko</b>",
            "country": "pl"
        });
        let mut got = fields(save(input, current).unwrap_err());
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
        let to_poland = SettingsInput { country: Country::parse("PL").ok(), ..Default::default() };
        assert_eq!(fields(to_poland.parse(german.clone()).unwrap_err()), ["postal_code"]);
        let with_code = SettingsInput {
            country: Country::parse("PL").ok(),
            postal_code: Some("37-400".into()),
            ..Default::default()
        };
        assert_eq!(with_code.parse(german).unwrap().postal_code, "37-400");
    }

    #[test]
    fn invoice_prefixes() {
        for ok in ["FV", "NK/2026-A", "ABCDEFGHIJ0123456789"] {
            assert!(InvoicePrefix::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["", "fv", "F V", "ABCDEFGHIJ01234567890", "FV_1"] {
            assert!(InvoicePrefix::parse(bad).is_err(), "{bad}");
        }
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
