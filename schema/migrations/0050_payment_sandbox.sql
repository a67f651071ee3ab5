-- The built-in payment sandbox (crate `payment`, `Sandbox`): the transactions it has
-- registered, as Przelewy24 would keep them. Not event-sourced: this is the gateway's
-- own state, outside the shop; the shop learns of payments through notifications.
create sequence payment_sandbox_order_ids start with 300000001;

create table payment_sandbox_transactions (
    token        text        primary key,                  -- the gateway's token (a UUID)
    session_id   text        not null,                     -- the shop's id of the payment
    amount       bigint      not null check (amount > 0),  -- grosz
    currency     text        not null,
    description  text        not null,
    email        text        not null,
    url_return   text        not null,
    url_status   text        not null,
    language     text        not null check (language in ('pl', 'en')),
    status       text        not null default 'registered' check (status in ('registered', 'paid', 'failed')),
    p24_order_id bigint      unique,                       -- Przelewy24's orderId, given when paid
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now(),
    constraint payment_sandbox_paid_has_order_id check ((status = 'paid') = (p24_order_id is not null))
);
create index payment_sandbox_transactions_session_id on payment_sandbox_transactions (session_id);
