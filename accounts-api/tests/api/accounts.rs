//! The accounts endpoints through HTTP: register and confirm, login and its rate limit,
//! logout and the logged-in user, forgot and change password, my account.

mod email_change;
mod journey;
mod login;
mod my_account;
mod passwords;
mod register;
mod support;
