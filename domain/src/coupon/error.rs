//! Why a coupon command is refused (one enum for the aggregate, as the contract names
//! them: the API maps each to a message on the field `code`).

/// Why a coupon cannot be issued, changed, spent, refunded or expired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    #[error("there is no such coupon")]
    NotFound,
    #[error("the coupon has expired")]
    Expired,
    #[error("nothing is left on the coupon")]
    NothingLeft,
    #[error("a coupon with this code exists already")]
    AlreadyExists,
    #[error("a coupon value is positive")]
    BadValue,
    #[error("an amount to spend or refund is positive")]
    NothingWanted,
    #[error("this order did not spend the coupon")]
    NotSpentByOrder,
    #[error("the coupon's expiry is not reached")]
    NotDue,
    #[error("a coupon code cannot be empty")]
    EmptyCode,
}
