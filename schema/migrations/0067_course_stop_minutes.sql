-- A course keeps the stops and times its seat inventory was opened with, whatever the
-- route's stops become later: `stop_minutes[k]` is the minutes from the course's
-- departure to `stop_ids[k]`, copied by the `availability` projection from
-- `InventoryOpened`. The driver's manifest, the search and an order's course leg read a
-- course's stops and times from here, never from the route's current stops (which an
-- admin may have edited after the course was generated and sold).
alter table rm_course_availability add column stop_minutes integer[] not null default '{}';

-- The rows already there: from their `InventoryOpened` event (a rebuild does the same).
update rm_course_availability a
   set stop_minutes = coalesce((
       select array_agg((s.stop ->> 'minutes_from_start')::integer order by s.k)
         from es_events e, json_array_elements(e.data -> 'stops') with ordinality as s(stop, k)
        where e.stream_id = 'course-' || a.course_id::text and e.event_type = 'InventoryOpened'), '{}');
