-- Nothing looks a sandbox transaction up by the shop's session id (the page and the
-- buttons go by token, `verify` by Przelewy24's order id), and every registration paid
-- for the index: one insert into a random page per order.
drop index payment_sandbox_transactions_session_id;
