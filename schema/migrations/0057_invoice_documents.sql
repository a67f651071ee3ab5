-- Invoices as documents.
--
-- The seller as an invoice names it: the company's tax id (NIP) and address, copied into
-- each invoice event when it is issued (so an invoice read later shows who issued it then).
alter table companies
    add column tax_id      text not null default '',
    add column address     text not null default '',
    add column postal_code text not null default '',
    add column city        text not null default '',
    add column country     text not null default 'PL';

-- The invoices and corrections (projection `invoices`, from `InvoiceIssued` and
-- `InvoiceCorrected`; disposable like every read table). `invoice_id` is the event's id,
-- the document's id in links (`/api/order/order-invoice/pdf?id=`).
create table rm_invoices (
    invoice_id      uuid        primary key,
    order_id        uuid        not null,
    number          text        not null,
    kind            text        not null check (kind in ('VAT', 'KOR')),
    issued_at       timestamptz not null,
    sale_date       date,
    seller          jsonb,
    buyer           jsonb,
    buyer_name      text        not null default '',
    buyer_tax_id    text        not null default '',
    vat_rate        integer     not null,
    net             bigint      not null,
    vat             bigint      not null,
    gross           bigint      not null,
    -- A correction: what it corrects, why, and the corrected invoice's gross before it.
    corrects_number text,
    corrects_id     uuid,
    reason          text,
    total_before    bigint,
    corrects_issued_at timestamptz,
    recorded_at     timestamptz not null
);
create index rm_invoices_issued on rm_invoices (issued_at desc, invoice_id);
create index rm_invoices_order on rm_invoices (order_id, issued_at);
create index rm_invoices_number on rm_invoices (number);
create index rm_invoices_corrects on rm_invoices (corrects_id) where corrects_id is not null;
create index rm_invoices_buyer_tax_id on rm_invoices (buyer_tax_id);

-- What an order caused on other streams (projection `order_timeline`): the events of the
-- course, coupon and stamp streams whose metadata correlates them with an order (seat
-- holds and releases, coupon spends and refunds, stamps), for the admin's history of
-- the order. The order's own events are in `rm_order_events`.
create table rm_order_timeline (
    stream_id   text        not null,
    version     bigint      not null,
    order_id    uuid        not null,
    event_type  text        not null,
    occurred_at timestamptz not null,
    recorded_at timestamptz not null,
    user_id     text,
    data        jsonb       not null,
    primary key (stream_id, version)
);
create index rm_order_timeline_order on rm_order_timeline (order_id, recorded_at);
