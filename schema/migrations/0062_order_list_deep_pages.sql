-- The admin's order list reads a deep page (page 4,000 of a million orders, newest first)
-- by its ids first (api_core::resource::Count::UpToKeyed): the 100,000 rows before it
-- are skipped in an index that holds the default order's columns and the id, without
-- reading the table. The index of `placed_at` alone gives way to it (a plain scan newest
-- first uses it just as well).
create index rm_orders_placed_id on rm_orders (placed_at desc, order_id);
drop index rm_orders_placed;
