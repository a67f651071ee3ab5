-- Issue 30: a customer who registers (and confirms the e-mail) after buying as a guest is
-- offered the paid orders placed without an account under that address, on every visit
-- to "Moje bilety". The index serves exactly that question and holds only the rows it
-- can answer (paid guest orders), so a placement does not pay for it (0052 dropped the
-- full `lower(email)` index for that cost) and an attached order leaves it.
create index rm_orders_guest_email on rm_orders (lower(email)) where user_id is null and paid_at is not null;
