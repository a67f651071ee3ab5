//! The verification links the QR codes carry (`kody-qr.md`).
