//! The accounts endpoints through HTTP.
