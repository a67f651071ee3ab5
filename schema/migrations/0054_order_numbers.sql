-- Readable order numbers (`NB-2026-000123`), shown to customers and in e-mails instead
-- of the order's hash. The placement takes the next value of the sequence and records
-- the number in `OrderPlaced`; orders placed before keep an empty number (the read
-- models and the web then show the short hash, as before).
create sequence order_number_seq;

alter table rm_orders add column number text not null default '';
