-- Personal data under RODO (the privacy crate): every data subject's values are sealed in
-- the events with a key of its own, kept here and never in the event store. Erasing a
-- subject deletes its key (crypto-shredding) and records the erasure in the register,
-- which holds no erased value: the subject's name (`order:{id}:customer`, …), when, by
-- whom, why. A subject in the register never gets a key again.
create table privacy_keys (
    subject text primary key,
    key bytea not null check (length(key) = 32),
    created_at timestamptz not null default now()
);

create table privacy_erasures (
    subject text primary key,
    erased_at timestamptz not null default now(),
    -- The admin or customer who asked; null for the retention sweep.
    erased_by uuid,
    reason text not null
);
