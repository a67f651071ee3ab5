//! What a file is, by its first bytes (its "magic number"), never by its name or the
//! type a browser claimed: a page named `photo.png` must not be stored as a picture.

use super::AttachmentKind;

/// The kind of `bytes`, when it is one a complaint may carry.
pub fn sniff(bytes: &[u8]) -> Option<AttachmentKind> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(AttachmentKind::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(AttachmentKind::Png)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(AttachmentKind::Gif)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some(AttachmentKind::Webp)
    } else if bytes.starts_with(b"%PDF-") {
        Some(AttachmentKind::Pdf)
    } else {
        None
    }
}

/// The name an attachment is kept and shown under: the customer's name without any path
/// nor extension of its own, with the extension of what the file really is (`x.pdf.html`
/// of a PDF is `x.pdf`; `../../etc/passwd.png` of a JPEG is `passwd.jpg`), only letters,
/// digits, spaces and `-_.()` kept, at most 100 characters; `attachment-{n}` when nothing is
/// left. The name is a label: the file's type is never taken from it.
pub fn safe_name(name: &str, kind: AttachmentKind, n: usize) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut stem: &str = base.trim();
    // Every trailing extension goes (`.pdf.html`, `.tar.gz`): the real one is put back.
    while let Some((before, ext)) = stem.rsplit_once('.') {
        if ext.is_empty() || ext.len() > 5 || !ext.chars().all(|c| c.is_ascii_alphanumeric()) {
            break;
        }
        stem = before;
    }
    let cleaned: String = stem
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '(' | ')' | '.'))
        .take(100)
        .collect();
    let cleaned = cleaned.trim_matches(|c: char| c == '.' || c.is_whitespace());
    if cleaned.is_empty() {
        format!("attachment-{n}.{}", kind.extension())
    } else {
        format!("{cleaned}.{}", kind.extension())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_its_words_and_takes_the_real_type() {
        assert_eq!(safe_name("x.pdf.html", AttachmentKind::Pdf, 1), "x.pdf");
        assert_eq!(safe_name("../../etc/passwd.png", AttachmentKind::Jpeg, 1), "passwd.jpg");
        assert_eq!(safe_name("C:\\Users\\Ala\\bilet <script>.jpeg", AttachmentKind::Jpeg, 2), "bilet script.jpg");
        assert_eq!(safe_name("zdjęcie z podróży.JPG", AttachmentKind::Png, 1), "zdjęcie z podróży.png");
        assert_eq!(safe_name(".html", AttachmentKind::Pdf, 3), "attachment-3.pdf");
        assert_eq!(safe_name("", AttachmentKind::Gif, 1), "attachment-1.gif");
    }

    #[test]
    fn images_and_pdfs_are_told_by_their_content() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Some(AttachmentKind::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(AttachmentKind::Png));
        assert_eq!(sniff(b"GIF89a\x01\0"), Some(AttachmentKind::Gif));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some(AttachmentKind::Webp));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some(AttachmentKind::Pdf));
    }

    #[test]
    fn anything_else_is_refused_whatever_it_is_called() {
        assert_eq!(sniff(b"<html><script>alert(1)</script>"), None);
        assert_eq!(sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
        assert_eq!(sniff(b"RIFF\x24\0\0\0WAVE"), None);
        assert_eq!(sniff(b""), None);
        assert_eq!(sniff(b"\x89PN"), None);
    }
}
