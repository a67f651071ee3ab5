//! The state of a complaint, folded from its events.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::{ComplaintEvent, ComplaintLanguage, Response};

/// Where a complaint stands, in the words the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Received,
    Acknowledged,
    Accepted,
    Rejected,
    Answered,
}

impl Stage {
    /// The stable name (the read table's `state`, the API's filter).
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Received => "received",
            Stage::Acknowledged => "acknowledged",
            Stage::Accepted => "accepted",
            Stage::Rejected => "rejected",
            Stage::Answered => "answered",
        }
    }
}

/// A complaint: nothing until it is filed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Complaint {
    #[default]
    NotFiled,
    Filed(Filed),
}

/// A filed complaint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filed {
    pub complaint_id: Uuid,
    pub number: String,
    pub order_id: Uuid,
    pub email: String,
    pub language: ComplaintLanguage,
    pub user_id: Option<Uuid>,
    pub filed_at: DateTime<Utc>,
    pub respond_by: NaiveDate,
    pub answer_by: NaiveDate,
    /// The first response (under consideration), then the decision.
    pub response: Option<Response>,
    pub answer: Option<String>,
}

impl Filed {
    /// Where it stands.
    pub fn stage(&self) -> Stage {
        match (&self.answer, self.response) {
            (Some(_), _) => Stage::Answered,
            (None, None) => Stage::Received,
            (None, Some(Response::UnderConsideration)) => Stage::Acknowledged,
            (None, Some(Response::Accepted)) => Stage::Accepted,
            (None, Some(Response::Rejected)) => Stage::Rejected,
        }
    }

    /// Days left on `today` to respond (negative: overdue); `None` once responded.
    pub fn days_to_respond(&self, today: NaiveDate) -> Option<i64> {
        self.response.is_none().then(|| (self.respond_by - today).num_days())
    }

    /// Days left on `today` for the final answer (negative: overdue); `None` once answered.
    pub fn days_to_answer(&self, today: NaiveDate) -> Option<i64> {
        self.answer.is_none().then(|| (self.answer_by - today).num_days())
    }
}

impl Complaint {
    /// The filed complaint, if it is.
    pub fn filed(&self) -> Option<&Filed> {
        match self {
            Complaint::Filed(f) => Some(f),
            Complaint::NotFiled => None,
        }
    }
}

/// The complaint after `event`. A total match; a repeated event changes nothing.
pub fn evolve(complaint: Complaint, event: &ComplaintEvent) -> Complaint {
    let filed = match (complaint, event) {
        (
            Complaint::NotFiled,
            ComplaintEvent::ComplaintFiled {
                complaint_id,
                number,
                order_id,
                email,
                language,
                user_id,
                filed_at,
                respond_by,
                answer_by,
                ..
            },
        ) => {
            return Complaint::Filed(Filed {
                complaint_id: *complaint_id,
                number: number.clone(),
                order_id: *order_id,
                email: email.clone(),
                language: *language,
                user_id: *user_id,
                filed_at: *filed_at,
                respond_by: *respond_by,
                answer_by: *answer_by,
                response: None,
                answer: None,
            })
        }
        (Complaint::NotFiled, _) => return Complaint::NotFiled,
        (Complaint::Filed(filed), _) => filed,
    };
    let mut filed = filed;
    match event {
        ComplaintEvent::ComplaintFiled { .. } => {}
        ComplaintEvent::ComplaintAcknowledged { .. } => {
            filed.response.get_or_insert(Response::UnderConsideration);
        }
        ComplaintEvent::ComplaintAccepted { .. } => filed.response = Some(Response::Accepted),
        ComplaintEvent::ComplaintRejected { .. } => filed.response = Some(Response::Rejected),
        ComplaintEvent::ComplaintAnswered { text, .. } => filed.answer = Some(text.clone()),
    }
    Complaint::Filed(filed)
}
