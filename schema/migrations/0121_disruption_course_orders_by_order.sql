-- The disruption process looks up an order's courses when the order is paid (to tell a
-- customer who paid for a course already disrupted): by `order_id` alone, which the
-- primary key (course_id, order_id) cannot serve. Without this index every payment read
-- the whole table: about 20 ms a payment at 130,000 orders in `bench/run.sh orders`'s
-- paid phase, which put the process half a minute behind at 300 paid orders a second.
create index disruption_course_orders_by_order on disruption_course_orders (order_id);
