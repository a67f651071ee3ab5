// "Moje bilety": the offer to attach the orders paid for without an account under the account's e-mail
// address (issue #30). Shown only when there is something to attach; all of them attach at once, and the
// list below reloads with their tickets. The server offers nothing to an account whose address is not
// confirmed (such an account cannot log in).
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import { useAttachGuestOrders, useGuestOrders } from '../api/guest-orders';

const messages = defineMessages({
  title: {
    id: 'tickets.guestOrders.title',
    defaultMessage: 'Bilety kupione bez konta',
    description: 'Heading of the offer to attach orders placed as a guest',
  },
  attach: {
    id: 'tickets.guestOrders.attach',
    defaultMessage: 'Dołącz do mojego konta',
    description: 'Button: attach the orders placed as a guest to the account',
  },
  attaching: {
    id: 'tickets.guestOrders.attaching',
    defaultMessage: 'Dołączam…',
    description: 'Button while the orders are being attached',
  },
  failed: {
    id: 'tickets.guestOrders.failed',
    defaultMessage: 'Nie udało się dołączyć zamówień. Spróbuj ponownie.',
    description: 'The orders could not be attached',
  },
});

const countMessages = defineMessages<{ found: { count: number }; done: { count: number } }>({
  found: {
    id: 'tickets.guestOrders.found',
    defaultMessage:
      'Znaleźliśmy {count, plural, one {# zamówienie złożone} few {# zamówienia złożone} many {# zamówień złożonych} other {# zamówienia złożonego}} bez konta na Twój adres e-mail. Dołącz je do swojego konta, aby widzieć tu ich bilety.',
    description: 'How many orders placed as a guest with the account’s e-mail address can be attached',
  },
  done: {
    id: 'tickets.guestOrders.done',
    defaultMessage:
      'Dołączyliśmy do Twojego konta {count, plural, one {# zamówienie; jego bilety są} few {# zamówienia; ich bilety są} many {# zamówień; ich bilety są} other {# zamówienia; ich bilety są}} na liście poniżej.',
    description: 'The orders were attached; their tickets are in the list',
  },
});

export function GuestOrdersOffer() {
  const intl = useIntl();
  const id = useId();
  const offer = useGuestOrders();
  const attach = useAttachGuestOrders();
  const count = offer.data?.count ?? 0;
  const attached = attach.data?.attached ?? 0;

  if (count === 0) {
    return attached > 0 ? (
      <p className="guest-orders guest-orders--done" role="status">
        {intl.formatMessage(countMessages.done, { count: attached })}
      </p>
    ) : null;
  }
  return (
    <section className="guest-orders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(messages.title)}</h2>
      <p>{intl.formatMessage(countMessages.found, { count })}</p>
      <Button onClick={() => attach.mutate()} disabled={attach.isPending} aria-busy={attach.isPending}>
        {intl.formatMessage(attach.isPending ? messages.attaching : messages.attach)}
      </Button>
      {attach.isError ? <p role="alert">{intl.formatMessage(messages.failed)}</p> : null}
    </section>
  );
}
