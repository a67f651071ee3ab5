-- An e-mail's attachments' bytes in a `bytea[]` of their own, beside their names and types
-- (which stay in `attachments`, now without the bytes).
--
-- Until now each attachment's bytes were base64 in the `jsonb` (0116, 0123): a third
-- larger, and parsed as JSON on every insert. A ticket e-mail's PDF is 30-45 KB, so its
-- outbox row was the largest write of a paid order: 67 KB of WAL of the 94 KB a paid
-- order wrote in `bench/run.sh orders`'s paid phase. Measured with pgbench on an idle
-- cluster (2 clients, 2 cores): a row with no attachment 107 µs, with a 30 KB PDF as
-- base64 `jsonb` 470 µs, and with it as `bytea` (sent as hex text) 360 µs.
--
-- Stored as given (never compressed: a PDF's streams are deflated already, see 0123).
-- Rows written before keep their base64 in `attachments`, and are read as they were.
alter table outbox add column attachment_bytes bytea[] not null default '{}';
alter table outbox alter column attachment_bytes set storage external;
