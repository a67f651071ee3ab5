//! The KSeF stand-in (skeleton).
