//! The mail and SMS ports through the queue ([`crate::Outbox::mailer`],
//! [`crate::Outbox::sms`]): every caller of those ports goes through the outbox too.

use std::sync::Arc;

use api_core::mail::{Email, MailError, Mailer};
use api_core::sms::{normalise_phone, Sms, SmsError, SmsSender};
use async_trait::async_trait;
use uuid::Uuid;

use crate::{Envelope, Message, Outbox};

/// The mail port through the queue: each e-mail queued under a key of its own and sent
/// at once; a failure is retried by the worker (so the caller is not told of it).
pub struct OutboxMailer(Arc<Outbox>);

impl OutboxMailer {
    pub(crate) fn new(outbox: Arc<Outbox>) -> Self {
        OutboxMailer(outbox)
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        let key = format!("mail/{}", Uuid::now_v7());
        let message = Message::Email(email);
        let envelope = Envelope { key: &key, order_id: None, kind: "mail", message: &message };
        self.0.send_now(envelope).await.map(|_| ()).map_err(|e| MailError(e.to_string()))
    }
}

/// The SMS port through the queue: the number checked first (what is not one is refused
/// at once), then queued and sent like [`OutboxMailer`]'s e-mails.
pub struct OutboxSms(Arc<Outbox>);

impl OutboxSms {
    pub(crate) fn new(outbox: Arc<Outbox>) -> Self {
        OutboxSms(outbox)
    }
}

#[async_trait]
impl SmsSender for OutboxSms {
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        normalise_phone(&sms.to)?;
        let key = format!("sms/{}", Uuid::now_v7());
        let message = Message::Sms(sms);
        let envelope = Envelope { key: &key, order_id: None, kind: "sms", message: &message };
        self.0.send_now(envelope).await.map(|_| ()).map_err(|e| SmsError::Failed(e.to_string()))
    }
}
