-- Who made an erasure, as the register of erasures shows it: the person themselves (a
-- customer deleting their account, a guest by their link: a guest has no account id), an
-- admin on their behalf, or the retention schedule. Erasures asked for and made later by
-- the sweep keep who asked.
alter table privacy_erasures add column actor text not null default 'schedule'
    check (actor in ('person', 'admin', 'schedule'));
update privacy_erasures set actor = 'person' where erased_by is not null;
alter table privacy_erasures alter column actor drop default;

alter table privacy_pending add column actor text not null default 'person'
    check (actor in ('person', 'admin', 'schedule'));
alter table privacy_pending alter column actor drop default;
