-- Discounts: named reductions of one ticket (DECISIONS.md "Discounts, coupons, stamps"),
-- and which routes each applies to. Plain CRUD tables: not event-sourced. Prices are
-- computed by `query_api::content::discount::pricing::discounted_price`.
create table discounts (
    id          bigint generated always as identity primary key,
    name        text        not null check (length(name) between 1 and 255),
    name_en     text        not null default '',
    kind        text        not null check (kind in ('percent', 'amount')),
    -- `percent`: 1-100 (8 = 8%); `amount`: grosz taken off the ticket price.
    value       bigint      not null,
    valid_from  timestamptz,
    valid_to    timestamptz,
    active      boolean     not null default true,
    -- One of the reductions of the Polish statutory-fare act (seeded below).
    statutory   boolean     not null default false,
    sort_order  integer     not null default 0,
    created_at  timestamptz not null default now(),
    updated_at  timestamptz not null default now(),
    constraint discounts_value_range check (
        (kind = 'percent' and value between 1 and 100) or (kind = 'amount' and value > 0)
    ),
    constraint discounts_valid_range check (valid_from is null or valid_to is null or valid_from < valid_to)
);

-- Which discounts may be chosen on which routes; a null route means every route.
-- `route_id` has no foreign key yet: the routes table belongs to the catalogue.
create table discount_applies (
    id          bigint generated always as identity primary key,
    discount_id bigint      not null references discounts (id) on delete cascade,
    route_id    bigint,
    created_at  timestamptz not null default now(),
    constraint discount_applies_unique unique nulls not distinct (discount_id, route_id)
);
create index discount_applies_route on discount_applies (route_id);

-- The statutory reductions for regular coach lines (ustawa z 20 czerwca 1992 r.
-- o uprawnieniach do ulgowych przejazdów środkami publicznego transportu zbiorowego,
-- and the acts it points to). One row per rate; the name lists the main groups entitled.
insert into discounts (name, name_en, kind, value, statutory, sort_order) values
    ('Ulga 100% – dzieci do lat 4 niekorzystające z oddzielnego miejsca',
     '100% statutory reduction – children under 4 not occupying a separate seat',
     'percent', 100, true, 10),
    ('Ulga 95% – przewodnik lub opiekun osoby niewidomej albo osoby niezdolnej do samodzielnej egzystencji',
     '95% statutory reduction – guide or carer of a blind person or of a person unable to live independently',
     'percent', 95, true, 20),
    ('Ulga 93% – osoby niewidome niezdolne do samodzielnej egzystencji (komunikacja zwykła)',
     '93% statutory reduction – blind persons unable to live independently (ordinary service)',
     'percent', 93, true, 30),
    ('Ulga 78% – dzieci i młodzież niepełnosprawne oraz ich opiekunowie (dojazd do szkoły, placówki, na rehabilitację); inwalidzi wojenni i wojskowi niezdolni do samodzielnej egzystencji',
     '78% statutory reduction – disabled children and young people and their carers (travel to school, care or rehabilitation); war and military invalids unable to live independently',
     'percent', 78, true, 40),
    ('Ulga 51% – studenci i doktoranci do 26. roku życia; osoby niewidome niezdolne do samodzielnej egzystencji (komunikacja pospieszna)',
     '51% statutory reduction – university and doctoral students up to age 26; blind persons unable to live independently (fast service)',
     'percent', 51, true, 50),
    ('Ulga 49% – uczniowie szkół podstawowych i ponadpodstawowych; osoby niezdolne do samodzielnej egzystencji (komunikacja zwykła)',
     '49% statutory reduction – primary and secondary school pupils; persons unable to live independently (ordinary service)',
     'percent', 49, true, 60),
    ('Ulga 37% – dzieci od 4 lat do rozpoczęcia obowiązku szkolnego; osoby niewidome; inwalidzi wojenni i wojskowi; kombatanci; emeryci i renciści (2 przejazdy w roku)',
     '37% statutory reduction – children from 4 until compulsory schooling; blind persons; war and military invalids; veterans; pensioners (2 journeys a year)',
     'percent', 37, true, 70),
    ('Ulga 33% – nauczyciele szkół i nauczyciele akademiccy',
     '33% statutory reduction – school teachers and academic teachers',
     'percent', 33, true, 80);
