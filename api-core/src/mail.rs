//! The mail port: every e-mail the product sends goes through a [`Mailer`].
//! Adapters: files under the data folder (development, the default) and SMTP.
//! A message with attachments (the tickets' PDF) goes out as `multipart/mixed`: the text
//! first, then each file base64-encoded; one without stays a plain `text/plain` message.

use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::message::{MultiPart, SinglePart};

/// One message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    /// The plain-text body (always present).
    pub text: String,
    /// Files sent with the message, in this order (usually none).
    pub attachments: Vec<Attachment>,
}

/// A file sent with an [`Email`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The name the recipient sees, e.g. `bilety-a1b2c3d4.pdf`.
    pub filename: String,
    /// The MIME type, e.g. `application/pdf`.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// A PDF file.
    pub fn pdf(filename: impl Into<String>, bytes: Vec<u8>) -> Self {
        Attachment { filename: filename.into(), content_type: "application/pdf".into(), bytes }
    }
}

/// Why a message could not be handed over.
#[derive(Debug, thiserror::Error)]
#[error("could not send the e-mail: {0}")]
pub struct MailError(pub String);

/// Sends e-mails.
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, email: Email) -> Result<(), MailError>;
}

/// Builds the RFC 5322 message (headers encoded as the standard requires).
fn build(from: &str, email: &Email) -> Result<lettre::Message, MailError> {
    let parse = |addr: &str| addr.parse::<lettre::message::Mailbox>().map_err(|e| MailError(format!("{addr:?}: {e}")));
    let builder = lettre::Message::builder().from(parse(from)?).to(parse(&email.to)?).subject(email.subject.clone());
    let message = if email.attachments.is_empty() {
        builder.header(ContentType::TEXT_PLAIN).body(email.text.clone())
    } else {
        let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(email.text.clone()));
        for attachment in &email.attachments {
            let content_type = ContentType::parse(&attachment.content_type)
                .map_err(|e| MailError(format!("{:?}: {e}", attachment.content_type)))?;
            parts = parts.singlepart(
                lettre::message::Attachment::new(attachment.filename.clone())
                    .body(attachment.bytes.clone(), content_type),
            );
        }
        builder.multipart(parts)
    };
    message.map_err(|e| MailError(e.to_string()))
}

/// Development adapter: each message becomes one `.eml` file in a folder, readable with
/// any mail program or a text editor. Files are named by time and recipient.
pub struct FileMailer {
    dir: std::path::PathBuf,
    from: String,
}

impl FileMailer {
    pub fn new(dir: impl Into<std::path::PathBuf>, from: impl Into<String>) -> Self {
        FileMailer { dir: dir.into(), from: from.into() }
    }
}

#[async_trait]
impl Mailer for FileMailer {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        let message = build(&self.from, &email)?;
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| MailError(e.to_string()))?;
        // The recipient, cut to what fits in a file name (at most 255 bytes) beside the rest.
        let safe_to: String =
            email.to.chars().take(100).map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let name = format!(
            "{}-{}-{safe_to}.eml",
            chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
            uuid::Uuid::new_v4().simple()
        );
        crate::files::write_whole(&self.dir, &name, &message.formatted())
            .await
            .map_err(|e| MailError(e.to_string()))?;
        tracing::info!(to = %email.to, subject = %email.subject, dir = %self.dir.display(), "e-mail written to a file");
        Ok(())
    }
}

/// Production adapter: SMTP (STARTTLS/TLS per the URL, e.g.
/// `smtps://user:pass@smtp.example.com` or `smtp://localhost:25`).
pub struct SmtpMailer {
    transport: lettre::AsyncSmtpTransport<lettre::Tokio1Executor>,
    from: String,
}

impl SmtpMailer {
    pub fn new(url: &str, from: impl Into<String>) -> Result<Self, MailError> {
        let transport = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)
            .map_err(|e| MailError(format!("bad SMTP URL: {e}")))?
            .build();
        Ok(SmtpMailer { transport, from: from.into() })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        use lettre::AsyncTransport;
        let message = build(&self.from, &email)?;
        self.transport.send(message).await.map_err(|e| MailError(e.to_string()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_file_mailer_writes_one_readable_eml_per_message() {
        let dir = std::env::temp_dir().join(format!("coach-mail-{}", uuid::Uuid::new_v4()));
        let mailer = FileMailer::new(&dir, "Nisko Bus <no-reply@example.com>");
        let email = Email {
            to: "jan@example.com".into(),
            subject: "Aktywacja konta".into(),
            text: "Kliknij: http://x/confirm?token=abc".into(),
            attachments: Vec::new(),
        };
        mailer.send(email).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(files.len(), 1);
        let text = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
        assert!(text.contains("To: jan@example.com"));
        assert!(text.contains("Subject: Aktywacja konta"));
        assert!(text.contains("http://x/confirm?token=abc"));
        let bad = Email { to: "not an address".into(), subject: "x".into(), text: "x".into(), attachments: Vec::new() };
        assert!(mailer.send(bad).await.is_err());
    }

    #[tokio::test]
    async fn the_longest_address_still_names_a_file() {
        let dir = std::env::temp_dir().join(format!("coach-mail-{}", uuid::Uuid::new_v4()));
        let mailer = FileMailer::new(&dir, "Nisko Bus <no-reply@example.com>");
        let to = format!("{}@{}.{}.{}.pl", "a".repeat(61), "b".repeat(63), "c".repeat(63), "d".repeat(61));
        let email = Email { to, subject: "Bilety".into(), text: "x".into(), attachments: vec![] };
        mailer.send(email).await.expect("a 254-character address fits");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[tokio::test]
    async fn an_attachment_makes_a_multipart_eml_with_the_file_in_base64() {
        let dir = std::env::temp_dir().join(format!("coach-mail-{}", uuid::Uuid::new_v4()));
        let mailer = FileMailer::new(&dir, "Nisko Bus <no-reply@example.com>");
        let pdf = b"%PDF-1.7\n\x00\xff binary ticket".to_vec();
        let email = Email {
            to: "jan@example.com".into(),
            subject: "Twoje bilety".into(),
            text: "Bilety w załączniku.".into(),
            attachments: vec![Attachment::pdf("bilety-a1b2c3d4.pdf", pdf.clone())],
        };
        mailer.send(email).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(files.len(), 1);
        let eml = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
        assert!(eml.contains("Content-Type: multipart/mixed"));
        assert!(eml.contains("Content-Type: application/pdf"));
        assert!(eml.contains("Content-Disposition: attachment; filename=\"bilety-a1b2c3d4.pdf\""));
        assert!(eml.contains("Content-Transfer-Encoding: base64"));
        assert!(eml.contains(&base64(&pdf)), "the PDF's bytes, base64-encoded, in {eml}");
        let bad = Email {
            to: "jan@example.com".into(),
            subject: "x".into(),
            text: "x".into(),
            attachments: vec![Attachment { filename: "x".into(), content_type: "not a type".into(), bytes: vec![] }],
        };
        assert!(mailer.send(bad).await.is_err());
    }

    /// Standard base64 (RFC 4648 with padding), for checking the message's body.
    fn base64(bytes: &[u8]) -> String {
        const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
            for i in 0..4 {
                out.push(if i <= chunk.len() { char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]) } else { '=' });
            }
        }
        out
    }
}
