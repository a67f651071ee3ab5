-- `nip_lookups` (crate `taxpayers`): each NIP's answer from the register of VAT payers
-- ("Biała lista") for the Warsaw day it was asked on: the taxpayer (JSON), or null when
-- the register has none. The register counts its requests; a NIP asked again that day is
-- answered from here. Rows of past days are no longer read (and hold only public data).
create table nip_lookups (
    nip        text        not null,
    day        date        not null,
    answer     jsonb,
    fetched_at timestamptz not null default now(),
    primary key (nip, day)
);
