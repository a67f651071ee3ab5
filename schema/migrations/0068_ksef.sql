-- KSeF: where each invoice and correction stands in the national e-invoice system.
-- A read model of the order streams' KSeF events (`KsefDue`, `KsefWentOffline`,
-- `KsefSent`, `KsefAccepted`, `KsefRejected`, `KsefUpoReceived`), rebuildable from
-- them: the sender's queue, the admin's invoice list and page, the register's column.
create table rm_ksef_documents (
    -- The invoice's or correction's own number (`FV/…`, `KOR/…`).
    document_number  text        primary key,
    order_id         uuid        not null,
    -- `invoice` or `correction`.
    kind             text        not null check (kind in ('invoice', 'correction')),
    -- A correction's invoice (it is sent only once that one has its KSeF number).
    corrects         text,
    -- `waiting`, `offline`, `sent`, `accepted`, `rejected`.
    state            text        not null check (state in ('waiting', 'offline', 'sent', 'accepted', 'rejected')),
    issued_at        timestamptz not null,
    -- The global position of the event that made it due: the queue's order.
    queue_position   bigint      not null,
    -- Issued in offline mode (`offlineMode: true` when sent), and its last legal day to send.
    offline          boolean     not null default false,
    deadline         date,
    -- SHA-256 of the XML sent (Base64), the session and the invoice's reference in it.
    xml_sha256       text,
    session_ref      text,
    invoice_ref      text,
    sent_at          timestamptz,
    ksef_number      text,
    accepted_at      timestamptz,
    rejection_code   bigint,
    rejection_reason text,
    upo              text,
    updated_at       timestamptz not null
);
create index rm_ksef_documents_queue on rm_ksef_documents (queue_position) where state in ('waiting', 'offline', 'sent');
create index rm_ksef_documents_order on rm_ksef_documents (order_id);
create unique index rm_ksef_documents_number on rm_ksef_documents (ksef_number) where ksef_number is not null;

-- Whether invoices to consumers (buyers without a NIP) go to KSeF too (off by default).
alter table companies add column ksef_send_consumers boolean not null default false;
