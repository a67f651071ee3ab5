-- Read model: one row per event stream (kept by the `streams` projection), for the
-- admin's audit pages and operations. Disposable: rebuilt from the events at any time.
create table rm_streams (
    stream_id     text primary key,
    category      text        not null,   -- the part before the first '-': course, order, ...
    last_version  bigint      not null,
    event_count   bigint      not null,
    first_event_at timestamptz not null,
    last_event_at timestamptz not null,
    last_event_type text      not null
);
create index rm_streams_category on rm_streams (category, last_event_at desc);
