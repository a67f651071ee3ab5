//! The booking commands: the order form, placing, paying again, returning, changing,
//! cancelling and sending tickets.

pub mod after_sale_mail;
pub mod attach_guest;
pub mod cancel;
pub mod cancel_reservation;
pub mod catalogue;
pub mod change;
pub mod check_in;
pub mod desk_print;
pub mod disruption;
pub mod edit;
pub mod form;
pub mod input;
pub mod invoice_mail;
pub mod invoice_request;
mod invoice_words;
pub mod ksef_outage;
pub(crate) mod language;
pub mod office;
pub mod order_parts;
pub mod pay_again;
pub mod payment_link_mail;
pub mod place;
pub mod pricing;
pub mod returns;
pub mod send;
pub(crate) mod ticket_number;
