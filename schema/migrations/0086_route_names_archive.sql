-- Routes (issue 29): two routes of one name could not be told apart in the generator, the
-- office sale and the filters, and a route could not be removed.
--
-- A route's name is unique whatever its case and surrounding blanks. Names that clash
-- already keep the oldest route's as it is; the others get their id added, so an admin
-- sees which is which and renames them.
update routes r
   set name = left(btrim(r.name), 185) || ' (' || r.id || ')'
 where exists (select 1 from routes o where lower(btrim(o.name)) = lower(btrim(r.name)) and o.id < r.id);
create unique index routes_name_unique on routes (lower(btrim(name)));

-- A route with courses is archived rather than deleted: hidden from the generator, the
-- office sale and new courses, still shown on old orders and in filters (marked), and
-- unarchived again at will. A route without courses is deleted with its stops, prices
-- and timetables (catalogue-api, route_remove.rs).
alter table routes add column archived boolean not null default false;
