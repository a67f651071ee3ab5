-- The two disruption reads on the query side (query-api, booking/course_disruption): the
-- orders that stand on a course's disruption are those with a ticket on it (rm_tickets'
-- course index), those placed on it and not paid yet (the outbound leg has its index,
-- 0058; the back leg gets one here, for return orders only), and those told of its
-- disruption or having chosen (a partial index over those two events alone, so no other
-- event costs an index write).
create index rm_orders_by_back_course on rm_orders (back_course_id) where back_course_id is not null;
create index rm_order_events_disruption on rm_order_events ((data->>'course_id'))
    where event_type in ('DisruptionTold', 'DisruptionChosen');
