// What a return gave back, shown (and announced) right after it: the price, the fee, the one sum that
// comes back, and each part of it with where it goes (the same words as before confirming).
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { WithTicketNumber } from '@/shared/ui/ticket-number';

import type { ReturnedTicket } from '../api/return-ticket';

import { ReturnPartsList, type ReturnParts } from './return-sum';

const messages = defineMessages({
  price: { id: 'tickets.return.result.price', defaultMessage: 'Cena biletu', description: 'Return result: ticket price' },
  fee: { id: 'tickets.return.result.fee', defaultMessage: 'Opłata manipulacyjna', description: 'Return result: handling fee' },
  back: {
    id: 'tickets.return.result.back',
    defaultMessage: 'Wraca do Ciebie',
    description: 'Return result: the sum that comes back (price less fee), its parts listed below it',
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

/** How money paid at the office comes back (`office`: cash there, `terminal`: the card on its terminal). */
function officeHint(moneyTo: string) {
  if (moneyTo === 'office') return messages.moneyHintOffice;
  return moneyTo === 'terminal' ? messages.moneyHintTerminal : null;
}

const valueMessages = defineMessages<{ done: { number: string } }>({
  done: {
    id: 'tickets.return.result.done',
    defaultMessage: 'Bilet {number} został zwrócony.',
    description: 'Return result heading',
  },
});

interface ReturnResultProps {
  result: ReturnedTicket;
  /** Where the parts go, as the quote confirmed said (the return's answer has the amounts only). */
  where?: Pick<ReturnParts, 'money_to' | 'coupon_code'>;
  level?: 2 | 3;
}

export function ReturnResult({ result, where, level = 2 }: ReturnResultProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const intl = useIntl();
  const format = useFormatters();
  const back = result.coupon_refund + result.money_refund;
  const parts: ReturnParts = {
    money_refund: result.money_refund,
    coupon_refund: result.coupon_refund,
    money_to: where?.money_to ?? result.money_to ?? 'payment',
    coupon_code: where?.coupon_code ?? null,
  };
  const hint = officeHint(parts.money_to);
  return (
    <div className="return-result" role="status">
      <Heading className="return-result__title">
        <WithTicketNumber text={intl.formatMessage(valueMessages.done, { number: result.number })} number={result.number} />
      </Heading>
      <dl className="return-result__amounts">
        <div>
          <dt>{intl.formatMessage(messages.price)}</dt>
          <dd>{format.money(result.price)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.fee)}</dt>
          <dd>{format.money(-result.fee)}</dd>
        </div>
        <div className="return-result__money">
          <dt>{intl.formatMessage(messages.back)}</dt>
          <dd>{format.money(back)}</dd>
        </div>
      </dl>
      <ReturnPartsList parts={parts} />
      {hint && result.money_refund > 0 ? <p className="form-field__hint">{intl.formatMessage(hint)}</p> : null}
    </div>
  );
}
