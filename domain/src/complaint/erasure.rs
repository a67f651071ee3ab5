//! When a complaint's personal data (the complainant's e-mail, their text and files, the
//! carrier's answer) may be erased: an answered complaint at once on request, and with its
//! order's customer on the retention schedule; an open one keeps them until it is answered
//! (the answer must reach the complainant), which is due by [`Filed::answer_by`].

use chrono::{DateTime, Duration, Utc};

use super::Filed;
use crate::erasure::{Erasable, KeptFor};

/// What may be erased of `complaint` when its complainant (or the order's customer) asks,
/// `now`. An open complaint is kept until the day after its answer is due, or a day from
/// `now` once that has passed (the sweep looks again then).
pub fn on_request(complaint: &Filed, now: DateTime<Utc>) -> Erasable {
    if complaint.answer.is_some() {
        return Erasable::Now;
    }
    let after_deadline = complaint.answer_by.succ_opt().and_then(|d| d.and_hms_opt(0, 0, 0)).map(|d| d.and_utc());
    let until = after_deadline.filter(|d| *d > now).unwrap_or(now + Duration::days(1));
    Erasable::Kept { until, why: KeptFor::OpenComplaint }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::complaint::testing::*;
    use crate::complaint::ComplaintEvent;

    fn fold(events: impl IntoIterator<Item = ComplaintEvent>) -> Filed {
        given(events).state().filed().cloned().expect("filed")
    }

    #[test]
    fn an_answered_complaint_may_go_at_once() {
        assert_eq!(on_request(&fold([filed(), accepted(), answered("Zwracamy 20 zł.")]), now()), Erasable::Now);
    }

    #[test]
    fn an_open_complaint_is_kept_until_the_day_after_its_answer_is_due() {
        let until = Utc.with_ymd_and_hms(2027, 2, 28, 0, 0, 0).single().expect("a time");
        for open in [fold([filed()]), fold([filed(), acknowledged()]), fold([filed(), rejected()])] {
            assert_eq!(on_request(&open, now()), Erasable::Kept { until, why: KeptFor::OpenComplaint });
        }
    }

    #[test]
    fn an_overdue_open_complaint_is_looked_at_again_a_day_later() {
        let later = Utc.with_ymd_and_hms(2027, 3, 10, 9, 0, 0).single().expect("a time");
        assert_eq!(
            on_request(&fold([filed()]), later),
            Erasable::Kept { until: later + Duration::days(1), why: KeptFor::OpenComplaint }
        );
    }
}
