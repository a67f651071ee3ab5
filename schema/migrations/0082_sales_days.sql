-- The admin panel's home page (issue 29): sales per Warsaw day and route, kept by the
-- `sales` projection from the order streams and rebuilt from them (the projection
-- empties both tables and replays). The page reads 30 days of a handful of routes
-- here instead of summing a million orders on every visit.
--
-- The counts follow the daily sales report (command-api, processes/daily_report), so the
-- two agree: an order counts on the day it was paid, under its outbound route, with what
-- it paid; a ticket counts on the day it was issued (the payment) and returned on the
-- day of its return, under its own leg's route (a return journey may be another route).

-- Per order: what the projection needs to place its later events (a ticket's route),
-- and the stream version it has applied (an event at or below it is a replay).
create table rm_sales_orders (
    order_id          uuid   primary key,
    outbound_route_id bigint not null,
    outbound_route    text   not null,
    back_route_id     bigint,
    back_route        text,
    back_tickets      uuid[] not null,   -- the tickets of the back leg (the others ride outbound)
    version           bigint not null
);

-- Per Warsaw day and route: the sums. Counters, moved by each event once (in the
-- transaction that moves the projection's checkpoint).
create table rm_sales_days (
    day        date   not null,
    route_id   bigint not null,
    route_name text   not null,
    orders     bigint not null,   -- orders paid
    tickets    bigint not null,   -- tickets issued (sold)
    revenue    bigint not null,   -- what the orders paid that day paid (grosz)
    returns    bigint not null,   -- tickets returned
    refunded   bigint not null,   -- money refunded for those returns (grosz)
    primary key (day, route_id)
);

-- The home page's courses of today and tomorrow: by departure (the availability read
-- model had no index but its key).
create index rm_course_availability_departure on rm_course_availability (departure_at);
