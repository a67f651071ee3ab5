//! The invoice of an order as its events leave it: issued once, then corrected.

use chrono::{DateTime, NaiveDate, Utc};

use crate::order::{InvoiceRequest, Seller};

/// The invoice of an order and its corrections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub number: String,
    pub issued_at: DateTime<Utc>,
    /// Gross as issued.
    pub total: i64,
    pub vat_rate: u32,
    pub sale_date: Option<NaiveDate>,
    pub seller: Option<Seller>,
    /// The buyer as the invoice, or its latest correction, names it.
    pub buyer: Option<InvoiceRequest>,
    pub corrections: Vec<InvoiceCorrection>,
}

impl Invoice {
    /// The gross total after every correction.
    pub fn current_total(&self) -> i64 {
        self.corrections.iter().fold(self.total, |total, c| total.saturating_add(c.amount))
    }
}

/// A correction invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceCorrection {
    pub number: String,
    pub amount: i64,
    pub issued_at: DateTime<Utc>,
    pub reason: String,
}
