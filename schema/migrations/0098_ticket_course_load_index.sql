-- The admin panel's home page (issue 29) groups the tickets of today's and tomorrow's
-- courses by stretch and status (query-api, dashboard/courses.rs). With the stretch's
-- stops and the status in the course index, that grouping reads the index alone (an
-- index-only scan) instead of one heap page per ticket: measured by `bench/run.sh
-- dashboard` on the order-list bench's 1,729,752 tickets, 1,573 courses and 4,673 of
-- their tickets grouped in 9 ms instead of 23 ms (bench/RESULTS.md).
--
-- It replaces `rm_tickets_course` (0041): the same leading column serves every other
-- lookup by course, so the writers keep as many indexes as before. A status change (a
-- return, a check-in) now updates the index too, once in a ticket's life.
create index rm_tickets_course_load on rm_tickets (course_id) include (from_waypoint_id, to_waypoint_id, status);
drop index rm_tickets_course;
