//! `RespondToComplaint`: within the first month the carrier says whether the complaint is
//! still under consideration (acknowledged), accepted or rejected.
//!
//! Acknowledging comes before a decision, never after one; a decision is taken once
//! (accepted or rejected, not both); nothing changes after the final answer. Repeating
//! the step already taken changes nothing.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Complaint, ComplaintError, ComplaintEvent, Response};

/// The carrier's response to complaint `complaint_id`, by the admin `by`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RespondToComplaint {
    pub complaint_id: Uuid,
    pub response: Response,
    pub by: Uuid,
    pub at: DateTime<Utc>,
}

/// Respond: one of acknowledged, accepted, rejected; nothing when it is the response the
/// complaint already has.
pub fn decide_respond(cmd: &RespondToComplaint, complaint: &Complaint) -> Result<Vec<ComplaintEvent>, ComplaintError> {
    let filed = complaint.filed().ok_or(ComplaintError::NotFound)?;
    if filed.response == Some(cmd.response) {
        return Ok(vec![]);
    }
    if filed.answer.is_some() {
        return Err(ComplaintError::AlreadyAnswered);
    }
    if matches!(filed.response, Some(Response::Accepted | Response::Rejected)) {
        return Err(ComplaintError::AlreadyDecided);
    }
    let (complaint_id, by, at) = (cmd.complaint_id, cmd.by, cmd.at);
    Ok(vec![match cmd.response {
        Response::UnderConsideration => ComplaintEvent::ComplaintAcknowledged { complaint_id, by, at },
        Response::Accepted => ComplaintEvent::ComplaintAccepted { complaint_id, by, at },
        Response::Rejected => ComplaintEvent::ComplaintRejected { complaint_id, by, at },
    }])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::complaint::Stage;

    fn respond(response: Response) -> RespondToComplaint {
        RespondToComplaint { complaint_id: ID, response, by: ADMIN, at: now() }
    }

    #[test]
    fn a_received_complaint_is_acknowledged_accepted_or_rejected() {
        given([filed()]).when(|c| decide_respond(&respond(Response::UnderConsideration), c)).then([acknowledged()]);
        given([filed()]).when(|c| decide_respond(&respond(Response::Accepted), c)).then([accepted()]);
        given([filed()]).when(|c| decide_respond(&respond(Response::Rejected), c)).then([rejected()]);
        given([filed(), acknowledged()]).when(|c| decide_respond(&respond(Response::Rejected), c)).then([rejected()]);
    }

    #[test]
    fn responding_ends_the_first_months_clock() {
        let complaint = given([filed(), acknowledged()]).state();
        let filed = complaint.filed().expect("filed");
        assert_eq!(filed.stage(), Stage::Acknowledged);
        assert_eq!(filed.days_to_respond(day(2026, 11, 28)), None);
        assert_eq!(filed.days_to_answer(day(2026, 11, 28)), Some(91));
    }

    #[test]
    fn a_decision_is_taken_once() {
        given([filed(), accepted()])
            .when(|c| decide_respond(&respond(Response::Rejected), c))
            .then_err(ComplaintError::AlreadyDecided);
        given([filed(), rejected()])
            .when(|c| decide_respond(&respond(Response::Accepted), c))
            .then_err(ComplaintError::AlreadyDecided);
        given([filed(), rejected()])
            .when(|c| decide_respond(&respond(Response::UnderConsideration), c))
            .then_err(ComplaintError::AlreadyDecided);
        given([filed(), accepted()]).when(|c| decide_respond(&respond(Response::Accepted), c)).then([]);
        given([filed(), acknowledged()]).when(|c| decide_respond(&respond(Response::UnderConsideration), c)).then([]);
    }

    #[test]
    fn nothing_changes_after_the_answer_or_before_the_filing() {
        given([filed(), accepted(), answered("Zwracamy 20 zł.")])
            .when(|c| decide_respond(&respond(Response::Rejected), c))
            .then_err(ComplaintError::AlreadyAnswered);
        given([]).when(|c| decide_respond(&respond(Response::Accepted), c)).then_err(ComplaintError::NotFound);
    }
}
