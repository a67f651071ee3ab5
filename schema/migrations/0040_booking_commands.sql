-- What the command side keeps beside the events (not read models: not rebuilt).

-- `Idempotency-Key`: the first answer to a key is kept and repeated for the same key.
-- `scope` is the command ("order.place"); `request_hash` refuses a key reused for a
-- different request. A row without `status_code` is a request still in flight (or one
-- whose process died: it may be taken over after `locked_until`).
create table idempotency_keys (
    scope         text        not null,
    key           text        not null check (length(key) between 1 and 200),
    request_hash  text        not null,
    -- The id of what the command creates (an order), chosen at the first claim, so a
    -- request retried after a crash continues the same order.
    resource_id   uuid        not null,
    status_code   integer,
    response      jsonb,
    locked_until  timestamptz not null,
    created_at    timestamptz not null default now(),
    completed_at  timestamptz,
    primary key (scope, key)
);

-- Ticket numbers are readable and unique: NK-{year}-{sequence, 6 digits or more}.
create sequence ticket_number_seq;

-- Invoice numbers are consecutive per series and year: {prefix}/{year}/{n}.
create table invoice_counters (
    series text    not null,
    year   integer not null,
    last   bigint  not null,
    primary key (series, year)
);

-- Messages a process has sent (ticket e-mails, SMS), so a replayed event does not send
-- them twice.
create table sent_messages (
    order_id uuid        not null,
    kind     text        not null,
    sent_at  timestamptz not null default now(),
    primary key (order_id, kind)
);

-- Placements in progress: the state of the placement process, so that one interrupted
-- by a crash is undone by the recovery sweep. A row lives from the first step until the
-- order is recorded or the steps are undone.
create table placements (
    order_id     uuid        primary key,
    course_ids   uuid[]      not null,
    hold_ids     uuid[]      not null,
    coupon_code  text,
    started_at   timestamptz not null default now()
);
create index placements_started on placements (started_at);

-- Which order a ticket number belongs to, written when the numbers are drawn (before
-- the payment is recorded), so a return or a change by number finds its order without
-- waiting for a read model. A number drawn by a payment attempt that lost its race
-- points to an order that has no such ticket, which the order itself then says.
create table ticket_numbers (
    number   text primary key,
    order_id uuid not null
);
