// /user/return-ticket: return a ticket by its number and code, for guests too. A logged-in user's own
// tickets need no code (and can also be returned from their ticket page).
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';

import type { ReturnedTicket } from '../api/return-ticket';

import { ReturnConfirm, type ReturnWhere } from './return-confirm';
import { ReturnResult } from './return-result';
import './tickets.css';

const messages = defineMessages({
  title: { id: 'tickets.returnPage.title', defaultMessage: 'Zwrot biletu', description: 'Heading and title of the return page' },
  lead: {
    id: 'tickets.returnPage.lead',
    defaultMessage: 'Podaj numer i kod biletu. Znajdziesz je na bilecie i w wiadomości e-mail z biletami.',
    description: 'How to return a ticket (guests)',
  },
  leadUser: {
    id: 'tickets.returnPage.leadUser',
    defaultMessage: 'Jesteś zalogowany: do zwrotu własnego biletu wystarczy jego numer.',
    description: 'How to return a ticket (logged-in user)',
  },
  myTickets: {
    id: 'tickets.returnPage.myTickets',
    defaultMessage: 'Możesz też wybrać bilet z listy Twoich biletów.',
    description: 'Link to the user tickets',
  },
  number: { id: 'tickets.returnPage.number', defaultMessage: 'Numer biletu', description: 'Label: ticket number' },
  numberHint: { id: 'tickets.returnPage.numberHint', defaultMessage: 'np. NK-2026-000123', description: 'Hint: number format' },
  code: { id: 'tickets.returnPage.code', defaultMessage: 'Kod biletu', description: 'Label: ticket code' },
  codeOptional: {
    id: 'tickets.returnPage.codeOptional',
    defaultMessage: 'Kod biletu (niewymagany dla Twoich biletów)',
    description: 'Label: ticket code, optional for logged-in users',
  },
  next: { id: 'tickets.returnPage.next', defaultMessage: 'Dalej', description: 'Button: go to the confirmation' },
  numberRequired: {
    id: 'tickets.returnPage.numberRequired',
    defaultMessage: 'Podaj numer biletu do zwrotu.',
    description: 'Validation: no ticket number',
  },
  codeRequired: { id: 'tickets.returnPage.codeRequired', defaultMessage: 'Podaj kod biletu.', description: 'Validation: no code' },
  another: {
    id: 'tickets.returnPage.another',
    defaultMessage: 'Zwróć kolejny bilet',
    description: 'Button: start again after a return',
  },
});

type Errors = Partial<Record<'number' | 'code' | 'general', string>>;

export function ReturnTicketPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [result, setResult] = useState<{ returned: ReturnedTicket; where: ReturnWhere } | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (!number.trim()) found.number = intl.formatMessage(messages.numberRequired);
    if (!loggedIn && !code.trim()) found.code = intl.formatMessage(messages.codeRequired);
    setErrors(found);
    if (found.number) numberRef.current?.focus();
    else if (found.code) codeRef.current?.focus();
    else setStep('confirm');
  }

  function refused(byField: Record<string, string>) {
    setErrors({
      number: byField.number,
      code: byField.code,
      general: byField.number || byField.code ? undefined : Object.values(byField)[0],
    });
    setStep('form');
    setTimeout(() => (byField.code && !byField.number ? codeRef : numberRef).current?.focus(), 0);
  }

  if (result) {
    return (
      <section className="tickets-page return-page" aria-labelledby="return-title">
        <h1 id="return-title">{title}</h1>
        <ReturnResult result={result.returned} where={result.where} />
        <Button
          variant="secondary"
          onClick={() => {
            setResult(null);
            setNumber('');
            setCode('');
            setStep('form');
          }}
        >
          {intl.formatMessage(messages.another)}
        </Button>
      </section>
    );
  }

  const field = (
    key: 'number' | 'code',
    label: string,
    value: string,
    set: (value: string) => void,
    ref: RefObject<HTMLInputElement | null>,
    hint?: string,
    required = true,
  ) => {
    const id = `return-${key}`;
    const describedBy = [hint ? `${id}-hint` : null, errors[key] ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="form-field">
        <label htmlFor={id} className={required ? 'form-field__label form-field__label--required' : 'form-field__label'}>
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          name={key}
          className="form-field__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={step === 'confirm'}
          aria-required={required ? true : undefined}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
        {hint ? (
          <p id={`${id}-hint`} className="form-field__hint">
            {hint}
          </p>
        ) : null}
        {errors[key] ? (
          <p id={`${id}-error`} className="form-field__error">
            {errors[key]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="tickets-page return-page" aria-labelledby="return-title">
      <h1 id="return-title">{title}</h1>
      <p>{intl.formatMessage(loggedIn ? messages.leadUser : messages.lead)}</p>
      {loggedIn ? (
        <p>
          <Link to={localized('/user/your-tickets')}>{intl.formatMessage(messages.myTickets)}</Link>
        </p>
      ) : null}
      <form className="return-form" noValidate onSubmit={next}>
        {field('number', intl.formatMessage(messages.number), number, setNumber, numberRef, intl.formatMessage(messages.numberHint))}
        {field(
          'code',
          intl.formatMessage(loggedIn ? messages.codeOptional : messages.code),
          code,
          setCode,
          codeRef,
          undefined,
          !loggedIn,
        )}
        {errors.general ? (
          <p className="order-alert" role="alert">
            {errors.general}
          </p>
        ) : null}
        {step === 'form' ? (
          <Button type="submit" className="return-form__next">
            {intl.formatMessage(messages.next)}
          </Button>
        ) : null}
      </form>
      {step === 'confirm' ? (
        <ReturnConfirm
          number={number.trim().toUpperCase()}
          code={code.trim().toUpperCase() || undefined}
          onReturned={(returned, where) => setResult({ returned, where })}
          onCancel={() => setStep('form')}
          onRefused={refused}
        />
      ) : null}
    </section>
  );
}
