-- The KSeF read model's guard and queue order (see 0068).
-- `version`: the order stream's version of the last event applied to the row, so a
-- replayed event never moves a row back (every event of a document is on its order's
-- stream). `queue_position`: taken from a sequence when the document is first projected,
-- so the queue keeps the order the documents became due in (a rebuild replays them in
-- that order again); the event store's positions are opaque and not numbers.
alter table rm_ksef_documents add column version bigint not null default -1;
create sequence rm_ksef_queue_seq;
alter table rm_ksef_documents alter column queue_position set default nextval('rm_ksef_queue_seq');
