//! The complaint e-mails, in the complaint's language: the confirmation of a filing (its
//! number and deadlines), the carrier's response (under consideration, accepted,
//! rejected) and its final answer (the text, as recorded).
//!
//! A process that follows the complaint events like the booking reactions do
//! (checkpointed by the projection runner, resumed after a restart), so nothing depends
//! on the request that took the step. Each message goes once: `sent_messages` kinds
//! `complaint-filed`, `complaint-acknowledged`, `complaint-accepted`,
//! `complaint-rejected` and `complaint-answer` under the complaint's id, claimed before
//! the send ([`crate::booking::send::send_once`]); a replayed event finds its claim and
//! sends nothing, a failed send gives it back for the next replay.

use api_core::mail::Email;
use async_trait::async_trait;
use domain::complaint::{ComplaintEvent, ComplaintLanguage, Filed};
use event_store::{RecordedEvent, SubscriptionFilter};
use projections::{Projection, ProjectionError};
use sqlx::PgConnection;

use super::{stream, ComplaintAgg};
use crate::aggregate;
use crate::booking::send::send_once;
use crate::CommandState;

/// The name of its checkpoint.
pub const NAME: &str = "complaint-mails";

/// See the module documentation.
pub struct ComplaintMails {
    pub state: CommandState,
}

#[async_trait]
impl Projection for ComplaintMails {
    fn name(&self) -> &'static str {
        NAME
    }

    fn filter(&self) -> SubscriptionFilter {
        SubscriptionFilter::StreamPrefix(vec![domain::complaint::STREAM_PREFIX.to_string()])
    }

    async fn apply(&self, _conn: &mut PgConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for recorded in events {
            let event: ComplaintEvent = recorded.decode()?;
            self.mail(&event).await.map_err(|reason| ProjectionError::Handler { projection: NAME, reason })?;
        }
        Ok(())
    }

    async fn reset(&self, _conn: &mut PgConnection) -> Result<(), ProjectionError> {
        // Nothing of its own; a replay sends nothing twice (`sent_messages`).
        Ok(())
    }
}

impl ComplaintMails {
    async fn mail(&self, event: &ComplaintEvent) -> Result<(), String> {
        let id = event.complaint_id();
        let stream = stream(id).map_err(|e| e.to_string())?;
        let loaded =
            aggregate::load::<ComplaintAgg>(self.state.store.as_ref(), &stream).await.map_err(|e| e.to_string())?;
        let Some(filed) = loaded.state.filed() else { return Ok(()) };
        let (kind, email) = message(filed, event, &self.state.public_url);
        send_once(&self.state, id, kind, email).await;
        Ok(())
    }
}

/// The `sent_messages` kind and the message of `event`; `site` is the site's address
/// (with the language's prefix added here) for the rights page.
pub fn message(filed: &Filed, event: &ComplaintEvent, site: &str) -> (&'static str, Email) {
    let (kind, subject, text) = words(filed, event, site);
    (kind, Email { to: filed.email.clone(), subject, text, attachments: Vec::new() })
}

/// A day as the complaint's language writes it: `28.02.2027`, `28 February 2027`.
fn day(date: chrono::NaiveDate, en: bool) -> String {
    if en {
        date.format("%-d %B %Y").to_string()
    } else {
        date.format("%d.%m.%Y").to_string()
    }
}

/// The end of every message: where the passenger's rights are, and who to turn to when
/// they disagree with the answer (EU Regulation 181/2011, art. 27, 28).
fn footer(en: bool, site: &str) -> String {
    if en {
        format!(
            "\nYour passenger rights: {site}/en/prawa-pasazera\nIf you disagree with our answer you may turn to the \
             Road Transport Inspectorate (GITD, www.gitd.gov.pl), the Passenger Ombudsman (rpp.utk.gov.pl) or a consumer \
             ombudsman, or settle the dispute out of court through the EU's ODR platform.\n\nKind regards,\nNisko Bus\n"
        )
    } else {
        format!(
            "\nTwoje prawa pasażera: {site}/prawa-pasazera\nJeśli nie zgadzasz się z odpowiedzią, możesz zwrócić się do \
             Głównego Inspektoratu Transportu Drogowego (GITD, www.gitd.gov.pl), Rzecznika Praw Pasażera (rpp.utk.gov.pl) \
             albo rzecznika konsumentów, lub rozwiązać spór pozasądowo przez unijną platformę ODR.\n\nPozdrawiamy,\nNisko Bus\n"
        )
    }
}

/// The kind, subject and text of `event`'s message: a greeting, the step, the footer.
fn words(filed: &Filed, event: &ComplaintEvent, site: &str) -> (&'static str, String, String) {
    let en = filed.language == ComplaintLanguage::En;
    let number = &filed.number;
    let (respond_by, answer_by) = (day(filed.respond_by, en), day(filed.answer_by, en));
    // The Polish words first, then the English.
    let say = |pl: String, english: String| if en { english } else { pl };
    let (kind, subject, body) = match event {
        ComplaintEvent::ComplaintFiled { text, .. } => (
            "complaint-filed",
            say(
                format!("Otrzymaliśmy reklamację {number}"),
                format!("We received your complaint {number}"),
            ),
            say(
                format!(
                    "dziękujemy: otrzymaliśmy reklamację, ma numer {number}.\n\nDo {respond_by} poinformujemy, czy ją \
                     uwzględniamy, a ostateczną odpowiedź udzielimy do {answer_by}.\n\nTreść reklamacji:\n{text}\n"
                ),
                format!(
                    "thank you: we received your complaint, number {number}.\n\nWe will tell you by {respond_by} whether \
                     we accept it, and give you our final answer by {answer_by}.\n\nYou wrote:\n{text}\n"
                ),
            ),
        ),
        ComplaintEvent::ComplaintAcknowledged { .. } => (
            "complaint-acknowledged",
            say(
                format!("Reklamacja {number} jest rozpatrywana"),
                format!("Your complaint {number} is being considered"),
            ),
            say(
                format!("reklamacja {number} jest wciąż rozpatrywana. Ostateczną odpowiedź udzielimy do {answer_by}.\n"),
                format!(
                    "we are still considering your complaint {number}. Our final answer will come by {answer_by}.\n"
                ),
            ),
        ),
        ComplaintEvent::ComplaintAccepted { .. } => (
            "complaint-accepted",
            say(
                format!("Reklamacja {number} została uwzględniona"),
                format!("Your complaint {number} is accepted"),
            ),
            say(
                format!("uwzględniamy reklamację {number}. Odpowiedź prześlemy najpóźniej do {answer_by}.\n"),
                format!("we accept your complaint {number}. Our answer will follow, at the latest by {answer_by}.\n"),
            ),
        ),
        ComplaintEvent::ComplaintRejected { .. } => (
            "complaint-rejected",
            say(
                format!("Reklamacja {number} nie została uwzględniona"),
                format!("Your complaint {number} is not accepted"),
            ),
            say(
                format!(
                    "nie uwzględniamy reklamacji {number}. Odpowiedź z uzasadnieniem prześlemy najpóźniej do {answer_by}.\n"
                ),
                format!(
                    "we do not accept your complaint {number}. Our answer with the reasons will follow, at the latest by \
                     {answer_by}.\n"
                ),
            ),
        ),
        ComplaintEvent::ComplaintAnswered { text, .. } => (
            "complaint-answer",
            say(
                format!("Odpowiedź na reklamację {number}"),
                format!("The answer to your complaint {number}"),
            ),
            say(
                format!("oto odpowiedź na reklamację {number}:\n\n{text}\n"),
                format!("our answer to your complaint {number}:\n\n{text}\n"),
            ),
        ),
    };
    let greeting = if en { "Hello" } else { "Dzień dobry" };
    (kind, subject, format!("{greeting},\n\n{body}{}", footer(en, site)))
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone, Utc};
    use domain::complaint::Response;
    use uuid::Uuid;

    use super::*;

    fn filed(language: ComplaintLanguage) -> Filed {
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).expect("a day");
        Filed {
            complaint_id: Uuid::nil(),
            number: "RK-2026-000007".into(),
            order_id: Uuid::nil(),
            email: "ola@example.com".into(),
            language,
            user_id: None,
            filed_at: Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).single().expect("a time"),
            respond_by: day(12, 27),
            answer_by: day(12, 28),
            response: Some(Response::Accepted),
            answer: None,
        }
    }

    #[test]
    fn each_step_is_told_once_in_the_complaints_language() {
        let answered = ComplaintEvent::ComplaintAnswered {
            complaint_id: Uuid::nil(),
            by: Uuid::nil(),
            at: Utc::now(),
            text: "We refund 20 PLN.".into(),
        };
        let (kind, pl) = message(&filed(ComplaintLanguage::Pl), &answered, "https://x");
        assert_eq!((kind, pl.to.as_str()), ("complaint-answer", "ola@example.com"));
        assert_eq!(pl.subject, "Odpowiedź na reklamację RK-2026-000007");
        assert!(pl.text.contains("We refund 20 PLN."), "{}", pl.text);
        let (_, en) = message(&filed(ComplaintLanguage::En), &answered, "https://x");
        assert_eq!(en.subject, "The answer to your complaint RK-2026-000007");
        let accepted = ComplaintEvent::ComplaintAccepted { complaint_id: Uuid::nil(), by: Uuid::nil(), at: Utc::now() };
        let (kind, en) = message(&filed(ComplaintLanguage::En), &accepted, "https://x");
        assert_eq!((kind, en.subject.as_str()), ("complaint-accepted", "Your complaint RK-2026-000007 is accepted"));
        assert!(en.text.contains("28 December 2026"), "the answer's deadline: {}", en.text);
        assert!(en.text.starts_with("Hello,"), "{}", en.text);
        let (_, pl) = message(&filed(ComplaintLanguage::Pl), &accepted, "https://x");
        assert!(pl.text.starts_with("Dzień dobry,") && pl.text.contains("do 28.12.2026"), "{}", pl.text);
        assert!(pl.text.contains("https://x/prawa-pasazera") && pl.text.contains("GITD"), "{}", pl.text);
    }
}
