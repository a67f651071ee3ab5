//! # payment
//!
//! The payment gateway port and its two adapters.
//!
//! ## The flow (Przelewy24's, which the sandbox imitates)
//!
//! 1. Placing an order, the shop calls [`PaymentGateway::register`] with a
//!    [`RegisterTransaction`]: our `session_id` (the order's id), the amount in grosz,
//!    where to send the customer back (`url_return`) and where to notify us
//!    (`url_status`, i.e. `POST /api/payment/notify/{provider}`). It gets a
//!    [`Registration`]: a token to keep with the order (`PaymentRef`) and the gateway
//!    page to send the customer to (`payment_url`).
//! 2. The customer pays (or not) on the gateway's page and is sent back to `url_return`.
//! 3. The gateway POSTs a [`Notification`] (JSON, camelCase) to `url_status`. The shop
//!    deserializes it, calls [`PaymentGateway::check_notification`] (the SHA-384 `sign`
//!    over the documented fields with the CRC key, and our merchant and POS ids),
//!    compares `session_id` and `amount` with the order, calls
//!    [`PaymentGateway::verify`] (Przelewy24's `transaction/verify`), and only then
//!    records the payment, idempotently: a gateway may notify more than once.
//!
//! ## The adapters
//!
//! - [`Sandbox`] (provider `"sandbox"`), the default: built in, state in the
//!   `payment_sandbox_transactions` table. Its page and buttons are served by
//!   [`sandbox_router`] (`GET /payment/sandbox/{token}`,
//!   `POST /api/payment/sandbox/{token}/pay|fail`). Paying signs and POSTs the
//!   notification to `url_status` itself, so the shop's notification endpoint is
//!   exercised exactly as with the real gateway. [`Sandbox::redeliver`] resends it.
//! - [`Przelewy24`] (provider `"przelewy24"`): the real REST API v1 with basic auth
//!   (POS id, API key) and signed bodies, configured by [`Przelewy24Config`].
//!
//! ## Status, honestly
//!
//! The signatures are checked against digests written out by hand in the tests and one
//! computed outside Rust. The Przelewy24 adapter has only been run against a fake
//! Przelewy24 written in its tests (`tests/przelewy24.rs`), which checks the basic auth
//! and every `sign` and answers in Przelewy24's documented shapes: this workplace has no
//! internet, so it has never talked to the real sandbox. Do one payment against
//! [`p24::SANDBOX_URL`] with real sandbox credentials before going live. Przelewy24's
//! `testAccess` call and its refund status notifications (`urlStatus` of a refund) are
//! not implemented: a refund counts as done when `transaction/refund` accepts it.

mod gateway;
pub mod p24;
pub mod sandbox;

pub use gateway::{
    Language, Notification, PaymentError, PaymentGateway, RefundRequest, RegisterTransaction, Registration,
    REFUND_DESCRIPTION_MAX,
};
pub use p24::{Przelewy24, Przelewy24Config};
pub use sandbox::{sandbox_router, Sandbox, SandboxConfig, SandboxStatus, SandboxTransaction};
