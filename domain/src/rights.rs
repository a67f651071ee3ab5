//! Which passenger rights of EU Regulation 181/2011 apply to a journey, decided from the
//! route's distance and the journey's scheduled length (docs/disruptions.md, "Which rights
//! apply").
//!
//! - Art. 2(1): the regulation applies in full to regular services whose scheduled
//!   distance is [`FULL_RIGHTS_KM`] km or more; below, only its basic rights (art. 2(2):
//!   non-discrimination, information, complaints). The carrier offers the choice of
//!   art. 19 on every route all the same (its own terms): the flag tells the statutory
//!   from the voluntary.
//! - Art. 21: assistance (snacks, meals, a hotel for up to two nights) on a cancellation
//!   or a departure more than 90 minutes late, for a journey of more than
//!   [`ASSISTANCE_MINUTES`] minutes on a service the regulation covers in full.

use serde::Serialize;

/// From this distance the regulation applies in full (art. 2(1)).
pub const FULL_RIGHTS_KM: u32 = 250;

/// A journey longer than this (scheduled) gives the right to assistance (art. 21).
pub const ASSISTANCE_MINUTES: u32 = 180;

/// The rights a journey carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rights {
    /// The whole regulation applies (the route is 250 km or more): the choice of art. 19
    /// and the compensation are the law's, not only the carrier's terms.
    pub statutory: bool,
    /// Assistance on a cancellation or a long delay (art. 21).
    pub assistance: bool,
}

/// The rights of a journey on a route of `distance_km` (`None`: not entered, so the
/// basic rights only) lasting `scheduled_minutes`.
pub fn rights(distance_km: Option<u32>, scheduled_minutes: u32) -> Rights {
    let statutory = distance_km.is_some_and(|km| km >= FULL_RIGHTS_KM);
    Rights { statutory, assistance: statutory && scheduled_minutes > ASSISTANCE_MINUTES }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_regulation_applies_in_full_from_250_km() {
        assert_eq!(rights(Some(249), 400), Rights { statutory: false, assistance: false });
        assert_eq!(rights(Some(250), 180), Rights { statutory: true, assistance: false });
        assert_eq!(rights(None, 600), Rights { statutory: false, assistance: false }, "no distance: basic rights");
    }

    #[test]
    fn assistance_needs_a_journey_over_three_hours() {
        assert!(!rights(Some(320), 180).assistance);
        assert!(rights(Some(320), 181).assistance);
    }
}
