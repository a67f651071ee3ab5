-- Issue 30: a ticket may carry its passenger's name (given per seat on the order form;
-- none: the buyer travels on it). Copied from the ticket in `OrderPaid`; orders placed
-- before names could be given have none, so there is nothing to fill in.
alter table rm_tickets add column passenger_name text;
