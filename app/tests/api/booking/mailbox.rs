//! The development mailer's `.eml` files (`DATA_DIR/mail`), read back as a mail program
//! would: the headers unfolded and their encoded words decoded (RFC 2047), the parts of a
//! multipart message split and their bodies decoded (base64, quoted-printable), so a test
//! compares what a person would read and the very bytes of an attachment.

use std::path::Path;

/// One message.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    pub attachments: Vec<File>,
}

/// An attached file.
#[derive(Debug, Clone)]
pub struct File {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl Mail {
    pub fn attachment(&self, filename: &str) -> Option<&File> {
        self.attachments.iter().find(|a| a.filename == filename)
    }
}

/// Every message written under `data_dir/mail` so far, oldest first.
pub fn mails(data_dir: &Path) -> Vec<Mail> {
    let Ok(dir) = std::fs::read_dir(data_dir.join("mail")) else { return Vec::new() };
    let mut files: Vec<_> = dir.filter_map(Result::ok).map(|f| f.path()).collect();
    files.sort();
    files.iter().filter_map(|f| std::fs::read(f).ok()).map(|raw| parse(&String::from_utf8_lossy(&raw))).collect()
}

/// The messages to `to`.
pub fn mails_to(data_dir: &Path, to: &str) -> Vec<Mail> {
    mails(data_dir).into_iter().filter(|m| m.to == to).collect()
}

fn parse(raw: &str) -> Mail {
    let (headers, body) = split_part(raw);
    let get = |name: &str| header(&headers, name);
    let mut mail =
        Mail { to: get("to"), subject: decode_words(&get("subject")), text: String::new(), attachments: Vec::new() };
    let content_type = get("content-type");
    let Some(boundary) = parameter(&content_type, "boundary") else {
        mail.text = String::from_utf8_lossy(&decode_body(&get("content-transfer-encoding"), body)).into_owned();
        return mail;
    };
    let delimiter = format!("--{boundary}");
    for part in body.split(delimiter.as_str()).skip(1) {
        if part.starts_with("--") {
            break;
        }
        let (headers, body) = split_part(part.trim_start_matches("\r\n"));
        let bytes = decode_body(&header(&headers, "content-transfer-encoding"), body);
        let disposition = header(&headers, "content-disposition");
        match parameter(&disposition, "filename") {
            Some(filename) => {
                mail.attachments.push(File { filename, content_type: header(&headers, "content-type"), bytes })
            }
            None => mail.text = String::from_utf8_lossy(&bytes).into_owned(),
        }
    }
    mail
}

/// The headers (unfolded, names lower case) and the body of a message or a part.
fn split_part(raw: &str) -> (Vec<(String, String)>, &str) {
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    let headers = unfolded
        .split("\r\n")
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    (headers, body)
}

fn header(headers: &[(String, String)], name: &str) -> String {
    headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default()
}

/// `name="value"` or `name=value` of a header's parameters.
fn parameter(value: &str, name: &str) -> Option<String> {
    value.split(';').map(str::trim).find_map(|p| {
        let (key, v) = p.split_once('=')?;
        (key.trim().eq_ignore_ascii_case(name)).then(|| v.trim().trim_matches('"').to_owned())
    })
}

fn decode_body(encoding: &str, body: &str) -> Vec<u8> {
    match encoding.to_ascii_lowercase().as_str() {
        "base64" => base64(body),
        "quoted-printable" => quoted_printable(body),
        _ => body.trim_end_matches("\r\n").replace("\r\n", "\n").into_bytes(),
    }
}

/// A header's RFC 2047 encoded words (`=?utf-8?b?…?=`, `=?utf-8?q?…?=`) decoded; the
/// white space between two encoded words goes, as the RFC says.
fn decode_words(value: &str) -> String {
    let mut bytes = Vec::new();
    let mut previous_encoded = false;
    for (i, token) in value.split_whitespace().enumerate() {
        let encoded = token.strip_prefix("=?").and_then(|t| t.strip_suffix("?=")).and_then(|t| {
            let mut fields = t.splitn(3, '?');
            let (_charset, kind, text) = (fields.next()?, fields.next()?, fields.next()?);
            Some(if kind.eq_ignore_ascii_case("b") { base64(text) } else { quoted_printable(&text.replace('_', " ")) })
        });
        if i > 0 && !(previous_encoded && encoded.is_some()) {
            bytes.push(b' ');
        }
        previous_encoded = encoded.is_some();
        bytes.extend(encoded.unwrap_or_else(|| token.as_bytes().to_vec()));
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, v)| n | u32::from(*v) << (18 - 6 * i));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

fn quoted_printable(text: &str) -> Vec<u8> {
    let text = text.replace("=\r\n", "");
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'\r', _) if bytes.get(i + 1) == Some(&b'\n') => {
                out.push(b'\n');
                i += 2;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    while out.last() == Some(&b'\n') {
        out.pop();
    }
    out
}
