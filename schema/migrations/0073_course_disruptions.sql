-- A cancelled or delayed course (issue 28): what the carrier said last, on the course's
-- availability row, so the search, the driver's list and the ticket page show it. Filled
-- by the `availability` projection from `CourseCancelled`, `DelayAnnounced` and
-- `DelayCleared` (rebuilt with it).
alter table rm_course_availability
    add column cancelled          boolean     not null default false,
    add column delay_minutes      bigint,
    add column disruption_reason  text,
    add column disruption_at      timestamptz,
    add column disruption_by      text;
