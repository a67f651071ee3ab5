-- A send that reached no outcome (`KsefSendFailed`: KSeF's "try again", a refused
-- request): the document waits again; the row keeps why (`trouble`, code and reason, for
-- the admin), how many sends failed, and from when the next may go.
alter table rm_ksef_documents add column trouble text;
alter table rm_ksef_documents add column failed_sends integer not null default 0;
alter table rm_ksef_documents add column retry_at timestamptz;
