//! Building blocks for the catalogue tests (`test_support::catalogue`): records created
//! through the API, dates in Warsaw, and bodies without their timestamps.

pub use test_support::catalogue::*;
