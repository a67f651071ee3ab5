//! Building blocks for the course tests (`test_support::catalogue`, as the catalogue API's
//! tests have them): records created through the API, dates in Warsaw, and bodies without
//! their timestamps.

pub use test_support::catalogue::*;
