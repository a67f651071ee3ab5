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
-- before each insert statement on es_events (es_mark_appender) takes the appenders' mark,
-- a shared advisory lock held to the transaction's end, and refuses (CES03) a transaction
-- that already has an id without the mark (it wrote something else first). Appends are
-- single statements or start with their events, so none is refused; a transaction that
-- must write other rows and events together writes the events first.
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
-- was in flight; if it can append, it took the mark before its id, so it still holds the
-- mark (or has finished) when pg_locks is read after the snapshot, and its id is already
-- published when pg_stat_activity is read after that. Ids at or above xmax are not below
-- the horizon. Whenever a marked transaction's id cannot be seen (another role without
-- pg_read_all_stats, a prepared transaction), the horizon falls back to pg_snapshot_xmin.

create function es_mark_appender() returns trigger
language plpgsql as $$
begin
    if current_setting('es.appender', true) = 'on' then
        return null;
    end if;
    if pg_current_xact_id_if_assigned() is not null then
        raise exception using errcode = 'CES03',
            message = 'events must be the first rows a transaction writes',
            hint = 'append before writing anything else in the transaction, or in a transaction of its own';
    end if;
    -- The appenders' mark: key (1702059873, 0), "es_a", two-key form (objsubid 2).
    perform pg_advisory_xact_lock_shared(1702059873, 0);
    perform set_config('es.appender', 'on', true);
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
    ), marked as (
        select a.backend_xid::text::bigint as xid,
               a.pid is not null
               and (pg_has_role(a.usesysid, 'USAGE') or pg_has_role('pg_read_all_stats', 'USAGE')) as seen
          from pg_locks l
          left join pg_stat_get_activity(null) a on a.pid = l.pid
         where l.locktype = 'advisory' and l.classid = 1702059873 and l.objid = 0 and l.objsubid = 2
           and l.granted
    )
    select case
        when exists (select 1 from marked where not seen) then snap.xmin
        -- 32-bit ids widened against xmax: one below it by d (1 .. 2^31-1) is xmax - d;
        -- others were given out after the snapshot and lie at or above it.
        else least(snap.xmax, (
            select min(snap.xmax - d.d)
              from marked m,
                   lateral (select ((snap.xmax % 4294967296) - m.xid + 4294967296) % 4294967296 as d) d
             where m.xid is not null and d.d between 1 and 2147483647))
    end
    from snap
$$;
