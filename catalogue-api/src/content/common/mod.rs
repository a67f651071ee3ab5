//! What the content resources share: HTML and text cleaning ([`html`]), request
//! extraction ([`input`]), field rules ([`validate`]) and the
//! language of public reads ([`lang`]).

pub mod html;
pub mod input;
pub mod lang;
pub mod validate;
