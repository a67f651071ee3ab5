-- A ticket's printed code beside its number, so the driver's check finds the ticket by
-- the code typed from the paper (issue 29) without waiting for a read model, as a number
-- is found. Codes are drawn with the numbers from now on; those of tickets issued before
-- are copied from the tickets' read model (a ticket not in it yet is found by number).
alter table ticket_numbers add column code text;
update ticket_numbers n set code = t.code from rm_tickets t where t.number = n.number;
create index ticket_numbers_code on ticket_numbers (code);
