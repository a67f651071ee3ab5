-- A cancelled order's tickets still valid read "cancelled" (the orders projection writes it
-- on OrderCancelled from now on); the rows written before say so too, as a rebuild would.
update rm_tickets t
   set status = 'cancelled'
  from rm_orders o
 where o.order_id = t.order_id
   and o.status = 'cancelled'
   and t.status = 'valid';
