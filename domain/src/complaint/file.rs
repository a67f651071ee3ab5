//! `FileComplaint`: a customer complains about an order (or one of its tickets).
//!
//! The rules (EU Regulation 181/2011, art. 27; docs/disruptions.md, 'Complaint deadlines'):
//! a complaint may be made
//! within [`FILING_MONTHS`] months of the journey; the carrier responds within
//! [`RESPOND_MONTHS`] month and answers within [`ANSWER_MONTHS`] months of receiving it.
//! A complaint has some text, at most [`MAX_TEXT`] characters, and at most
//! [`MAX_ATTACHMENTS`] attachments of at most [`MAX_ATTACHMENT_BYTES`] each, images or
//! PDF as their content says ([`sniff`]), whatever their names claim.

use chrono::{DateTime, Months, NaiveDate, Utc};
use uuid::Uuid;

use super::{AttachmentRef, Complaint, ComplaintError, ComplaintEvent, ComplaintLanguage};

/// A complaint may be made this many months after the journey.
pub const FILING_MONTHS: u32 = 3;
/// The carrier says within this many months whether it accepts, rejects or considers it.
pub const RESPOND_MONTHS: u32 = 1;
/// The carrier's final answer is due this many months after it was received.
pub const ANSWER_MONTHS: u32 = 3;
/// The longest complaint, in characters.
pub const MAX_TEXT: usize = 5000;
/// The most attachments a complaint carries.
pub const MAX_ATTACHMENTS: usize = 3;
/// The largest attachment, in bytes (5 MB).
pub const MAX_ATTACHMENT_BYTES: u64 = 5 * 1024 * 1024;

/// File complaint `complaint_id` about order `order_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileComplaint {
    pub complaint_id: Uuid,
    /// Its readable number (made by the caller: a sequence is IO).
    pub number: String,
    pub order_id: Uuid,
    pub order_number: String,
    pub ticket_number: Option<String>,
    pub email: String,
    pub language: ComplaintLanguage,
    pub user_id: Option<Uuid>,
    pub text: String,
    pub attachments: Vec<AttachmentRef>,
    /// The day of the journey complained about (the order's last departure, Warsaw).
    pub journey_on: NaiveDate,
    pub now: DateTime<Utc>,
    /// `now`'s day in Warsaw: the deadlines count from it.
    pub today: NaiveDate,
    /// Received by the office (`phone`, `letter`, `desk`) and filed on the passenger's behalf.
    pub received_via: Option<String>,
}

/// The last day a complaint about a journey on `journey_on` may be made.
pub fn filing_deadline(journey_on: NaiveDate) -> NaiveDate {
    journey_on.checked_add_months(Months::new(FILING_MONTHS)).unwrap_or(NaiveDate::MAX)
}

/// File: one [`ComplaintEvent::ComplaintFiled`] with its deadlines.
pub fn decide_file(cmd: &FileComplaint, complaint: &Complaint) -> Result<Vec<ComplaintEvent>, ComplaintError> {
    if complaint.filed().is_some() {
        return Err(ComplaintError::AlreadyFiled);
    }
    let text = cmd.text.trim();
    if text.is_empty() {
        return Err(ComplaintError::EmptyText);
    }
    if text.chars().count() > MAX_TEXT {
        return Err(ComplaintError::TextTooLong);
    }
    if cmd.attachments.len() > MAX_ATTACHMENTS {
        return Err(ComplaintError::TooManyAttachments);
    }
    if cmd.attachments.iter().any(|a| a.size > MAX_ATTACHMENT_BYTES) {
        return Err(ComplaintError::AttachmentTooLarge);
    }
    if cmd.attachments.iter().any(|a| a.size == 0) {
        return Err(ComplaintError::EmptyAttachment);
    }
    if cmd.today > filing_deadline(cmd.journey_on) {
        return Err(ComplaintError::TooLate);
    }
    let months = |m| cmd.today.checked_add_months(Months::new(m)).unwrap_or(NaiveDate::MAX);
    Ok(vec![ComplaintEvent::ComplaintFiled {
        complaint_id: cmd.complaint_id,
        number: cmd.number.clone(),
        order_id: cmd.order_id,
        order_number: cmd.order_number.clone(),
        ticket_number: cmd.ticket_number.clone(),
        email: cmd.email.clone(),
        language: cmd.language,
        user_id: cmd.user_id,
        text: text.to_owned(),
        attachments: cmd.attachments.clone(),
        filed_at: cmd.now,
        respond_by: months(RESPOND_MONTHS),
        answer_by: months(ANSWER_MONTHS),
        received_via: cmd.received_via.clone(),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::complaint::AttachmentKind;

    fn attachment(size: u64) -> AttachmentRef {
        AttachmentRef { id: Uuid::from_u128(9), name: "bus.png".into(), kind: AttachmentKind::Png, size }
    }

    #[test]
    fn filing_starts_the_one_and_three_month_deadlines() {
        given([]).when(|c| decide_file(&file(), c)).then([filed()]);
        let complaint = given([filed()]).state();
        let filed = complaint.filed().expect("filed");
        assert_eq!(filed.respond_by, day(2026, 12, 27));
        assert_eq!(filed.answer_by, day(2027, 2, 27));
        assert_eq!(filed.days_to_respond(day(2026, 11, 27)), Some(30));
        assert_eq!(filed.days_to_answer(day(2027, 2, 28)), Some(-1), "overdue");
    }

    #[test]
    fn the_month_ends_where_the_calendar_says() {
        let cmd = FileComplaint { today: day(2027, 1, 31), journey_on: day(2027, 1, 30), ..file() };
        let events = given([]).when(|c| decide_file(&cmd, c)).outcome().expect("filed");
        let ComplaintEvent::ComplaintFiled { respond_by, answer_by, .. } = &events[0] else { panic!("{events:?}") };
        assert_eq!((*respond_by, *answer_by), (day(2027, 2, 28), day(2027, 4, 30)));
    }

    #[test]
    fn a_complaint_is_made_within_three_months_of_the_journey() {
        let on_time = FileComplaint { journey_on: day(2026, 8, 27), ..file() };
        assert!(given([]).when(|c| decide_file(&on_time, c)).outcome().is_ok());
        let late = FileComplaint { journey_on: day(2026, 8, 26), ..file() };
        given([]).when(|c| decide_file(&late, c)).then_err(ComplaintError::TooLate);
        let future = FileComplaint { journey_on: day(2027, 1, 1), ..file() };
        assert!(given([]).when(|c| decide_file(&future, c)).outcome().is_ok(), "a booking not yet travelled");
    }

    #[test]
    fn a_complaint_is_filed_once() {
        given([filed()]).when(|c| decide_file(&file(), c)).then_err(ComplaintError::AlreadyFiled);
    }

    #[test]
    fn a_complaint_says_something_but_not_too_much() {
        let blank = FileComplaint { text: " \n ".into(), ..file() };
        given([]).when(|c| decide_file(&blank, c)).then_err(ComplaintError::EmptyText);
        let long = FileComplaint { text: "ą".repeat(MAX_TEXT + 1), ..file() };
        given([]).when(|c| decide_file(&long, c)).then_err(ComplaintError::TextTooLong);
        let longest = FileComplaint { text: "ą".repeat(MAX_TEXT), ..file() };
        assert!(given([]).when(|c| decide_file(&longest, c)).outcome().is_ok());
    }

    #[test]
    fn attachments_are_few_small_and_not_empty() {
        let three = FileComplaint { attachments: vec![attachment(MAX_ATTACHMENT_BYTES); 3], ..file() };
        assert!(given([]).when(|c| decide_file(&three, c)).outcome().is_ok());
        let four = FileComplaint { attachments: vec![attachment(10); 4], ..file() };
        given([]).when(|c| decide_file(&four, c)).then_err(ComplaintError::TooManyAttachments);
        let large = FileComplaint { attachments: vec![attachment(MAX_ATTACHMENT_BYTES + 1)], ..file() };
        given([]).when(|c| decide_file(&large, c)).then_err(ComplaintError::AttachmentTooLarge);
        let empty = FileComplaint { attachments: vec![attachment(0)], ..file() };
        given([]).when(|c| decide_file(&empty, c)).then_err(ComplaintError::EmptyAttachment);
    }
}
