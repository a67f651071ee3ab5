//! What the content resources share: HTML and text cleaning ([`html`]), request
//! extraction ([`input`]), field rules in the API's one kit ([`validate`]; the one line of plain text is
//! `api_core::values::PlainLine`) and the language of public reads ([`lang`]).

pub mod html;
pub mod input;
pub mod lang;
pub mod validate;
pub mod values;
