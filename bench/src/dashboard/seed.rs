//! The home page's read models written at the scale of the order-list bench's orders, as
//! their projections would write them (the module documentation of [`super`] says what).

/// The home page's read models from the orders and tickets (see [`super`]).
pub const SEED: &str = r#"
truncate rm_sales_days, rm_sales_orders, rm_course_availability, refunds, rm_ksef_documents, rm_complaints;
delete from route_waypoints; delete from routes; delete from waypoints;
insert into waypoints (id, name, town) overriding system value
select i, t[i] || ', Dworzec', t[i] from generate_series(1, 20) i,
  (select array['Nisko','Rzeszów','Kraków','Warszawa','Lublin','Tarnobrzeg','Stalowa Wola','Sandomierz','Kielce','Łódź',
    'Katowice','Przemyśl','Zamość','Jarosław','Mielec','Dębica','Tarnów','Nowy Sącz','Gorlice','Krosno'] t) towns;
-- Route names are unique (migration 0086): the fill's 50 routes share 20 towns, so a name
-- taken by a route of a lower id gets the id added, as that migration renames clashes.
insert into routes (id, name) overriding system value
select route_id, case when row_number() over (partition by lower(route_name) order by route_id) > 1
                      then route_name || ' (' || route_id || ')' else route_name end
from (select distinct on (route_id) route_id, route_name from rm_orders order by route_id) r;

insert into rm_sales_orders (order_id, outbound_route_id, outbound_route, back_route_id, back_route, back_tickets, version)
select order_id, route_id, route_name, (back ->> 'route_id')::bigint, back ->> 'route_name',
  coalesce((select array_agg(t.ticket_id) from rm_tickets t where t.order_id = o.order_id and t.leg = 'back'), '{}'),
  version
from rm_orders o;

insert into rm_sales_days (day, route_id, route_name, orders, tickets, revenue, returns, refunded)
select day, route_id, min(route_name), sum(orders), sum(tickets), sum(revenue), sum(returns), sum(refunded) from (
  select (paid_at at time zone 'Europe/Warsaw')::date as day, route_id, route_name,
         1 as orders, 0 as tickets, paid_amount as revenue, 0 as returns, 0::bigint as refunded
    from rm_orders where paid_at is not null
  union all
  select (t.issued_at at time zone 'Europe/Warsaw')::date, (l.leg ->> 'route_id')::bigint, l.leg ->> 'route_name',
         0, 1, 0, 0, 0
    from rm_tickets t join rm_orders o using (order_id)
    cross join lateral (select case when t.leg = 'back' then o.back else o.outbound end leg) l
  union all
  select (t.returned_at at time zone 'Europe/Warsaw')::date, (l.leg ->> 'route_id')::bigint, l.leg ->> 'route_name',
         0, 0, 0, 1, coalesce(t.money_refund, 0)
    from rm_tickets t join rm_orders o using (order_id)
    cross join lateral (select case when t.leg = 'back' then o.back else o.outbound end leg) l
   where t.returned_at is not null) f
group by day, route_id;

insert into rm_course_availability (course_id, route_id, departure_at, seats, segment_loads, stop_ids, version)
select t.course_id, min(o.route_id), min(t.departure_at), 50,
  array[least(50, count(*) filter (where t.status <> 'returned'))::int],
  array[min(t.from_waypoint_id), min(t.to_waypoint_id)], 1
from rm_tickets t join rm_orders o using (order_id)
group by t.course_id;

insert into refunds (refund_id, order_id, reason, amount, provider, session_id, transaction_id, status, created_at)
select md5('refund' || order_id)::uuid, order_id, 'return', greatest(paid_amount, 1), 'sandbox', payment_session_id,
  coalesce(transaction_id, ''), case when abs(hashtext(order_id::text)) % 20 = 0 then 'refused' else 'sent' end,
  coalesce(cancelled_at, paid_at, placed_at)
from rm_orders where status in ('cancelled', 'returned');

insert into rm_ksef_documents (document_number, order_id, kind, state, issued_at, queue_position, offline, deadline,
  updated_at)
select invoice_number, order_id, 'invoice',
  case when invoice_issued_at > now() - interval '1 day' then (array['waiting', 'offline', 'rejected'])[1 + n % 3]
       else 'accepted' end,
  invoice_issued_at, n, invoice_issued_at > now() - interval '1 day' and n % 3 = 1,
  case when invoice_issued_at > now() - interval '1 day' and n % 3 = 1 then current_date + 1 end, invoice_issued_at
from (select *, row_number() over (order by invoice_issued_at) as n from rm_orders where invoice_number is not null) o;

insert into rm_complaints (complaint_id, number, order_id, order_number, email, language, text, attachments, state,
  filed_at, respond_by, answer_by, responded_at, answered_at, version, updated_at)
select md5('complaint' || i)::uuid, 'RK/' || i, o.order_id, o.number, o.email, 'pl', 'Spóźniony autobus', '[]',
  case when i % 3 = 0 then 'answered' when i % 3 = 1 then 'acknowledged' else 'received' end,
  now() - interval '1 day' * (i % 90), (now() - interval '1 day' * (i % 90))::date + 30,
  (now() - interval '1 day' * (i % 90))::date + 90,
  case when i % 3 <> 2 then now() end, case when i % 3 = 0 then now() end, 1, now()
from generate_series(1, 10000) i
join lateral (select order_id, number, email from rm_orders where order_id = md5('order' || (i * 97))::uuid) o on true;
"#;

/// Settled tables, one statement each (`VACUUM` runs outside a transaction, and several
/// statements in one simple query are one).
pub const SETTLE: [&str; 5] = [
    "vacuum analyze rm_sales_days",
    "vacuum analyze rm_course_availability",
    "vacuum analyze refunds",
    "vacuum analyze rm_ksef_documents",
    "vacuum analyze rm_complaints",
];
