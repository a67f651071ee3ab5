-- An admin's save of a course's seats and sale in progress: the durable record of the
-- save process (catalogue-api/src/course/save_process.rs), written before its first
-- write and removed when the save is over (done, or refused by the seat inventory).
-- The save writes to two stores that no transaction spans (the course's seats are its
-- event stream's, `sale_open` is the row's); a record left behind by a process that
-- died is finished by the sweep of whichever process runs next
-- (catalogue-api/src/course/recovery.rs). Every step is idempotent: the seats are
-- decided again on the stream's state (no event when they are already so), the row is
-- written to the recorded values.
create table course_saves (
    course_id  uuid        primary key references courses (id) on delete cascade,
    -- This attempt: a later save of the same course replaces the record, and only the
    -- attempt that wrote it removes it.
    save_id    uuid        not null,
    -- The seats asked for; null keeps the stream's.
    seats      integer     check (seats between 1 and 1000),
    sale_open  boolean     not null,
    user_id    uuid        not null,
    started_at timestamptz not null default now()
);
create index course_saves_started on course_saves (started_at);
