-- The carrier's company record and its settings (DECISIONS.md: values marked *setting*).
-- One row in practice; `/company/company/all` lists it like any other list.
create table companies (
    id                       bigint generated always as identity primary key,
    name                     text        not null,
    invoice_prefix           text        not null default 'FV',
    invoice_issuer           text        not null default '',
    invoice_email            text        not null default '',
    order_report_email       text        not null default '',
    page_footer_1            text        not null default '',   -- sanitised HTML
    page_footer_2            text        not null default '',   -- sanitised HTML
    refresh_time             integer     not null default 3600 check (refresh_time >= 0),  -- seconds
    vat_rate_percent         integer     not null default 8 check (vat_rate_percent between 0 and 100),
    payment_time_minutes     integer     not null default 15 check (payment_time_minutes > 0),
    sales_close_minutes      integer     not null default 10 check (sales_close_minutes >= 0),
    return_cutoff_minutes    integer     not null default 10 check (return_cutoff_minutes >= 0),
    return_fee_percent       integer     not null default 10 check (return_fee_percent between 0 and 100),
    stamps_per_reward        integer     not null default 10 check (stamps_per_reward > 0),
    reward_value             bigint      not null default 2000 check (reward_value > 0),  -- grosz
    created_at               timestamptz not null default now(),
    updated_at               timestamptz not null default now()
);
