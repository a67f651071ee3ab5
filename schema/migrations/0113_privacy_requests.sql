-- Requests about personal data (RODO art. 12-22), which the carrier must answer within a
-- month (art. 12(3)): received in the panel (a letter, the desk, an e-mail), or made by
-- the person themselves (an account deleted, a guest's erasure by its e-mailed link, both
-- done at once). While a request is open it names the person by the e-mail they gave;
-- once done, that e-mail is emptied and the request keeps only the orders it covered and
-- what was done, in words without the person's values.
create sequence privacy_request_number_seq;

create table privacy_requests (
    id           uuid        primary key,
    -- `RODO-2026-000001`.
    number       text        not null unique,
    kind         text        not null check (kind in ('export', 'erasure')),
    channel      text        not null check (channel in ('account', 'link', 'letter', 'desk', 'email')),
    -- Whose data, while the request is open.
    email        text,
    received_at  timestamptz not null default now(),
    -- The day the answer is due (a month after it was received, Warsaw).
    respond_by   date        not null,
    -- The admin who recorded it (null: the person themselves).
    recorded_by  uuid,
    done_at      timestamptz,
    done_by      uuid,
    -- The orders it covered, by number.
    orders       text[]      not null default '{}',
    -- What was done (orders erased, what stays until when), no personal value.
    outcome      text,
    check ((done_at is null) = (outcome is null))
);
create index privacy_requests_open on privacy_requests (respond_by) where done_at is null;

-- A guest's link to their data (e-mailed to the order's address): the token's SHA-256,
-- whose orders (the e-mail of the order it was asked for), until when. Deleted when used
-- for an erasure or when the e-mail's data are erased.
create table privacy_links (
    token_hash bytea       primary key,
    email      text        not null,
    order_id   uuid        not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
);
create index privacy_links_email on privacy_links (lower(email));
