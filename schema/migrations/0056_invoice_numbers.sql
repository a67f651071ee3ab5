-- An invoice number belongs to what it numbers from the moment it is taken: the invoice
-- of an order (`invoice/{order id}`) or the correction after a returned ticket
-- (`correction/{ticket id}`). A retry after a failed append takes the same number again,
-- so a failure burns no number of the series (the law wants them consecutive) and no
-- number is given twice. The counters stay the series' high-water marks.
create table invoice_numbers (
    purpose  text primary key,
    series   text not null,
    year     int not null,
    n        bigint not null,
    taken_at timestamptz not null default now(),
    unique (series, year, n)
);
