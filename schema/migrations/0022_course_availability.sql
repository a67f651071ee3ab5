-- Read model (kept by the `availability` projection from the seat-inventory events):
-- each course's seats and the seats taken on each segment between consecutive stops.
-- segment_loads[k] lies between stop_ids[k] and stop_ids[k + 1]. Disposable: rebuilt from
-- the `course-*` streams at any time. `version` is the stream version of the last event
-- applied: every write is guarded by it, so replaying an event changes nothing.
create table rm_course_availability (
    course_id     uuid        primary key,
    route_id      bigint      not null,
    departure_at  timestamptz not null,
    seats         integer     not null,
    segment_loads integer[]   not null,
    stop_ids      bigint[]    not null,
    version       bigint      not null,
    updated_at    timestamptz not null default now()
);
