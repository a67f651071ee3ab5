-- Refunds through the payment gateway.
--
-- `payment_sandbox_refunds`: the built-in sandbox gateway's own record of the refunds it
-- has made (as Przelewy24 keeps them; see crate `payment`). A request id is refunded once.
create table payment_sandbox_refunds (
    request_id   text        primary key,
    p24_order_id bigint      not null references payment_sandbox_transactions (p24_order_id),
    amount       bigint      not null check (amount > 0),  -- grosz
    description  text        not null,
    created_at   timestamptz not null default now()
);
create index payment_sandbox_refunds_order on payment_sandbox_refunds (p24_order_id);

-- `refunds`: the shop's outbox of money owed back (crate `command-api`, processes/refunds).
-- The reaction to an event that owes money writes one row (its id derives from the
-- event's, so a replay writes nothing new); the row is sent to the gateway at once and
-- retried with a growing pause until the gateway accepts it ('sent') or refuses it for
-- good ('refused', for an admin to settle by hand).
create table refunds (
    refund_id       uuid        primary key,
    order_id        uuid        not null,
    reason          text        not null,
    amount          bigint      not null check (amount > 0),  -- grosz
    provider        text        not null,
    session_id      text        not null,
    transaction_id  text        not null,                     -- the gateway's id of the paid transaction
    status          text        not null default 'pending' check (status in ('pending', 'sent', 'refused')),
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    created_at      timestamptz not null default now(),
    sent_at         timestamptz
);
create index refunds_order on refunds (order_id);
create index refunds_pending on refunds (next_attempt_at) where status = 'pending';
