-- Passenger rights (EU Regulation 181/2011) and the message outbox (issue 39).

-- A cancellation from a stop onward: the stretch before the stop still runs and sells.
alter table rm_course_availability add column cancelled_from_stop integer;

-- A route's distance decides which rights apply (art. 2: in full from 250 km).
alter table routes add column distance_km integer check (distance_km is null or distance_km between 1 and 5000);

-- The disruption process's table of disrupted courses: a cancellation from a stop names
-- the stops it leaves unserved, and every announcement its instant (the 14-day window).
alter table disrupted_courses add column unserved_stops bigint[];
alter table disrupted_courses add column announced_at timestamptz;

-- One outbox for every message (e-mail and SMS): a row is written in the transaction
-- that decides the message (with its `sent_messages` claim), and a worker sends it with
-- retries. `dedupe_key` makes a message go once per reason and recipient.
create table outbox (
    id bigserial primary key,
    dedupe_key text not null unique,
    order_id uuid,
    kind text not null,
    channel text not null check (channel in ('email', 'sms')),
    recipient text not null,
    subject text not null default '',
    body text not null,
    -- [{"filename", "content_type", "bytes" (base64)}]
    attachments jsonb not null default '[]',
    state text not null default 'queued' check (state in ('queued', 'sent', 'delivered', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    provider_id text,
    -- A text message's idx at the gateway (derived from its key): a delivery report may
    -- name it, and may come before the gateway's answer is recorded.
    idx text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    delivered_at timestamptz
);
create index outbox_due on outbox (next_attempt_at) where state = 'queued';
create index outbox_order on outbox (order_id, created_at) where order_id is not null;
create index outbox_created on outbox (created_at desc);
create index outbox_provider on outbox (provider_id) where provider_id is not null;
create index outbox_idx on outbox (idx) where idx is not null;

-- The driver marks a course as having left (`CourseDeparted`); a course 20 minutes past
-- its time (and its delay) without it alerts the office, once.
alter table rm_course_availability add column departed_at timestamptz;
create table departure_alerts (
    course_id uuid primary key,
    expected_at timestamptz not null,
    alerted_at timestamptz not null default now(),
    -- Cleared when the course leaves, is delayed further or is cancelled.
    resolved_at timestamptz
);

-- A complaint the office filed for a passenger who phoned, wrote or came to the desk.
alter table rm_complaints add column received_via text;
