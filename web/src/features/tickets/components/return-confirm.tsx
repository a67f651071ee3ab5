// The last step of a return: say what will happen, then return the ticket on confirmation.
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

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

  // Focus moves to the question, so keyboard and screen reader users land on the decision.
  useEffect(() => headingRef.current?.focus(), []);

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
