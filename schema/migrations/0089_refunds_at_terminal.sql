-- Money paid by card on the office's terminal goes back the same way: a refund on the
-- terminal to that card ('at_terminal'), not cash from the till ('at_office', which stays
-- for sales paid in cash). Neither is ever sent to the gateway. Refunds recorded before
-- this for card-terminal payments were 'at_office': they become 'at_terminal'.
alter table refunds drop constraint refunds_status_check;
alter table refunds add constraint refunds_status_check
    check (status in ('pending', 'sent', 'refused', 'at_office', 'at_terminal'));
update refunds set status = 'at_terminal' where provider = 'card_terminal' and status = 'at_office';
