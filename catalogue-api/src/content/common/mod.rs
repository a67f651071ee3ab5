//! What the content resources share: HTML and text cleaning ([`html`]), request
//! extraction ([`input`]), field rules ([`validate`]), the one line of plain text
//! ([`plain_line`]) and the
//! language of public reads ([`lang`]).

pub mod html;
pub mod input;
pub mod lang;
pub mod plain_line;
pub mod validate;
