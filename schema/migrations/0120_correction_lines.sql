-- A correction's line as the document prints it, when it says more than its reason (a
-- returned ticket's price, the fee kept and what is given back): InvoiceCorrected's `line`.
-- Older events carry none, so the rows written before stay null, as a rebuild leaves them.
alter table rm_invoices add column line text;
