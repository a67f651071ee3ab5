-- The admin's order list at a million orders (`GET /api/order/order/all`,
-- query-api/src/booking/orders.rs): a filter by route, and an index under every filter
-- and sort the list offers, so each answers from an index instead of reading the whole
-- table (`bench/run.sh order-list` times every one of them over 1,000,000 orders; the
-- figures are in bench/RESULTS.md). The price is paid by the `orders` projection: each
-- order row written updates these indexes too (the bench measures that as well).

-- The outbound leg's route, copied from the leg like its names and times. The projection
-- writes it from `OrderPlaced`; the orders projected before are given it from the leg
-- they keep (`outbound` is the event's `Leg`, which has always carried `route_id`), the
-- same value a rebuild from the events writes.
alter table rm_orders add column route_id bigint;
update rm_orders set route_id = (outbound ->> 'route_id')::bigint;
alter table rm_orders alter column route_id set not null;

-- `filter[email][like]` is `email ilike '%…%'`: only a trigram index serves a pattern
-- that does not start at the beginning. (pg_trgm is a trusted extension: the database's
-- owner may create it.)
create extension if not exists pg_trgm;
create index rm_orders_email_trgm on rm_orders using gin (email gin_trgm_ops);
-- The planner estimates how many rows such a pattern matches by trying it on the column's
-- histogram. With the default 100 entries a surname that one order in 30 has can be
-- missed and the match estimated at a few hundred rows: the list then reads all its
-- ~33,000 orders to sort them (180 ms) instead of walking the newest first until a page
-- is full (3 ms). With 1,000 entries it is found, and the totals estimated for such
-- filters come close. (ANALYZE of the table then samples 300,000 rows.)
alter table rm_orders alter column email set statistics 1000;

-- A route's orders, and its orders on a course day (`filter[route_id]` with
-- `filter[departure_date]`); also the sort by route.
create index rm_orders_route on rm_orders (route_id, departure_at);

-- One b-tree per sortable column that had none, each also serving its field's `eq` and
-- ranges. (`id`, `hash_id`, `status`, `user_id` and `placed_at` have theirs already;
-- `ticket_number` is the unique `rm_tickets.number`.) Low-cardinality columns cost little:
-- b-tree deduplication stores each value once per page.
create index rm_orders_by_departure on rm_orders (departure_at);
create index rm_orders_by_return_departure on rm_orders (return_departure_at);
create index rm_orders_by_number on rm_orders (number);
create index rm_orders_by_email on rm_orders (email);
create index rm_orders_by_first_name on rm_orders (first_name);
create index rm_orders_by_last_name on rm_orders (last_name);
create index rm_orders_by_phone on rm_orders (phone);
create index rm_orders_by_route_name on rm_orders (route_name);
create index rm_orders_by_from_name on rm_orders (from_name);
create index rm_orders_by_to_name on rm_orders (to_name);
create index rm_orders_by_course on rm_orders (outbound_course_id);
create index rm_orders_by_passengers on rm_orders (passengers);
create index rm_orders_by_total on rm_orders (total);
create index rm_orders_by_to_pay on rm_orders (to_pay);
create index rm_orders_by_coupon_code on rm_orders (coupon_code);
create index rm_orders_by_expires on rm_orders (expires_at);
create index rm_orders_by_paid on rm_orders (paid_at);
create index rm_orders_by_invoice_number on rm_orders (invoice_number);
create index rm_orders_by_transaction on rm_orders (transaction_id);
