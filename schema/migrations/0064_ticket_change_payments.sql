-- A change to a dearer course waits for its difference to be paid (issue 18): the ticket's
-- row shows the change waiting (the course, the difference, where to pay it and until when),
-- which the ticket page offers to pay and the expiry process drops when its time is over.
-- Written by the `orders` projection from TicketChangeRequested, cleared by the change
-- (TicketCourseChanged) or TicketChangeExpired.
alter table rm_tickets add column change_course_id   uuid;
alter table rm_tickets add column change_difference  bigint;
alter table rm_tickets add column change_expires_at  timestamptz;
alter table rm_tickets add column change_provider    text;
alter table rm_tickets add column change_token       text;
create index rm_tickets_change_due on rm_tickets (change_expires_at) where change_expires_at is not null;
