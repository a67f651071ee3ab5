-- What the KSeF sender's client last saw (one row, written after each round by the
-- process that ran it): the interactive session in use and since when, and the calls
-- left per operation in the current windows of KSeF's limits (`ksef::client::Limits`, as
-- JSON). `coach finance ksef status` reads it: the counts live in the sending process.
create table ksef_sender_status (
    id smallint primary key check (id = 1),
    at timestamptz not null,
    limits jsonb not null
);
