-- Courses: one departure of a route at a time (Warsaw local, stored as timestamptz) with
-- a number of seats. Its seat inventory is the event-sourced aggregate in the stream
-- `course-{id}`; `inventory_opened_at` says that stream has been opened. A course whose
-- inventory is not open yet (its append failed) is not offered for sale; generating
-- again opens it.
create table courses (
    id                       uuid        primary key,
    route_id                 bigint      not null,
    -- The timetable it came from (null when created by hand or the timetable is gone).
    route_course_settings_id bigint,
    departure_at             timestamptz not null,
    seats                    integer     not null check (seats between 1 and 1000),
    -- An admin can stop the sale of a course.
    sale_open                boolean     not null default true,
    inventory_opened_at      timestamptz,
    created_at               timestamptz not null default now(),
    updated_at               timestamptz not null default now(),
    constraint courses_route_fk foreign key (route_id) references routes (id),
    constraint courses_settings_fk foreign key (route_course_settings_id)
        references route_course_settings (id) on delete set null,
    -- Generating is idempotent: one course per route and departure.
    constraint courses_route_departure unique (route_id, departure_at)
);
create index courses_departure on courses (departure_at);
-- Courses whose stream still has to be opened (a retried generate repairs them).
create index courses_inventory_pending on courses (route_id) where inventory_opened_at is null;
