-- The daily sales report to the order-report office (command-api, processes/daily_report).
--
-- One row per Warsaw day whose report was sent. The sender inserts the day's row
-- (`on conflict do nothing`) in the transaction that sends the report and commits it once
-- the mail is handed over: a second process asking for the same day waits for that
-- transaction and then finds the row, so however many processes ask, one sends it; a send
-- that fails rolls the row back and the next round tries again.
create table daily_reports (
    day     date        primary key,
    sent_to text        not null,
    sent_at timestamptz not null default now(),
    report  text        not null   -- the text sent, for a look back
);

-- The invoice e-mails (command-api, booking/invoice_mail) are marked per document and
-- recipient in `sent_messages`, so a replayed event sends nothing twice. The documents
-- issued before those e-mails existed count as sent: a replay of the reactions must not
-- mail customers (or the office) their old invoices now. (A KurrentDB store keeps its
-- events elsewhere; its operator runs the same insert over its invoice events.)
insert into sent_messages (order_id, kind)
select (e.data ->> 'order_id')::uuid, k.prefix || (e.data ->> 'number')
  from es_events e
 cross join (values ('invoice-mail/'), ('invoice-copy/')) as k (prefix)
 where e.event_type in ('InvoiceIssued', 'InvoiceCorrected')
on conflict do nothing;
