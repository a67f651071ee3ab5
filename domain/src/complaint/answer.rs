//! `AnswerComplaint`: the carrier's final answer, e-mailed to the customer. It follows a
//! decision (accepted or rejected) and is given once; its text is what was sent.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Complaint, ComplaintError, ComplaintEvent, Response, MAX_TEXT};

/// Answer complaint `complaint_id` with `text`, by the admin `by`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerComplaint {
    pub complaint_id: Uuid,
    pub text: String,
    pub by: Uuid,
    pub at: DateTime<Utc>,
}

/// Answer: one [`ComplaintEvent::ComplaintAnswered`]; nothing when the same answer was
/// given (a retry).
pub fn decide_answer(cmd: &AnswerComplaint, complaint: &Complaint) -> Result<Vec<ComplaintEvent>, ComplaintError> {
    let filed = complaint.filed().ok_or(ComplaintError::NotFound)?;
    let text = cmd.text.trim();
    if let Some(given) = &filed.answer {
        return if given == text { Ok(vec![]) } else { Err(ComplaintError::AlreadyAnswered) };
    }
    if !matches!(filed.response, Some(Response::Accepted | Response::Rejected)) {
        return Err(ComplaintError::NotDecided);
    }
    if text.is_empty() {
        return Err(ComplaintError::EmptyText);
    }
    if text.chars().count() > MAX_TEXT {
        return Err(ComplaintError::TextTooLong);
    }
    Ok(vec![ComplaintEvent::ComplaintAnswered {
        complaint_id: cmd.complaint_id,
        by: cmd.by,
        at: cmd.at,
        text: text.to_owned(),
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::complaint::Stage;

    fn answer(text: &str) -> AnswerComplaint {
        AnswerComplaint { complaint_id: ID, text: text.into(), by: ADMIN, at: now() }
    }

    #[test]
    fn a_decided_complaint_is_answered() {
        given([filed(), accepted()])
            .when(|c| decide_answer(&answer(" Zwracamy 20 zł. "), c))
            .then([answered("Zwracamy 20 zł.")]);
        given([filed(), rejected()]).when(|c| decide_answer(&answer("Nie."), c)).then([answered("Nie.")]);
        let complaint = given([filed(), rejected(), answered("Nie.")]).state();
        let filed = complaint.filed().expect("filed");
        assert_eq!((filed.stage(), filed.days_to_answer(day(2026, 12, 1))), (Stage::Answered, None));
    }

    #[test]
    fn an_answer_follows_a_decision() {
        given([filed()]).when(|c| decide_answer(&answer("Tak."), c)).then_err(ComplaintError::NotDecided);
        given([filed(), acknowledged()])
            .when(|c| decide_answer(&answer("Tak."), c))
            .then_err(ComplaintError::NotDecided);
        given([]).when(|c| decide_answer(&answer("Tak."), c)).then_err(ComplaintError::NotFound);
    }

    #[test]
    fn a_complaint_has_one_answer() {
        let history = [filed(), accepted(), answered("Tak.")];
        given(history.clone())
            .when(|c| decide_answer(&answer("Jednak nie."), c))
            .then_err(ComplaintError::AlreadyAnswered);
        given(history).when(|c| decide_answer(&answer("Tak."), c)).then([]);
    }

    #[test]
    fn an_answer_says_something_but_not_too_much() {
        given([filed(), accepted()]).when(|c| decide_answer(&answer("  "), c)).then_err(ComplaintError::EmptyText);
        let long = "a".repeat(MAX_TEXT + 1);
        given([filed(), accepted()]).when(|c| decide_answer(&answer(&long), c)).then_err(ComplaintError::TextTooLong);
    }
}
