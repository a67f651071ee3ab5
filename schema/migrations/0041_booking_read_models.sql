-- Read models of the booking (kept by the `orders`, `coupons`, `stamps` and `holds`
-- projections). Disposable: each projection empties its tables and replays the events.
-- Every row carries `version`, the stream version of the last event that changed it;
-- every write is guarded by it, so a replayed event changes nothing. Times that are not
-- in the events (`updated_at`, `held_at`, ...) are the store's `recorded_at`, so a
-- rebuild gives the same rows. No constraint here enforces a business rule: those live
-- in the aggregates.

-- One row per placed order (stream `order-{id}`). The legs and lines are kept as the
-- events carry them (jsonb); the outbound leg's names and times are copied into columns
-- for lists, filters and sorting.
create table rm_orders (
    order_id            uuid        primary key,
    hash_id             text        not null unique,
    status              text        not null,   -- pending_payment, paid, expired, cancelled, returned
    user_id             uuid,
    first_name          text        not null,
    last_name           text        not null,
    email               text        not null,
    phone               text        not null,
    notify_by_sms       boolean     not null,
    invoice             jsonb,                  -- the InvoiceRequest, if one was asked for
    invoice_number      text,
    invoice_issued_at   timestamptz,
    invoice_corrections jsonb       not null,   -- [{number, corrects, amount, issued_at}]
    outbound            jsonb       not null,   -- the Leg
    back                jsonb,                  -- the Leg
    outbound_course_id  uuid        not null,
    back_course_id      uuid,
    route_name          text        not null,
    from_name           text        not null,
    to_name             text        not null,
    departure_at        timestamptz not null,
    return_departure_at timestamptz,
    lines               jsonb       not null,   -- [TicketLine]
    passengers          integer     not null,
    total               bigint      not null,   -- grosz
    coupon_code         text,
    coupon_amount       bigint      not null,
    to_pay              bigint      not null,
    payment_provider    text        not null,
    payment_session_id  text        not null,
    payment_token       text        not null,
    placed_at           timestamptz not null,
    expires_at          timestamptz not null,
    paid_at             timestamptz,
    paid_amount         bigint,
    transaction_id      text,
    expired_at          timestamptz,
    cancelled_at        timestamptz,
    cancelled_by        uuid,
    cancel_reason       text,
    money_refunded      bigint      not null,   -- cancellation and returns, to the customer
    coupon_refunded     bigint      not null,   -- cancellation and returns, to the coupon
    late_refunded       bigint      not null,   -- payments paid back (arrived after expiry)
    version             bigint      not null,
    updated_at          timestamptz not null
);
create index rm_orders_user on rm_orders (user_id, placed_at desc);
create index rm_orders_placed on rm_orders (placed_at desc);
create index rm_orders_status on rm_orders (status, expires_at);
create index rm_orders_email on rm_orders (lower(email));

-- One row per ticket (issued when the order is paid). `course_*`, names and times follow
-- a course change; `version` is the order stream's.
create table rm_tickets (
    ticket_id          uuid        primary key,
    order_id           uuid        not null,
    number             text        not null unique,
    code               text        not null,
    leg                text        not null,   -- outbound, back
    line               integer     not null,
    price              bigint      not null,   -- what the seat costs now (after a change: the new price)
    coupon_part        bigint      not null,
    status             text        not null,   -- valid, returned
    course_id          uuid        not null,
    route_name         text        not null,
    from_name          text        not null,
    to_name            text        not null,
    departure_at       timestamptz not null,
    arrival_at         timestamptz not null,
    course_changed     boolean     not null,
    previous_course_id uuid,
    price_difference   bigint      not null,
    changed_at         timestamptz,
    user_id            uuid,
    issued_at          timestamptz not null,
    returned_at        timestamptz,
    returned_by        uuid,
    fee                bigint,
    coupon_refund      bigint,
    money_refund       bigint,
    version            bigint      not null
);
create index rm_tickets_order on rm_tickets (order_id);
create index rm_tickets_user on rm_tickets (user_id, departure_at desc);
create index rm_tickets_course on rm_tickets (course_id);

-- Every event of every order, for the admin's audit history.
create table rm_order_events (
    order_id    uuid        not null,
    version     bigint      not null,
    event_type  text        not null,
    occurred_at timestamptz not null,   -- the command's time (metadata)
    recorded_at timestamptz not null,   -- the store's time
    user_id     text,                   -- who issued the command (metadata), if anyone
    data        jsonb       not null,   -- the event as the domain serialises it
    primary key (order_id, version)
);

-- One row per coupon (stream `coupon-{CODE}`). `used`: nothing is left to spend.
create table rm_coupons (
    code          text        primary key,
    initial_value bigint      not null,
    current_value bigint      not null,
    usages        integer     not null,   -- orders that spent it
    used          boolean     not null,
    expires_at    timestamptz,
    expired_at    timestamptz,            -- when CouponExpired was recorded (null again if revived)
    user_id       uuid,                   -- the owner of a stamp reward
    origin        text        not null,   -- admin, stamp_reward
    issued_at     timestamptz not null,
    version       bigint      not null,
    updated_at    timestamptz not null
);
create index rm_coupons_user on rm_coupons (user_id);

-- What each order spent of a coupon and got back.
create table rm_coupon_usages (
    code     text        not null,
    order_id uuid        not null,
    amount   bigint      not null,
    refunded bigint      not null,
    spent_at timestamptz not null,
    version  bigint      not null,
    primary key (code, order_id)
);
create index rm_coupon_usages_order on rm_coupon_usages (order_id);

-- One row per stamp card (stream `stamps-{user id}`): stamps held now, rewards earned.
create table rm_stamp_cards (
    user_id    uuid        primary key,
    stamps     integer     not null,
    tickets    jsonb       not null,   -- the stamped tickets: [{ticket_id, order_id}]
    rewards    integer     not null,
    version    bigint      not null,
    updated_at timestamptz not null
);

create table rm_stamp_rewards (
    user_id     uuid        not null,
    coupon_code text        not null,
    value       bigint      not null,
    earned_at   timestamptz not null,
    version     bigint      not null,
    primary key (user_id, coupon_code)
);

-- Seat holds of the courses (streams `course-{id}`), for the processes: orphaned holds
-- (no order) and the seats an expiry must release. `seats_left`: held, not released.
create table rm_course_holds (
    course_id   uuid        not null,
    hold_id     uuid        not null,
    from_index  integer     not null,
    to_index    integer     not null,
    seats       integer     not null,
    seats_left  integer     not null,
    confirmed   boolean     not null,
    expires_at  timestamptz not null,
    held_at     timestamptz not null,
    released_at timestamptz,            -- the last release
    version     bigint      not null,
    primary key (course_id, hold_id)
);
create index rm_course_holds_open on rm_course_holds (expires_at) where seats_left > 0 and not confirmed;
create index rm_course_holds_hold on rm_course_holds (hold_id);
