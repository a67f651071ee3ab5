-- Complaints (EU Regulation 181/2011, art. 27): the aggregate lives in the event store
-- (`complaint-{id}`); here are its readable numbers, the files it carries, and its read
-- table.

-- `RK-2026-000123`: the filing takes the next value and records the number in
-- `ComplaintFiled`.
create sequence complaint_number_seq;

-- The attachments' bytes, written by the filing before it appends `ComplaintFiled`
-- (which names them by id, kind and size). Not a read model: the events do not carry
-- the files, so this table is kept, never rebuilt. The kind is the one the content was
-- recognised as (magic bytes), never the name's or the browser's.
create table complaint_attachments (
    id           uuid        primary key,
    complaint_id uuid        not null,
    name         text        not null,
    content_type text        not null,
    bytes        bytea       not null,
    created_at   timestamptz not null default now()
);
create index complaint_attachments_complaint on complaint_attachments (complaint_id);

-- The `complaints` projection: one row per complaint, for the lists (the admin's, sorted
-- by the nearest deadline; a customer's own) and the complaint's page.
create table rm_complaints (
    complaint_id  uuid        primary key,
    number        text        not null,
    order_id      uuid        not null,
    order_number  text        not null,
    ticket_number text,
    email         text        not null,
    language      text        not null,
    user_id       uuid,
    text          text        not null,
    attachments   jsonb       not null,   -- [{id, name, kind, size}]
    state         text        not null,   -- received, acknowledged, accepted, rejected, answered
    filed_at      timestamptz not null,
    respond_by    date        not null,   -- the 1-month deadline
    answer_by     date        not null,   -- the 3-month deadline
    responded_at  timestamptz,
    responded_by  uuid,
    answer        text,
    answered_at   timestamptz,
    answered_by   uuid,
    version       bigint      not null,
    updated_at    timestamptz not null
);
create index rm_complaints_user on rm_complaints (user_id, filed_at);
create index rm_complaints_open on rm_complaints (answer_by) where state <> 'answered';
