// The last step of a return: check the ticket and say what comes back and where (the server's quote,
// the order's own decision), then return the ticket on confirmation.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';
import { WithTicketNumber } from '@/shared/ui/ticket-number';

import { useReturnQuote } from '../api/return-quote';
import { useReturnTicket, type ReturnedTicket } from '../api/return-ticket';
import { returnRefusal } from '../utils/return-errors';

import { ReturnSum, type ReturnParts } from './return-sum';

/** Where the parts of a return go. */
export type ReturnWhere = Pick<ReturnParts, 'money_to' | 'coupon_code'>;

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

const valueMessages = defineMessages<{ question: { number: string } }>({
  question: {
    id: 'tickets.return.question',
    defaultMessage: 'Czy na pewno chcesz zwrócić bilet {number}?',
    description: 'Heading of the return confirmation',
  },
});

interface ReturnConfirmProps {
  number: string;
  code?: string;
  /** The return's answer, and where its parts go (the quote the customer confirmed). */
  onReturned: (result: ReturnedTicket, where: ReturnWhere) => void;
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

  // Focus moves to the question, so keyboard and screen reader users land on the decision: before
  // the frame that shows it is painted (a layout effect), never a frame later.
  useLayoutEffect(() => {
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

  const sum = quote.data;

  function confirm() {
    returning.mutate(
      { number, code },
      {
        onSuccess: (result) => onReturned(result, { money_to: sum.money_to, coupon_code: sum.coupon_code ?? null }),
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
        <WithTicketNumber text={intl.formatMessage(valueMessages.question, { number })} number={number} />
      </Heading>
      <ReturnSum sum={sum} />
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
