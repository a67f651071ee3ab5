//! The stable codes of a field's refusal (`errors[].code` of a 422): what a
//! [`ValueError`](crate::ValueError) answers. `api_core::codes` lists them with their
//! meanings among the API's other codes (and `docs/errors.md` with them); a code never
//! changes once published, since clients translate by it.

macro_rules! field_codes {
    ($($name:ident = $code:literal;)*) => {
        $(#[doc = concat!("`", $code, "`")] pub const $name: &str = $code;)*
        /// Every field code.
        pub const ALL: &[&str] = &[$($code),*];
    };
}

field_codes! {
    FIELD_INVALID = "field.invalid";
    FIELD_BLANK = "field.blank";
    FIELD_NOT_TEXT = "field.not_text";
    FIELD_INVALID_EMAIL = "field.invalid_email";
    FIELD_TOO_SHORT = "field.too_short";
    FIELD_TOO_LONG = "field.too_long";
    FIELD_BAD_CHARACTERS = "field.bad_characters";
    FIELD_NOT_INTEGER = "field.not_integer";
    FIELD_NOT_NUMBER = "field.not_number";
    FIELD_NOT_BOOLEAN = "field.not_boolean";
    FIELD_OUT_OF_RANGE = "field.out_of_range";
    FIELD_NOT_DATE = "field.not_date";
    FIELD_INVALID_CHOICE = "field.invalid_choice";
    FIELD_NOT_ID = "field.not_id";
    FIELD_NOT_OBJECT = "field.not_object";
    FIELD_CONFLICT = "field.conflict";
    FIELD_INVALID_PHONE = "field.invalid_phone";
    FIELD_INVALID_VAT_NUMBER = "field.invalid_vat_number";
    FIELD_INVALID_POSTAL_CODE = "field.invalid_postal_code";
}
