-- The state of the disruption process (issue 28; command-side, not a read model: written
-- by the process in the transaction of its checkpoint, so it is exactly as far as the
-- events it has followed, and rebuilt by following them again from the start).

-- Which orders have (or had) seats on which course: from `OrderPlaced` (its legs) and
-- `TicketCourseChanged` (the new course), so a cancellation finds every order on the
-- course without waiting for a read model.
create table disruption_course_orders (
    course_id uuid not null,
    order_id  uuid not null,
    primary key (course_id, order_id)
);

-- The courses disrupted now, as their last announcement says: an order placed or paid
-- on one of them afterwards is told at once. `refunds_done_at`: the automatic refunds at
-- the departure of a cancelled course were all made.
create table disrupted_courses (
    course_id       uuid        primary key,
    notice_id       uuid        not null,
    delay_minutes   integer,
    reason          text        not null,
    departure_at    timestamptz not null,
    refunds_done_at timestamptz
);
create index disrupted_courses_due on disrupted_courses (departure_at) where delay_minutes is null and refunds_done_at is null;
