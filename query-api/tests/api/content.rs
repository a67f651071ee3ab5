//! The content endpoints through HTTP.
