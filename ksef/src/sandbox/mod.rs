//! The KSeF stand-in (being built).
