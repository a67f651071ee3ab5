-- The office's till (docs/till.md).
--
-- A refund owed at the desk (`refunds.status` 'at_office': cash, 'at_terminal': the card
-- on the terminal) is handed over there once: the order's `RefundPaidOut` event, a
-- movement of the till below (its `refund_id`); until then it waits at the desk.
create index refunds_at_desk on refunds (created_at) where status in ('at_office', 'at_terminal');

-- `rm_till_movements` (projection `till`): every cash and card-terminal movement at the
-- desk, from the events: an office sale's payment (`OrderPaid` by `cash-…` or
-- `card_terminal-…`), a refund paid out (`RefundPaidOut`), cash put in or taken out
-- (`CashCorrected`). `amount` is signed (money into the till positive). `day` is the
-- office day it counts on: its Warsaw date, or the next open day when that day had been
-- closed before it happened.
create table rm_till_movements (
    movement_id uuid        primary key,          -- the event's id
    day         date        not null,
    at          timestamptz not null,
    kind        text        not null check (kind in ('sale', 'refund', 'cash_in', 'cash_out')),
    method      text        not null check (method in ('cash', 'card_terminal')),
    amount      bigint      not null,
    order_id    uuid,
    refund_id   uuid,
    note        text        not null default '',
    by_user_id  uuid
);
create index rm_till_movements_day on rm_till_movements (day, at);
create unique index rm_till_movements_refund on rm_till_movements (refund_id) where refund_id is not null;

-- `rm_till_days` (projection `till`): each closed day with its close (`TillDayClosed`).
create table rm_till_days (
    day           date        primary key,
    closed_at     timestamptz not null,
    opening_cash  bigint      not null,
    expected_cash bigint      not null,
    counted_cash  bigint      not null,
    difference    bigint      not null,
    reason        text,
    z_report      text        not null,
    by_user_id    uuid        not null,
    closing       jsonb       not null
);
