-- An e-mail's attachments (the tickets' or an invoice's PDF, base64 in `jsonb`, about 40 KB)
-- are stored as given, out of line but never compressed. A PDF's streams are deflated
-- already, so PostgreSQL's attempt to compress every value over 2 KB failed on each one and
-- cost about 0.9 ms an insert (951 µs against 74 µs measured apart, 100 inserts of 40 KB):
-- in `bench/run.sh orders`'s paid phase the outbox's insert was about 3.6 ms a call.
-- Rows already stored keep their form; the setting applies to what is written from now on.
alter table outbox alter column attachments set storage external;
