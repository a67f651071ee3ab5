-- KSeF's outages as the Ministry announces them (`tryby-offline.md`): an unavailability
-- ("niedostępność", due the next working day after its end) or an emergency ("tryb
-- awaryjny", 7 working days from its end). Entered by an admin (the panel) or
-- `coach finance ksef outage`; plain rows, as the catalogue keeps its settings, and never
-- changed once entered: an announcement extended is entered again with its new end (the
-- later end wins), so the table is the audit trail of who entered what, when.
create table ksef_outages (
    id          bigserial   primary key,
    kind        text        not null check (kind in ('unavailable', 'emergency')),
    -- First and last day (Warsaw, inclusive).
    starts_on   date        not null,
    ends_on     date        not null check (ends_on >= starts_on),
    -- Where it was announced, or anything the admin wants to keep with it.
    note        text        not null default '',
    -- The admin's e-mail, or `cli:<user>` for the command line.
    entered_by  text        not null,
    entered_at  timestamptz not null default now()
);
create index ksef_outages_ends on ksef_outages (ends_on);

-- The KSeF sender's last trouble (an outage, a refused token or request, a protocol
-- error): one row, written by each round that had one and cleared by a round without, so
-- the alerts can say why a document is stuck. Never a secret: the client's errors do not
-- carry the token. `since`: the first round of an unbroken run of rounds with trouble.
create table ksef_sender_trouble (
    id          smallint    primary key default 1 check (id = 1),
    -- The client's error as written (`KSeF is unavailable: …`, `KSeF refused the
    -- authentication: …`, `KSeF refused the request (…)`, `KSeF answered something
    -- unexpected: …`).
    message     text        not null,
    since       timestamptz not null,
    last_at     timestamptz not null
);
