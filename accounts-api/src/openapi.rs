//! The accounts part of the OpenAPI document ([`AccountsApi`]), plus the `{"data": …}`
//! envelopes the handlers answer, named so the document shows the real bodies.

use serde::Serialize;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use super::login::{LoggedIn, LoginInput};
use super::my_account::{MyAccountInput, UpdateMyAccountInput};
use super::passwords::{ChangePasswordInput, ForgotPasswordInput};
use super::register::{ConfirmInput, RegisterInput, Registered};
use super::users::{AccountView, UserView};
use super::Message;

#[derive(Serialize, ToSchema)]
pub struct LoggedInAnswer {
    pub data: LoggedIn,
}

#[derive(Serialize, ToSchema)]
pub struct RegisteredAnswer {
    pub data: Registered,
}

#[derive(Serialize, ToSchema)]
pub struct UserAnswer {
    pub data: UserView,
}

#[derive(Serialize, ToSchema)]
pub struct AccountAnswer {
    pub data: AccountView,
}

#[derive(Serialize, ToSchema)]
pub struct MessageAnswer {
    pub data: Message,
}

/// Declares the `bearer` scheme the logged-in endpoints name (an opaque session token
/// from login, sent as `Authorization: Bearer …`).
pub struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Register, confirm, login, logout, the logged-in user, passwords, my account.
#[derive(OpenApi)]
#[openapi(
    paths(
        super::register::register,
        super::register::confirm,
        super::register::confirm_get,
        super::login::login,
        super::login::logout,
        super::login::get,
        super::passwords::forgot_password,
        super::passwords::change_password,
        super::my_account::get_my_account,
        super::my_account::update_my_account,
        super::email_change::change_email,
        super::email_change::confirm_email,
    ),
    components(schemas(
        RegisterInput, ConfirmInput, LoginInput, ForgotPasswordInput, ChangePasswordInput, MyAccountInput,
        UpdateMyAccountInput, Registered, LoggedIn, UserView, AccountView, Message, LoggedInAnswer,
        RegisteredAnswer, UserAnswer, AccountAnswer, MessageAnswer,
        super::email_change::ChangeEmailInput, super::email_change::ConfirmEmailInput, super::email_change::EmailChanged,
    )),
    modifiers(&BearerAuth),
    tags((name = "accounts", description = "Register, activate, log in and out, passwords, my account")),
)]
pub struct AccountsApi;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_lists_every_accounts_path() {
        let doc = AccountsApi::openapi();
        let paths: Vec<&String> = doc.paths.paths.keys().collect();
        for path in [
            "/api/user/auth/register",
            "/api/user/auth/confirm",
            "/api/user/auth/login",
            "/api/user/auth/logout",
            "/api/user/auth/get",
            "/api/user/auth/forgot-password",
            "/api/user/auth/change-password",
            "/api/user/user/get-my-account",
            "/api/user/user/update-my-account",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path} missing from {paths:?}");
        }
        let json = serde_json::to_string(&doc).unwrap();
        assert!(json.contains("\"bearer\""));
        assert!(!json.contains("password_hash"));
    }
}
