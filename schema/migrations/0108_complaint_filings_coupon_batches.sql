-- Two processes that cross stores, each with a durable record of where it stands (as
-- `placements` is for the placement of an order), so a crash between two steps is
-- finished by whichever process starts next.
--
-- A complaint being filed: the row, the complaint's number and its attachments are written
-- in one transaction; the row keeps the decided `ComplaintFiled` event until it is on the
-- complaint's stream. The row is removed once the event is appended.
create table complaint_filings (
    complaint_id uuid        primary key,
    -- The `ComplaintFiled` event as decided (its number and attachments included).
    filed        jsonb       not null,
    started_at   timestamptz not null default now()
);
create index complaint_filings_started on complaint_filings (started_at);

-- A batch of coupons issued by an admin in one request: its codes are made up once and kept
-- here, so a retried or resumed batch issues the same coupons (each under a command id
-- derived from the batch id and its place). Kept after it is done, as the batch's record.
create table coupon_batches (
    batch_id     uuid        primary key,
    codes        text[]      not null,
    value        bigint      not null,
    expires_at   timestamptz,
    admin_id     uuid        not null,
    started_at   timestamptz not null default now(),
    completed_at timestamptz
);
create index coupon_batches_open on coupon_batches (started_at) where completed_at is null;
