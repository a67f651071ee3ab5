-- Who asked for a message: tickets sent again on request (`send-ticket`, `send-ticket-sms`)
-- are recorded in `sent_messages` too, each under a kind of its own
-- (`tickets-email/again/{uuid}`), with the user who asked (an admin or the owner; null
-- for the holder of the order's link), so the order's history shows every message sent
-- and who had it sent. The messages a process sends once keep `sent_by` null.
alter table sent_messages add column sent_by uuid;
