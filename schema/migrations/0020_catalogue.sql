-- The catalogue: stops, routes, prices and timetables (DECISIONS.md "Catalogue").
-- Plain tables edited by admins through the query API; not event-sourced.
--
-- References between catalogue rows are restrictive foreign keys: deleting a row that is
-- still used answers 409 in the API (the constraint names are mapped there).

-- The key a stop is searched by: lower case, Polish (and a few neighbouring) diacritics
-- folded, so "krakow" and "KRAK" find "Kraków", "lodz" finds "Łódź". unaccent() would
-- not fold ł/Ł and is not always installed; translate() is immutable and everywhere.
create function catalogue_search_key(t text) returns text
language sql immutable strict parallel safe as $$
    select translate(lower(t),
        'ąćęłńóśźżĄĆĘŁŃÓŚŹŻáäčďéěíňöřšťúůüýžÁÄČĎÉĚÍŇÖŘŠŤÚŮÜÝŽ',
        'acelnoszzacelnoszzaacdeeinorstuuuyzaacdeeinorstuuuyz')
$$;

create table waypoints (
    id         bigint generated always as identity primary key,
    name       text             not null check (length(name) between 1 and 100),
    town       text             not null check (length(town) between 1 and 100),
    latitude   double precision check (latitude between -90 and 90),
    longitude  double precision check (longitude between -180 and 180),
    -- "name town", folded: the dropdown matches a prefix of it or of one of its words.
    search_key text generated always as (catalogue_search_key(name || ' ' || town)) stored,
    created_at timestamptz      not null default now(),
    updated_at timestamptz      not null default now(),
    constraint waypoints_coordinates_together check ((latitude is null) = (longitude is null))
);
create index waypoints_search_key on waypoints (search_key text_pattern_ops);

create table routes (
    id           bigint generated always as identity primary key,
    name         text        not null check (length(name) between 1 and 200),
    active       boolean     not null default true,
    show_on_home boolean     not null default false,
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now()
);

-- The stops of a route. Positions and minutes strictly increase together along a route
-- (checked by the API under a lock of the route row). A stop appears once per route, so
-- a trip (from, to) on a route is unambiguous.
create table route_waypoints (
    id                 bigint generated always as identity primary key,
    route_id           bigint      not null,
    waypoint_id        bigint      not null,
    position           integer     not null check (position >= 0),
    minutes_from_start integer     not null check (minutes_from_start >= 0),
    created_at         timestamptz not null default now(),
    updated_at         timestamptz not null default now(),
    constraint route_waypoints_route_fk foreign key (route_id) references routes (id),
    constraint route_waypoints_waypoint_fk foreign key (waypoint_id) references waypoints (id),
    constraint route_waypoints_route_position unique (route_id, position),
    constraint route_waypoints_route_waypoint unique (route_id, waypoint_id)
);
-- The search starts from the stops a passenger picked.
create index route_waypoints_waypoint on route_waypoints (waypoint_id, route_id);

-- Free details of a route's stop (platform, notes), at most one row per route stop.
create table route_waypoint_details (
    id                bigint generated always as identity primary key,
    route_waypoint_id bigint      not null,
    platform          text        not null default '' check (length(platform) <= 50),
    notes             text        not null default '' check (length(notes) <= 2000),
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    constraint route_waypoint_details_route_waypoint_fk foreign key (route_waypoint_id) references route_waypoints (id),
    constraint route_waypoint_details_route_waypoint unique (route_waypoint_id)
);

-- The price in grosz of one ordered pair of a route's stops (from before to).
create table route_prices (
    id               bigint generated always as identity primary key,
    route_id         bigint      not null,
    from_waypoint_id bigint      not null,
    to_waypoint_id   bigint      not null,
    price            bigint      not null check (price > 0),
    created_at       timestamptz not null default now(),
    updated_at       timestamptz not null default now(),
    -- Both stops must be stops of the route: removing a priced stop answers 409.
    constraint route_prices_from_fk foreign key (route_id, from_waypoint_id)
        references route_waypoints (route_id, waypoint_id),
    constraint route_prices_to_fk foreign key (route_id, to_waypoint_id)
        references route_waypoints (route_id, waypoint_id),
    constraint route_prices_pair unique (route_id, from_waypoint_id, to_waypoint_id),
    constraint route_prices_distinct check (from_waypoint_id <> to_waypoint_id)
);

-- A timetable of a route: departures at these Warsaw local times on these week days
-- (0 = Sunday), with this many seats, generated this many days ahead, between the
-- optional valid dates.
create table route_course_settings (
    id                   bigint generated always as identity primary key,
    route_id             bigint      not null,
    name                 text        not null default '' check (length(name) <= 200),
    departure_times      time[]      not null check (cardinality(departure_times) between 1 and 48),
    week_days            smallint[]  not null check (cardinality(week_days) between 1 and 7 and week_days <@ '{0,1,2,3,4,5,6}'),
    seats                integer     not null check (seats between 1 and 1000),
    days_before_generate integer     not null check (days_before_generate between 1 and 366),
    valid_from           date,
    valid_to             date,
    active               boolean     not null default true,
    created_at           timestamptz not null default now(),
    updated_at           timestamptz not null default now(),
    constraint route_course_settings_route_fk foreign key (route_id) references routes (id),
    constraint route_course_settings_valid_range check (valid_from is null or valid_to is null or valid_from <= valid_to)
);
create index route_course_settings_route on route_course_settings (route_id);

-- Exceptions to a timetable on one date: no departures that day (`excluded`), or a
-- different number of seats (`seats`). One row per timetable and date.
create table route_course_details (
    id                       bigint generated always as identity primary key,
    route_course_settings_id bigint      not null,
    date                     date        not null,
    excluded                 boolean     not null default false,
    seats                    integer     check (seats between 1 and 1000),
    note                     text        not null default '' check (length(note) <= 500),
    created_at               timestamptz not null default now(),
    updated_at               timestamptz not null default now(),
    constraint route_course_details_settings_fk foreign key (route_course_settings_id) references route_course_settings (id),
    constraint route_course_details_settings_date unique (route_course_settings_id, date),
    constraint route_course_details_something check (excluded or seats is not null)
);
