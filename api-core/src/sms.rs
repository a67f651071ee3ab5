//! The SMS port: every text message the product sends goes through an [`SmsSender`].
//! Adapters: files under a folder (development and tests, like the mail port's
//! `FileMailer`) here, and SMSAPI.pl's REST API in the `outbox` crate, which also queues
//! every message and retries it.

use async_trait::async_trait;

use crate::values::Phone;

/// One text message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sms {
    /// The phone number as the customer gave it (`+48 600 100 200`, `600100200`).
    pub to: String,
    pub text: String,
}

/// Why a message could not be handed over.
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// The recipient is not a phone number: asking again will not help.
    #[error("{0:?} is not a phone number")]
    NotANumber(String),
    /// The message could not be handed over (the gateway, the disk): asking again may help.
    #[error("could not send the sms: {0}")]
    Failed(String),
    /// The gateway refused the message for good (its text, the account): asking again
    /// will not help.
    #[error("the sms was refused: {0}")]
    Refused(String),
}

/// Sends text messages.
#[async_trait]
pub trait SmsSender: Send + Sync + 'static {
    async fn send(&self, sms: Sms) -> Result<(), SmsError>;

    /// Send under `key`, the message's one identity: a gateway that keeps keys sends a
    /// key once however often it is asked (a retry after a lost answer is no second
    /// text). Answers the gateway's id of the message, when it gives one (its delivery
    /// report names it). By default a plain [`SmsSender::send`].
    async fn send_keyed(&self, sms: Sms, key: &str) -> Result<Option<String>, SmsError> {
        let _ = key;
        self.send(sms).await.map(|()| None)
    }
}

/// The digits of a phone number, with the `+` of an international one: what a gateway
/// takes. The number's rule is the API's one ([`Phone`]: 9 to 15 digits as people write
/// them); what is not one is refused.
pub fn normalise_phone(phone: &str) -> Result<String, SmsError> {
    Phone::parse(phone).map(|p| p.dialled()).map_err(|_| SmsError::NotANumber(phone.to_string()))
}

/// Development adapter: each message becomes one `.txt` file in a folder (`To:` line,
/// blank line, text), named by time and number.
pub struct FileSms {
    dir: std::path::PathBuf,
}

impl FileSms {
    pub fn new(dir: impl Into<std::path::PathBuf>) -> Self {
        FileSms { dir: dir.into() }
    }
}

#[async_trait]
impl SmsSender for FileSms {
    #[tracing::instrument(skip(self, sms), fields(to = %sms.to))]
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        let to = normalise_phone(&sms.to)?;
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| SmsError::Failed(e.to_string()))?;
        let name = format!(
            "{}-{}-{}.txt",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
            uuid::Uuid::new_v4().simple(),
            to.trim_start_matches('+')
        );
        let body = format!("To: {to}\n\n{}\n", sms.text);
        crate::files::write_whole(&self.dir, &name, body.as_bytes())
            .await
            .map_err(|e| SmsError::Failed(e.to_string()))?;
        tracing::info!(dir = %self.dir.display(), "sms written to a file");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_file_sender_writes_one_text_file_per_message() {
        let dir = std::env::temp_dir().join(format!("coach-sms-{}", uuid::Uuid::new_v4()));
        let sender = FileSms::new(&dir);
        let sms =
            Sms { to: "+48 600-100-200".into(), text: "Nisko Bus: bilet NB1 kod K7QX, Łańcut → Kraków".into() };
        sender.send(sms).await.unwrap();
        sender.send(Sms { to: "600100200".into(), text: "drugi".into() }).await.unwrap();
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|f| f.unwrap().path()).collect();
        files.sort();
        assert_eq!(files.len(), 2);
        assert!(files[0].to_string_lossy().ends_with("-48600100200.txt"));
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert_eq!(text, "To: +48600100200\n\nNisko Bus: bilet NB1 kod K7QX, Łańcut → Kraków\n");
        assert!(std::fs::read_to_string(&files[1]).unwrap().starts_with("To: 600100200\n"));
    }

    #[tokio::test]
    async fn what_is_not_a_phone_number_is_refused() {
        let dir = std::env::temp_dir().join(format!("coach-sms-{}", uuid::Uuid::new_v4()));
        let sender = FileSms::new(&dir);
        // The order form's rule (`Phone`): 9 to 15 digits, no dots.
        for bad in
            ["", "jan@example.com", "12345", "12345678", "600.100.200", "+48 600 100 200 300 400", "600 100 200; rm"]
        {
            let sms = Sms { to: bad.into(), text: "x".into() };
            assert!(matches!(sender.send(sms).await, Err(SmsError::NotANumber(_))), "{bad:?}");
        }
        assert!(!dir.exists());
    }
}
