-- Changes of a ticket's course in progress and done: the durable record of the change
-- process (command-api/src/processes/course_changes.rs), written before its first step
-- (the seat held on the new course), closed when it is over either way. A record left
-- open by a process that died is resumed by the recovery sweep of whichever process
-- runs next: it finishes the change if the order recorded it (the old seat back) or
-- undoes it if not (the new seat back; the payment registered for it is never the
-- order's). The hold, its release and the payment's session are named here, so every
-- step of the change and of its recovery is idempotent. Closed rows are kept: they
-- number the payment sessions and show what became of each attempt.
create table course_changes (
    change_id      uuid        primary key,
    order_id       uuid        not null,
    ticket_id      uuid        not null,
    -- Where the ticket was: its course and the hold of its seat there.
    from_course_id uuid        not null,
    from_hold_id   uuid        not null,
    -- Where it goes: the course and the hold the change takes there.
    to_course_id   uuid        not null,
    to_hold_id     uuid        not null,
    -- The gateway session of a dearer course's difference (`{order}-c{n}`).
    session_id     text        unique,
    started_at     timestamptz not null default now(),
    finished_at    timestamptz,
    -- `changed`, `awaiting_payment`, `refused` or `undone`, once finished.
    outcome        text        check (outcome in ('changed', 'awaiting_payment', 'refused', 'undone'))
);
-- One change of a ticket at a time.
create unique index course_changes_one_per_ticket on course_changes (ticket_id) where finished_at is null;
create index course_changes_open on course_changes (started_at) where finished_at is null;
create index course_changes_order on course_changes (order_id);
