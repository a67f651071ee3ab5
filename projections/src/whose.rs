//! One person's rows in the read tables (RODO: their copy, their erasure): the filters
//! over `rm_orders o`, `rm_complaints c` and `users` that find them, each taking `$1` the
//! account and `$2` the e-mail ([`Whose::binds`]). An e-mail matches whatever its case.

use uuid::Uuid;

/// Whose data.
#[derive(Debug, Clone, Copy)]
pub enum Whose<'a> {
    /// A customer's account: its orders and the complaints filed in it.
    Account(Uuid),
    /// The orders placed as a guest with this e-mail, and the complaints filed as a guest with it.
    Guest(&'a str),
    /// Everything under this e-mail: the customer's account with it, every order and complaint naming it.
    Email(&'a str),
}

impl Whose<'_> {
    /// `$1` and `$2` of every filter.
    pub fn binds(self) -> (Option<Uuid>, Option<String>) {
        match self {
            Whose::Account(id) => (Some(id), None),
            Whose::Guest(email) | Whose::Email(email) => (None, Some(email.to_owned())),
        }
    }

    /// The orders' filter (`o` is `rm_orders`).
    pub fn orders(self) -> &'static str {
        match self {
            Whose::Account(_) => "o.user_id = $1",
            Whose::Guest(_) => "o.user_id is null and lower(o.email) = lower($2)",
            Whose::Email(_) => {
                "(lower(o.email) = lower($2)
                  or o.user_id in (select id from users where lower(email) = lower($2) and role = 'User'))"
            }
        }
    }

    /// The complaints' filter (`c` is `rm_complaints`).
    pub fn complaints(self) -> &'static str {
        match self {
            Whose::Account(_) => "c.user_id = $1",
            Whose::Guest(_) => "c.user_id is null and lower(c.email) = lower($2)",
            Whose::Email(_) => {
                "(lower(c.email) = lower($2)
                  or c.user_id in (select id from users where lower(email) = lower($2) and role = 'User'))"
            }
        }
    }

    /// The customer's account (`users`; none for a guest, never an admin's).
    pub fn account(self) -> &'static str {
        match self {
            Whose::Account(_) => "id = $1",
            Whose::Guest(_) => "false",
            Whose::Email(_) => "lower(email) = lower($2) and role = 'User'",
        }
    }
}
