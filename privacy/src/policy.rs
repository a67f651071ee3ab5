//! Which values of which events are personal data, and whose: the one list the sealing
//! store follows. An event type not named here carries none (its reasons and numbers
//! are the carrier's own words); `tests/policy.rs` holds every event variant against it.

use serde_json::Value;
use uuid::Uuid;

use crate::Subject;

/// What an erased value reads as, so a reader of the event still decodes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Erased {
    /// A name or a text: `"[usunięto]"` ([`ERASED_TEXT`]).
    Text,
    /// An optional contact (e-mail, phone): `""`, which the value types read as none.
    Empty,
}

/// What an erased name or text reads as, everywhere.
pub const ERASED_TEXT: &str = "[usunięto]";

impl Erased {
    /// The value's JSON text once erased.
    pub fn json(self) -> &'static str {
        match self {
            Erased::Text => "\"[usunięto]\"",
            Erased::Empty => "\"\"",
        }
    }

    pub(crate) fn code(self) -> char {
        match self {
            Erased::Text => 't',
            Erased::Empty => 'e',
        }
    }

    pub(crate) fn from_code(code: &str) -> Option<Self> {
        match code {
            "t" => Some(Erased::Text),
            "e" => Some(Erased::Empty),
            _ => None,
        }
    }
}

/// Whose value a field holds (the subject is named by the event's id field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// `order_id`'s customer and passengers.
    OrderCustomer,
    /// `order_id`'s invoice buyer.
    OrderBuyer,
    /// `complaint_id`'s complainant.
    Complaint,
}

impl Owner {
    /// The subject of an event's `data` this owner names, if the data name one.
    pub fn subject(self, data: &Value) -> Option<Subject> {
        let id = |field: &str| data.get(field)?.as_str()?.parse::<Uuid>().ok();
        match self {
            Owner::OrderCustomer => id("order_id").map(Subject::order_customer),
            Owner::OrderBuyer => id("order_id").map(Subject::order_buyer),
            Owner::Complaint => id("complaint_id").map(Subject::complaint),
        }
    }
}

/// One step into an event's JSON.
#[derive(Debug, Clone, Copy)]
pub enum Step {
    /// An object's field.
    Key(&'static str),
    /// Every element of an array.
    Each,
}

/// A personal value in an event: where, whose, and how it reads once erased.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub owner: Owner,
    pub path: &'static [Step],
    pub erased: Erased,
}

use Erased::{Empty, Text};
use Owner::{Complaint, OrderBuyer, OrderCustomer};
use Step::{Each, Key};

const fn field(owner: Owner, path: &'static [Step], erased: Erased) -> Field {
    Field { owner, path, erased }
}

const PLACED: &[Field] = &[
    field(OrderCustomer, &[Key("customer"), Key("first_name")], Text),
    field(OrderCustomer, &[Key("customer"), Key("last_name")], Text),
    field(OrderCustomer, &[Key("customer"), Key("email")], Empty),
    field(OrderCustomer, &[Key("customer"), Key("phone")], Empty),
    field(OrderCustomer, &[Key("lines"), Each, Key("passengers"), Each], Text),
    field(OrderBuyer, &[Key("invoice"), Key("vat_number")], Text),
    field(OrderBuyer, &[Key("invoice"), Key("company_name")], Text),
    field(OrderBuyer, &[Key("invoice"), Key("address")], Text),
    field(OrderBuyer, &[Key("invoice"), Key("postal_code")], Text),
    field(OrderBuyer, &[Key("invoice"), Key("city")], Text),
];

const PAID: &[Field] = &[field(OrderCustomer, &[Key("tickets"), Each, Key("passenger")], Text)];

const CUSTOMER_CHANGED: &[Field] = &[
    field(OrderCustomer, &[Key("customer"), Key("first_name")], Text),
    field(OrderCustomer, &[Key("customer"), Key("last_name")], Text),
    field(OrderCustomer, &[Key("customer"), Key("email")], Empty),
    field(OrderCustomer, &[Key("customer"), Key("phone")], Empty),
];

macro_rules! buyer_at {
    ($name:ident, $key:literal) => {
        const $name: &[Field] = &[
            field(OrderBuyer, &[Key($key), Key("vat_number")], Text),
            field(OrderBuyer, &[Key($key), Key("company_name")], Text),
            field(OrderBuyer, &[Key($key), Key("address")], Text),
            field(OrderBuyer, &[Key($key), Key("postal_code")], Text),
            field(OrderBuyer, &[Key($key), Key("city")], Text),
        ];
    };
}

buyer_at!(INVOICE_CHANGED, "invoice");
buyer_at!(BUYER, "buyer");

const COMPLAINT_FILED: &[Field] = &[
    field(Complaint, &[Key("email")], Empty),
    field(Complaint, &[Key("text")], Text),
    field(Complaint, &[Key("attachments"), Each, Key("name")], Text),
];

const COMPLAINT_ANSWERED: &[Field] = &[field(Complaint, &[Key("text")], Text)];

/// Every event type with personal values ([`fields`] names none for the others).
pub const EVENT_TYPES: [&str; 9] = [
    "OrderPlaced",
    "OrderPaid",
    "CustomerDetailsChanged",
    "InvoiceDataChanged",
    "InvoiceIssued",
    "InvoiceCorrected",
    "RejectedInvoiceAmended",
    "ComplaintFiled",
    "ComplaintAnswered",
];

/// The personal values of an event of `event_type` (none for most types).
pub fn fields(event_type: &str) -> &'static [Field] {
    match event_type {
        "OrderPlaced" => PLACED,
        "OrderPaid" => PAID,
        "CustomerDetailsChanged" => CUSTOMER_CHANGED,
        "InvoiceDataChanged" => INVOICE_CHANGED,
        "InvoiceIssued" | "InvoiceCorrected" | "RejectedInvoiceAmended" => BUYER,
        "ComplaintFiled" => COMPLAINT_FILED,
        "ComplaintAnswered" => COMPLAINT_ANSWERED,
        _ => &[],
    }
}

/// Calls `f` on every value at `path` under `value` (none when a step is missing).
pub(crate) fn visit(value: &mut Value, path: &[Step], f: &mut impl FnMut(&mut Value)) {
    let Some((step, rest)) = path.split_first() else { return f(value) };
    match step {
        Key(key) => {
            if let Some(inner) = value.get_mut(*key) {
                visit(inner, rest, f);
            }
        }
        Each => {
            if let Some(items) = value.as_array_mut() {
                items.iter_mut().for_each(|item| visit(item, rest, f));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_types_are_those_with_fields() {
        for event_type in EVENT_TYPES {
            assert!(!fields(event_type).is_empty(), "{event_type}");
        }
        for other in ["TicketReturned", "OrderCancelled", "ComplaintAccepted", "SeatsHeld"] {
            assert!(fields(other).is_empty(), "{other}");
        }
    }
}
