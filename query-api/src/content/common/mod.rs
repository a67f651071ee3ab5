//! What the content resources share: HTML and text cleaning ([`html`]), request
//! extraction ([`input`]), field rules ([`validate`]) and database helpers ([`db`]).

pub mod db;
pub mod html;
pub mod input;
pub mod validate;
