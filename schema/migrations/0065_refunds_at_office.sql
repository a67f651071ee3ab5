-- Money owed back on an order paid at the office (cash or the card terminal, no gateway)
-- is paid back at the office too: such a refund is 'at_office', for the cashier, and the
-- gateway sender never takes it. Before this, it was sent to the gateway, which could not
-- know the payment, and left 'refused' with that reason: those rows become 'at_office'.
alter table refunds drop constraint refunds_status_check;
alter table refunds add constraint refunds_status_check
    check (status in ('pending', 'sent', 'refused', 'at_office'));
update refunds set status = 'at_office', last_error = null
 where provider in ('cash', 'card_terminal') and status in ('pending', 'refused');
