//! The catalogue endpoints through HTTP.
