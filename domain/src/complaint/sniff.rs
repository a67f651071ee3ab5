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

#[cfg(test)]
mod tests {
    use super::*;

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
