-- The PostgreSQL event store.
--
-- One table holds every event of every stream. The global order is (tx_id, seq):
-- tx_id is the 64-bit id of the transaction that appended the event and seq a sequence
-- number inside the table. Readers of "all" only ever read events whose transaction id is
-- below the oldest transaction still in flight (pg_snapshot_xmin of the current
-- snapshot). A transaction id below that horizon can never commit new rows, so once a
-- reader has passed a position nothing can appear behind it: an event whose transaction
-- commits after a higher-numbered one is still delivered, in order, exactly once.
-- No gap timeouts are involved.

create table es_events (
    seq         bigint      generated always as identity,
    tx_id       bigint      not null default (pg_current_xact_id()::text::bigint),
    stream_id   text        not null,
    version     bigint      not null,
    event_id    uuid        not null,
    event_type  text        not null,
    -- json, not jsonb: the store never queries inside events, and json is returned as
    -- stored, while jsonb must be rebuilt into text on every read (the replay's main cost).
    data        json        not null,
    metadata    json        not null,
    recorded_at timestamptz not null default now(),
    -- Optimistic concurrency: one event per stream version (SQLSTATE 23505 on a race).
    constraint es_events_stream_version primary key (stream_id, version),
    constraint es_events_version_nonnegative check (version >= 0)
);

-- Idempotent appends look events up by id.
create unique index es_events_event_id on es_events (event_id);
-- The global order, used by read_all and subscriptions.
create unique index es_events_position on es_events (tx_id, seq);

-- es_append: append events to one stream, checking the expected version, in one round trip.
--
-- p_expected: >= 0 exact version, -1 no stream, -2 any, -3 stream exists.
-- Returns the version and position of the stream's last event written (or, for an
-- idempotent repeat, of the last event of the original append).
--
-- Errors (custom SQLSTATEs, mapped to typed errors by the Rust store):
--   CES01 wrong expected version (DETAIL: current version or 'none')
--   CES02 an event id is already used by another stream or another position
create function es_append(
    p_stream   text,
    p_expected bigint,
    p_ids      uuid[],
    p_types    text[],
    p_data     json[],
    p_meta     json[]
) returns table (last_version bigint, last_tx_id bigint, last_seq bigint)
language plpgsql as $$
declare
    v_current  bigint;
    v_n        int := cardinality(p_ids);
    v_inserted int;
    v_first    bigint;
    v_match    int;
begin
    select e.version into v_current
      from es_events e where e.stream_id = p_stream
     order by e.version desc limit 1;

    if (p_expected >= 0 and v_current is distinct from p_expected)
       or (p_expected = -1 and v_current is not null)
       or (p_expected = -3 and v_current is null) then
        -- Maybe this is a repeat of an append that already succeeded.
        return query select * from es_idempotent_repeat(p_stream, p_expected, p_ids);
        if found then return; end if;
        raise exception using errcode = 'CES01', message = 'wrong expected version',
            detail = coalesce(v_current::text, 'none');
    end if;

    v_first := coalesce(v_current, -1) + 1;
    insert into es_events (stream_id, version, event_id, event_type, data, metadata)
    select p_stream, v_first + i.ord - 1, i.id, i.typ, i.dat, i.met
      from unnest(p_ids, p_types, p_data, p_meta) with ordinality as i(id, typ, dat, met, ord)
    on conflict do nothing;
    get diagnostics v_inserted = row_count;

    if v_inserted < v_n then
        -- A concurrent writer took the version, or an event id exists already. The
        -- exception rolls back whatever this statement inserted.
        return query select * from es_idempotent_repeat(p_stream, p_expected, p_ids);
        if found then return; end if;
        select count(*) into v_match from es_events e where e.event_id = any(p_ids);
        if v_match > 0 then
            raise exception using errcode = 'CES02', message = 'event id already used';
        end if;
        select e.version into v_current
          from es_events e where e.stream_id = p_stream
         order by e.version desc limit 1;
        raise exception using errcode = 'CES01', message = 'wrong expected version',
            detail = coalesce(v_current::text, 'none');
    end if;

    return query
        select e.version, e.tx_id, e.seq from es_events e
         where e.stream_id = p_stream and e.version = v_first + v_n - 1;
end
$$;

-- The same event ids at the same place in the same stream: the append was done before.
-- Returns the last of those events, or no row.
create function es_idempotent_repeat(p_stream text, p_expected bigint, p_ids uuid[])
returns table (last_version bigint, last_tx_id bigint, last_seq bigint)
language sql stable as $$
    with found as (
        select e.version, e.tx_id, e.seq, i.ord
          from unnest(p_ids) with ordinality as i(id, ord)
          join es_events e on e.event_id = i.id and e.stream_id = p_stream
    ), shape as (
        select count(*) as n, min(version - ord) as lo, max(version - ord) as hi from found
    )
    select f.version, f.tx_id, f.seq
      from found f, shape s
     where s.n = cardinality(p_ids)
       and s.lo = s.hi                                   -- consecutive, in the given order
       and (p_expected < 0 or s.lo = p_expected)         -- exact: right after the expected version
       and (p_expected <> -1 or s.lo = -1)               -- no stream: from version 0
       and f.ord = cardinality(p_ids)
$$;

-- Checkpoints of the projections. The runner updates a projection's row in the same
-- transaction as the read rows it writes.
create table projection_checkpoints (
    name             text primary key,
    position         text,          -- opaque store position; null = from the start
    last_event_at    timestamptz,   -- recorded_at of the last event applied
    events_processed bigint      not null default 0,
    updated_at       timestamptz not null default now()
);
