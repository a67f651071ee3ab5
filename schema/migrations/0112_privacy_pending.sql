-- Erasures asked for and not yet possible (command-api, privacy): a subject whose data the
-- carrier must still keep for now (a journey ahead, a payment awaited, an invoice's tax
-- period) waits here with the first instant it may go; `coach privacy sweep` erases it
-- then. Holds no personal value.
create table privacy_pending (
    subject      text        primary key,
    order_id     uuid        not null,
    not_before   timestamptz not null,
    why          text        not null,
    requested_by uuid,
    reason       text        not null,
    requested_at timestamptz not null default now()
);
create index privacy_pending_due on privacy_pending (not_before);
