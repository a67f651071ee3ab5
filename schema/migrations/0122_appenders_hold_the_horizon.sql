-- The store's read horizon is held only by the transactions that append events.
--
-- Readers of "all" read only events whose transaction id lies below a horizon that no
-- transaction still able to add an event can be under (see 0001). Until now the horizon
-- was pg_snapshot_xmin: the oldest transaction with an id anywhere on the cluster. Every
-- projection's round and every process's batch writes rows, so each held back every
-- reader for as long as it ran, and under load the readers mostly waited for one another.
--
-- Only a transaction that inserts into es_events can make an event appear behind a
-- reader. Such a transaction now marks itself before it has a transaction id: a trigger
-- before each insert statement on es_events (es_mark_appender) sets the transaction's
-- application_name to 'es-appending' (SET LOCAL: PostgreSQL publishes it in the backend's
-- status at once and restores the session's own name only after the transaction has
-- ended), and refuses (CES03) a transaction that already has an id without the mark (it
-- wrote something else first). Appends are single statements or start with their events,
-- so none is refused; a transaction that must write other rows and events together writes
-- the events first. While it appends, pg_stat_activity shows the session under that name.
--
-- A statement trigger, not the default of tx_id: statement triggers fire before the
-- insert computes its first row, while a column default runs after the columns before it,
-- and seq's nextval, column one, takes a transaction id every 32 values (when it logs the
-- sequence), which a row-level check would mistake for an earlier write.
--
-- The horizon (es_read_horizon) is the lowest transaction id among the marked
-- transactions in flight, or the xmax of the reading statement's snapshot when there is
-- none. Why nothing can appear below it: a transaction whose id is below that xmax either
-- had finished when the snapshot was taken (its events are visible to every later read) or
-- was in flight; if it can append, it was marked before it had its id and stays marked
-- until it has ended, so when the backends' status is read after the snapshot it is
-- either marked, with its id published, or finished. Ids at or above xmax are not below
-- the horizon. A prepared transaction has no backend to show a mark, so while any exists
-- the horizon falls back to pg_snapshot_xmin, the oldest transaction of the cluster.
--
-- A first version marked appenders with a shared advisory lock and read pg_locks: the
-- orders bench measured about 2 ms a call, and reading the lock table blocks every lock
-- taken in the cluster meanwhile; the backends' status is read without blocking anyone.

create function es_mark_appender() returns trigger
language plpgsql as $$
begin
    if current_setting('application_name') = 'es-appending' then
        return null;
    end if;
    if pg_current_xact_id_if_assigned() is not null then
        raise exception using errcode = 'CES03',
            message = 'events must be the first rows a transaction writes',
            hint = 'append before writing anything else in the transaction, or in a transaction of its own';
    end if;
    perform set_config('application_name', 'es-appending', true);
    return null;
end
$$;

create trigger es_events_mark_appender before insert on es_events
    for each statement execute function es_mark_appender();

create function es_read_horizon() returns bigint
language sql volatile as $$
    with snap as (
        select pg_snapshot_xmin(s)::text::bigint as xmin, pg_snapshot_xmax(s)::text::bigint as xmax
          from pg_current_snapshot() s
    )
    select case
        when exists (select 1 from pg_prepared_xacts) then snap.xmin
        -- 32-bit ids widened against xmax: one below it by d (1 .. 2^31-1) is xmax - d;
        -- others were given out after the snapshot and lie at or above it.
        else least(snap.xmax, (
            select min(snap.xmax - d.d)
              from pg_stat_get_activity(null) a,
                   lateral (select ((snap.xmax % 4294967296) - a.backend_xid::text::bigint + 4294967296)
                                   % 4294967296 as d) d
             where a.application_name = 'es-appending' and a.backend_xid is not null
               and d.d between 1 and 2147483647))
    end
    from snap
$$;
