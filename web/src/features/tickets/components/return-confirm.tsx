// The last step of a return: check the ticket and say what comes back and where (the server's quote,
// the order's own decision), then return the ticket on confirmation.
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import { useReturnQuote, type ReturnQuote } from '../api/return-quote';
import { useReturnTicket, type ReturnedTicket } from '../api/return-ticket';
import { returnRefusal } from '../utils/return-errors';

const messages = defineMessages({
  rules: {
    id: 'tickets.return.rules',
    defaultMessage:
      'Zwrot jest możliwy najpóźniej 10 minut przed odjazdem. Od ceny biletu potrącimy opłatę manipulacyjną; część zapłaconą kuponem zwrócimy najpierw na kupon. Zwrotu nie można cofnąć.',
    description: 'What a return does, shown before confirming',
  },
  confirm: { id: 'tickets.return.confirm', defaultMessage: 'Tak, zwróć bilet', description: 'Button: confirm the return' },
  cancel: { id: 'tickets.return.cancel', defaultMessage: 'Nie, zostaw bilet', description: 'Button: do not return' },
  returning: { id: 'tickets.return.returning', defaultMessage: 'Zwracam bilet…', description: 'Status while returning' },
  failed: {
    id: 'tickets.return.failed',
    defaultMessage: 'Nie udało się zwrócić biletu. Spróbuj ponownie za chwilę.',
    description: 'The return failed without a reason from the server',
  },
  checking: { id: 'tickets.return.checking', defaultMessage: 'Sprawdzam bilet…', description: 'Status while the return is quoted' },
});

const valueMessages = defineMessages<{
  question: { number: string };
  sum: { price: string; fee: string; back: string };
  toPayment: { amount: string };
  toOffice: { amount: string };
  toTerminal: { amount: string };
  toCoupon: { amount: string; code: string };
}>({
  sum: {
    id: 'tickets.return.sum',
    defaultMessage: 'Cena biletu {price} − opłata za zwrot {fee} = wraca do Ciebie {back}:',
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
  question: {
    id: 'tickets.return.question',
    defaultMessage: 'Czy na pewno chcesz zwrócić bilet {number}?',
    description: 'Heading of the return confirmation',
  },
});

interface ReturnConfirmProps {
  number: string;
  code?: string;
  onReturned: (result: ReturnedTicket) => void;
  onCancel: () => void;
  /** Field errors of a refusal (422) go back to the form that asked, when there is one. */
  onRefused?: (errors: Record<string, string>) => void;
  /** The heading level of the question (3 inside a section with its own h2). */
  level?: 2 | 3;
}

export function ReturnConfirm({ number, code, onReturned, onCancel, onRefused, level = 2 }: ReturnConfirmProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const intl = useIntl();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returning = useReturnTicket();
  const quote = useReturnQuote(number, code);
  const quoteRefusal = quote.error ? returnRefusal(intl, quote.error) : null;
  const sendBack = Boolean(quoteRefusal && onRefused && (quoteRefusal.number || quoteRefusal.code));

  // Focus moves to the question, so keyboard and screen reader users land on the decision.
  useEffect(() => {
    if (quote.data) headingRef.current?.focus();
  }, [quote.data]);
  // A wrong number or code goes back to the form before anyone is asked to confirm.
  useEffect(() => {
    if (sendBack && quoteRefusal && onRefused) onRefused(quoteRefusal);
  }, [sendBack, quoteRefusal, onRefused]);

  if (quote.isPending) return <p role="status">{intl.formatMessage(messages.checking)}</p>;
  if (!quote.data) {
    if (sendBack) return null;
    return (
      <div className="return-confirm" role="group">
        <p className="order-alert" role="alert">
          {(quoteRefusal && Object.values(quoteRefusal)[0]) ?? intl.formatMessage(messages.failed)}
        </p>
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(messages.cancel)}
        </Button>
      </div>
    );
  }

  function confirm() {
    returning.mutate(
      { number, code },
      {
        onSuccess: onReturned,
        onError: (failure) => {
          const refusal = returnRefusal(intl, failure);
          // Field errors go back to the form that asked for them; the rest is said here.
          if (refusal && onRefused && (refusal.number || refusal.code)) onRefused(refusal);
        },
      },
    );
  }

  const refusal = returning.error ? returnRefusal(intl, returning.error) : null;
  const handledByForm = Boolean(refusal && onRefused && (refusal.number || refusal.code));
  const errorText = !returning.error || handledByForm
    ? null
    : refusal
      ? Object.values(refusal)[0] ?? intl.formatMessage(messages.failed)
      : intl.formatMessage(messages.failed);

  return (
    <div className="return-confirm" role="group" aria-labelledby="return-confirm-title">
      <Heading id="return-confirm-title" ref={headingRef} tabIndex={-1} className="return-confirm__title">
        {intl.formatMessage(valueMessages.question, { number })}
      </Heading>
      <QuoteSummary quote={quote.data} />
      <p>{intl.formatMessage(messages.rules)}</p>
      {errorText ? (
        <p className="order-alert" role="alert">
          {errorText}
        </p>
      ) : null}
      <div className="return-confirm__actions">
        <Button onClick={confirm} disabled={returning.isPending}>
          {intl.formatMessage(messages.confirm)}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={returning.isPending}>
          {intl.formatMessage(messages.cancel)}
        </Button>
      </div>
      {returning.isPending ? <p role="status">{intl.formatMessage(messages.returning)}</p> : null}
    </div>
  );
}

/** Where the money part goes, as the quote says: cash at the office, the card terminal, or the payment. */
function moneyToMessage(moneyTo: string) {
  if (moneyTo === 'office') return valueMessages.toOffice;
  if (moneyTo === 'terminal') return valueMessages.toTerminal;
  return valueMessages.toPayment;
}

/** What comes back, as one sum that adds up, then each part and where it goes. */
function QuoteSummary({ quote }: { quote: ReturnQuote }) {
  const intl = useIntl();
  const format = useFormatters();
  return (
    <div className="return-confirm__quote">
      <p>
        {intl.formatMessage(valueMessages.sum, {
          price: format.money(quote.price),
          fee: format.money(quote.fee),
          back: format.money(quote.back),
        })}
      </p>
      <ul>
        {quote.money_refund > 0 ? (
          <li>
            {intl.formatMessage(moneyToMessage(quote.money_to), { amount: format.money(quote.money_refund) })}
          </li>
        ) : null}
        {quote.coupon_refund > 0 ? (
          <li>
            {intl.formatMessage(valueMessages.toCoupon, {
              amount: format.money(quote.coupon_refund),
              code: quote.coupon_code ?? '',
            })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
