//! Whose data a value is: a *subject*, the unit of erasure. Each subject has a key of
//! its own; erasing a subject deletes its key.

use std::fmt;

use uuid::Uuid;

/// A data subject's name, as it is written inside sealed values and in the key table:
/// `order:{id}:customer`, `order:{id}:buyer`, `complaint:{id}`, `account:{id}`. Only ASCII letters,
/// digits, `-` and `:` (so it never needs escaping inside JSON or a sealed value).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Subject(String);

impl Subject {
    /// Who placed an order (and its passengers, named by them).
    pub fn order_customer(order_id: Uuid) -> Self {
        Subject(format!("order:{order_id}:customer"))
    }

    /// The buyer an order's invoice names: kept as long as the invoice must be.
    pub fn order_buyer(order_id: Uuid) -> Self {
        Subject(format!("order:{order_id}:buyer"))
    }

    /// A customer's account (its row in `users`): no value of it is sealed in an event, but
    /// its erasure is registered like the others.
    pub fn account(user_id: Uuid) -> Self {
        Subject(format!("account:{user_id}"))
    }

    /// Who filed a complaint, and what they and the carrier wrote.
    pub fn complaint(complaint_id: Uuid) -> Self {
        Subject(format!("complaint:{complaint_id}"))
    }

    /// A subject's name read back from a sealed value or the key table, if it is one.
    pub fn parse(text: &str) -> Option<Self> {
        let ok = !text.is_empty()
            && text.len() <= 80
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b':');
        ok.then(|| Subject(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_reads_back_as_written_and_nothing_else_is_one() {
        let id = Uuid::new_v4();
        for subject in
            [Subject::order_customer(id), Subject::order_buyer(id), Subject::complaint(id), Subject::account(id)]
        {
            assert_eq!(Subject::parse(subject.as_str()), Some(subject.clone()));
        }
        for not in ["", "order/1", "a\"b", "zażółć", &"x".repeat(81)] {
            assert_eq!(Subject::parse(not), None, "{not}");
        }
    }
}
