-- No query reads orders by lower(email): the admin list filters `email` with `=` or
-- `ilike` (api-core's list conventions), which this index cannot serve, and every placed
-- order paid for it with an insert into a random page of it.
drop index rm_orders_email;
