-- The home page's counts of what needs someone, each read from a small partial index
-- rather than a scan of its table (measured by `bench/run.sh dashboard`): refunds the
-- gateway refused, KSeF documents not in KSeF yet, complaints not answered by their
-- first deadline (a complaint's 1-month deadline comes before its 3-month one, so one
-- due within days has its `respond_by` within them).
create index refunds_refused on refunds (created_at) where status = 'refused';
create index rm_ksef_documents_open on rm_ksef_documents (state, deadline)
    where state in ('waiting', 'offline', 'sent', 'rejected');
create index rm_complaints_due on rm_complaints (respond_by) where answered_at is null;
