// What a return gives back and where, said the same way before confirming (the server's quote) and
// after (the return's answer): the price less the fee is what comes back, and each part of it with
// where it goes (the card or account that paid, the ticket office, the coupon by its code), so the
// parts add up to the one sum (issue 30, 8).
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { ReturnQuote } from '../api/return-quote';

const valueMessages = defineMessages<{
  sum: { price: string; fee: string; back: string };
  toPayment: { amount: string };
  toOffice: { amount: string };
  toTerminal: { amount: string };
  toCoupon: { amount: string; code: string };
}>({
  sum: {
    id: 'tickets.return.sum',
    defaultMessage: 'Cena biletu {price} − opłata manipulacyjna {fee} = wraca do Ciebie {back}:',
    description: 'The return quote: price less fee is what comes back',
  },
  toPayment: {
    id: 'tickets.return.toPayment',
    defaultMessage: '{amount} na kartę lub konto, z którego zapłacono (w ciągu kilku dni)',
    description: 'The money part of a return goes back to the payment',
  },
  toOffice: {
    id: 'tickets.return.toOffice',
    defaultMessage: '{amount} do odebrania w kasie, w której kupiono bilet',
    description: 'The money part of a return of a ticket bought at the office',
  },
  toTerminal: {
    id: 'tickets.return.toTerminal',
    defaultMessage: '{amount} z powrotem na kartę, którą zapłacono w kasie (zwrot przez terminal płatniczy w kasie, w której kupiono bilet)',
    description: 'The money part of a return of a ticket paid by card on the office terminal: refunded to that card on the terminal',
  },
  toCoupon: {
    id: 'tickets.return.toCoupon',
    defaultMessage: '{amount} na kupon {code}: podaj ten kod przy następnym zakupie',
    description: 'The coupon part of a return goes back to the coupon, used again by its code',
  },
});

/** Where the money part goes, as the server says: cash at the office, the card terminal, or the payment. */
function moneyToMessage(moneyTo: string) {
  if (moneyTo === 'office') return valueMessages.toOffice;
  if (moneyTo === 'terminal') return valueMessages.toTerminal;
  return valueMessages.toPayment;
}

/** The parts of what comes back and where each goes (grosz). */
export type ReturnParts = Pick<ReturnQuote, 'money_refund' | 'money_to' | 'coupon_refund' | 'coupon_code'>;

/** Each part of what comes back, with where it goes. */
export function ReturnPartsList({ parts }: { parts: ReturnParts }) {
  const intl = useIntl();
  const format = useFormatters();
  return (
    <ul>
      {parts.money_refund > 0 ? (
        <li>
          {intl.formatMessage(moneyToMessage(parts.money_to), {
            amount: format.money(parts.money_refund),
          })}
        </li>
      ) : null}
      {parts.coupon_refund > 0 ? (
        <li>
          {intl.formatMessage(valueMessages.toCoupon, { amount: format.money(parts.coupon_refund), code: parts.coupon_code ?? '' })}
        </li>
      ) : null}
    </ul>
  );
}

/** What comes back, as one sum that adds up, then each part and where it goes. */
export function ReturnSum({ sum }: { sum: ReturnQuote }) {
  const intl = useIntl();
  const format = useFormatters();
  return (
    <div className="return-confirm__quote">
      <p>
        {intl.formatMessage(valueMessages.sum, { price: format.money(sum.price), fee: format.money(sum.fee), back: format.money(sum.back) })}
      </p>
      <ReturnPartsList parts={sum} />
    </div>
  );
}
