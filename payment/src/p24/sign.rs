//! Przelewy24's signatures: the lowercase hex SHA-384 of a JSON object holding the
//! documented fields, in the documented order, followed by the CRC key, serialized
//! without escaping slashes or non-ASCII characters (PHP's
//! `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES`, which is serde_json's default).
//!
//! The order is part of the signature, so each object is a struct (serde writes struct
//! fields in declaration order) and never a `serde_json::Map`, whose order depends on
//! the `preserve_order` feature of whoever else is in the build.

use serde::Serialize;
use sha2::{Digest, Sha384};

use crate::gateway::{Notification, PaymentError};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegisterFields<'a> {
    session_id: &'a str,
    merchant_id: i64,
    amount: i64,
    currency: &'a str,
    crc: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationFields<'a> {
    merchant_id: i64,
    pos_id: i64,
    session_id: &'a str,
    amount: i64,
    origin_amount: i64,
    currency: &'a str,
    order_id: i64,
    method_id: i64,
    statement: &'a str,
    crc: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VerifyFields<'a> {
    session_id: &'a str,
    order_id: i64,
    amount: i64,
    currency: &'a str,
    crc: &'a str,
}

fn digest(fields: &impl Serialize) -> String {
    // These structs hold only strings and integers, which serde_json always serializes.
    let json = serde_json::to_vec(fields).expect("strings and integers always serialize");
    hex::encode(Sha384::digest(&json))
}

/// The `sign` of `transaction/register`: `{"sessionId","merchantId","amount","currency","crc"}`.
pub fn register(session_id: &str, merchant_id: i64, amount: i64, currency: &str, crc: &str) -> String {
    digest(&RegisterFields { session_id, merchant_id, amount, currency, crc })
}

/// The `sign` of a notification: `{"merchantId","posId","sessionId","amount",
/// "originAmount","currency","orderId","methodId","statement","crc"}` (`n.sign` itself
/// is ignored).
pub fn notification(n: &Notification, crc: &str) -> String {
    digest(&NotificationFields {
        merchant_id: n.merchant_id,
        pos_id: n.pos_id,
        session_id: &n.session_id,
        amount: n.amount,
        origin_amount: n.origin_amount,
        currency: &n.currency,
        order_id: n.order_id,
        method_id: n.method_id,
        statement: &n.statement,
        crc,
    })
}

/// The `sign` of `transaction/verify`: `{"sessionId","orderId","amount","currency","crc"}`.
pub fn verify(session_id: &str, order_id: i64, amount: i64, currency: &str, crc: &str) -> String {
    digest(&VerifyFields { session_id, order_id, amount, currency, crc })
}

/// Checks a notification's signature against `crc`, then that it is for `merchant_id`
/// and `pos_id`.
pub fn check_notification(n: &Notification, merchant_id: i64, pos_id: i64, crc: &str) -> Result<(), PaymentError> {
    if !constant_time_eq(notification(n, crc).as_bytes(), n.sign.to_ascii_lowercase().as_bytes()) {
        return Err(PaymentError::BadSignature);
    }
    if n.merchant_id != merchant_id {
        return Err(PaymentError::Mismatch(format!("merchant id {} is not ours", n.merchant_id)));
    }
    if n.pos_id != pos_id {
        return Err(PaymentError::Mismatch(format!("pos id {} is not ours", n.pos_id)));
    }
    Ok(())
}

/// Compares without stopping at the first difference, so the time taken does not tell
/// a forger how much of a guessed signature was right.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha384_hex(text: &str) -> String {
        hex::encode(Sha384::digest(text.as_bytes()))
    }

    fn notification_fixture() -> Notification {
        Notification {
            merchant_id: 11111,
            pos_id: 11111,
            session_id: "order/42".into(),
            amount: 3900,
            origin_amount: 3900,
            currency: "PLN".into(),
            order_id: 300000001,
            method_id: 25,
            statement: "p24-K12-B34-C56 Zażółć".into(),
            sign: String::new(),
        }
    }

    #[test]
    fn register_sign_hashes_the_documented_fields_in_order() {
        let expected =
            sha384_hex(r#"{"sessionId":"order/42","merchantId":11111,"amount":3900,"currency":"PLN","crc":"abc"}"#);
        assert_eq!(register("order/42", 11111, 3900, "PLN", "abc"), expected);
    }

    #[test]
    fn register_sign_matches_a_digest_computed_outside_rust() {
        // printf '%s' '{"sessionId":"1","merchantId":2,"amount":3,"currency":"PLN","crc":"x"}' | sha384sum
        let expected =
            "1d15566fd97f20f7fb8746055c4b19b88ef6bca569f6f85c547cb48769062e389f3e3ef35ed4b5c28f656eacc092af61";
        assert_eq!(register("1", 2, 3, "PLN", "x"), expected);
    }

    #[test]
    fn notification_sign_hashes_the_documented_fields_in_order_without_escaping() {
        // Slashes and Polish letters are written as they are, not as `\/` or `\u017c`.
        let expected = sha384_hex(concat!(
            r#"{"merchantId":11111,"posId":11111,"sessionId":"order/42","amount":3900,"originAmount":3900,"#,
            r#""currency":"PLN","orderId":300000001,"methodId":25,"statement":"p24-K12-B34-C56 Zażółć","crc":"abc"}"#
        ));
        assert_eq!(notification(&notification_fixture(), "abc"), expected);
    }

    #[test]
    fn verify_sign_hashes_the_documented_fields_in_order() {
        let expected =
            sha384_hex(r#"{"sessionId":"order/42","orderId":300000001,"amount":3900,"currency":"PLN","crc":"abc"}"#);
        assert_eq!(verify("order/42", 300000001, 3900, "PLN", "abc"), expected);
    }

    #[test]
    fn field_order_is_part_of_the_signature() {
        let reordered =
            sha384_hex(r#"{"merchantId":11111,"sessionId":"order/42","amount":3900,"currency":"PLN","crc":"abc"}"#);
        assert_ne!(register("order/42", 11111, 3900, "PLN", "abc"), reordered);
        let reordered =
            sha384_hex(r#"{"orderId":300000001,"sessionId":"order/42","amount":3900,"currency":"PLN","crc":"abc"}"#);
        assert_ne!(verify("order/42", 300000001, 3900, "PLN", "abc"), reordered);
    }

    #[test]
    fn a_correctly_signed_notification_passes_and_any_change_fails() {
        let mut n = notification_fixture();
        n.sign = notification(&n, "abc");
        assert_eq!(check_notification(&n, 11111, 11111, "abc"), Ok(()));
        assert_eq!(check_notification(&n, 11111, 11111, "other-crc"), Err(PaymentError::BadSignature));

        let mut more = n.clone();
        more.amount = 1;
        assert_eq!(check_notification(&more, 11111, 11111, "abc"), Err(PaymentError::BadSignature));

        let mut upper = n.clone();
        upper.sign = upper.sign.to_uppercase();
        assert_eq!(check_notification(&upper, 11111, 11111, "abc"), Ok(()));
    }

    #[test]
    fn a_notification_for_another_merchant_or_pos_is_a_mismatch() {
        let mut n = notification_fixture();
        n.sign = notification(&n, "abc");
        assert!(matches!(check_notification(&n, 22222, 11111, "abc"), Err(PaymentError::Mismatch(_))));
        assert!(matches!(check_notification(&n, 11111, 22222, "abc"), Err(PaymentError::Mismatch(_))));
    }
}
