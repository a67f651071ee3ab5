-- The FA(3) XML of each issued invoice and correction, fixed once (issue 36): what KSeF
-- gets, what `/order/order-invoice/fa3` serves and what the QR code's hash (KOD I) is
-- made from. Not a read model: never emptied by a rebuild, never updated. A document
-- has one row per version, each fixed at an event of its order's stream (`position`,
-- the event's index in the stream): its issue, an amendment after a KSeF rejection, its
-- invoice's KSeF number, a technical correction. The current version is the one at the
-- latest position. Written by the command side only, `on conflict do nothing`: the
-- first write of a version wins.
create table issued_document_xml (
    document_number text not null,
    position bigint not null,
    order_id uuid not null,
    xml text not null,
    sha256 text not null,
    stored_at timestamptz not null default now(),
    primary key (document_number, position)
);
