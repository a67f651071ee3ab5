import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { ReturnedTicket } from '../api/return-ticket';

const messages = defineMessages({
  price: { id: 'tickets.return.result.price', defaultMessage: 'Cena biletu', description: 'Return result: ticket price' },
  fee: { id: 'tickets.return.result.fee', defaultMessage: 'Opłata manipulacyjna', description: 'Return result: handling fee' },
  coupon: {
    id: 'tickets.return.result.coupon',
    defaultMessage: 'Zwrot na kupon',
    description: 'Return result: the part that goes back to the coupon',
  },
  money: {
    id: 'tickets.return.result.money',
    defaultMessage: 'Zwrot pieniędzy',
    description: 'Return result: the part refunded to the payer',
  },
  moneyHint: {
    id: 'tickets.return.result.moneyHint',
    defaultMessage: 'Pieniądze wrócą tą samą metodą, którą zapłacono, zwykle w ciągu kilku dni roboczych.',
    description: 'Return result: how the money comes back',
  },
  moneyHintOffice: {
    id: 'tickets.return.result.moneyHintOffice',
    defaultMessage: 'Bilet kupiono za gotówkę w kasie: pieniądze odbierzesz w kasie, w której go kupiono.',
    description: 'Return result of a ticket paid in cash at the office: the money is paid back there',
  },
  moneyHintTerminal: {
    id: 'tickets.return.result.moneyHintTerminal',
    defaultMessage: 'Bilet opłacono kartą w kasie: pieniądze wrócą na tę kartę przez terminal płatniczy w kasie, w której go kupiono.',
    description: 'Return result of a ticket paid by card on the office terminal: refunded to that card on the terminal',
  },
});

const valueMessages = defineMessages<{ done: { number: string } }>({
  done: {
    id: 'tickets.return.result.done',
    defaultMessage: 'Bilet {number} został zwrócony.',
    description: 'Return result heading',
  },
});

/** How the money comes back, by where the server says it goes (`office`, `terminal`, else the payment). */
function moneyHint(moneyTo: string | undefined) {
  if (moneyTo === 'office') return messages.moneyHintOffice;
  if (moneyTo === 'terminal') return messages.moneyHintTerminal;
  return messages.moneyHint;
}

/** What a return gave back: shown (and announced) right after the return. */
export function ReturnResult({ result, level = 2 }: { result: ReturnedTicket; level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const intl = useIntl();
  const format = useFormatters();
  return (
    <div className="return-result" role="status">
      <Heading className="return-result__title">{intl.formatMessage(valueMessages.done, { number: result.number })}</Heading>
      <dl className="return-result__amounts">
        <div>
          <dt>{intl.formatMessage(messages.price)}</dt>
          <dd>{format.money(result.price)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.fee)}</dt>
          <dd>{format.money(-result.fee)}</dd>
        </div>
        {result.coupon_refund > 0 ? (
          <div>
            <dt>{intl.formatMessage(messages.coupon)}</dt>
            <dd>{format.money(result.coupon_refund)}</dd>
          </div>
        ) : null}
        <div className="return-result__money">
          <dt>{intl.formatMessage(messages.money)}</dt>
          <dd>{format.money(result.money_refund)}</dd>
        </div>
      </dl>
      {result.money_refund > 0 ? <p className="form-field__hint">{intl.formatMessage(moneyHint(result.money_to))}</p> : null}
    </div>
  );
}
