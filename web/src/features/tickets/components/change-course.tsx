// "Zmień kurs" on a ticket's page: moves a valid, paid ticket to another course of the same route
// between the same stops, once, until N minutes before departure (docs/returns.md, 'A ticket changes course once').
// The rules are said before anything is chosen; then the other courses with a free seat (time, free
// seats, the price difference), a confirmation that repeats the difference, and the change. A dearer
// course's difference is paid online first (docs/returns.md, 'A dearer course is paid first'): the change
// holds the new seat and answers
// where to pay, and the page goes there; until it is paid the ticket stays, and the section says what
// waits and links the payment again. After the change the ticket is read again, so the page shows
// its new course.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';
import { WithTicketNumber } from '@/shared/ui/ticket-number';

import { useChangeCourse, type ChangedCourse } from '../api/change-course';
import { useChangeOptions, type ChangeOption } from '../api/get-change-options';
import type { MyTicket } from '../api/get-my-tickets';
import { changeRefusal } from '../utils/change-errors';
import { firstOptions } from '../utils/first-options';

import { differenceLabel, messages, reasonText, valueMessages } from './change-course-messages';

import './change-course.css';

type Step = 'rules' | 'choosing' | 'confirming';

/** Courses shown before "more", from the ticket's own day on (a phone's page stays short). */
export const FIRST_OPTIONS = 6;

export function ChangeCourse({ ticket }: { ticket: MyTicket }) {
  const intl = useIntl();
  const format = useFormatters();
  const id = useId();
  const options = useChangeOptions(ticket.number);
  const change = useChangeCourse();
  const [step, setStep] = useState<Step>('rules');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [done, setDone] = useState<ChangedCourse | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const listRef = useRef<HTMLFieldSetElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // Focus follows the step, so keyboard and screen reader users land on what appeared.
  useEffect(() => {
    if (step === 'choosing') listRef.current?.focus();
    if (step === 'confirming') questionRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const data = options.data;
  const chosen = data?.options.find((option) => option.course_id === chosenId) ?? null;
  const shownOptions = !data || showAll ? (data?.options ?? []) : firstOptions(data.options, data.current.departure_at, chosenId, FIRST_OPTIONS);
  // The options are read again now and then (seats go); a chosen course that is gone is chosen anew.
  const shownStep: Step = step === 'confirming' && !chosen ? 'choosing' : step;
  const refusal = change.error ? (changeRefusal(intl, change.error) ?? intl.formatMessage(messages.failed)) : null;

  function courseAt(departureAt: string) {
    return intl.formatMessage(valueMessages.at, {
      date: format.date(departureAt, 'full'),
      time: format.time(departureAt),
      stop: ticket.from_name,
    });
  }

  function courseLabel(option: ChangeOption) {
    return intl.formatMessage(valueMessages.course, {
      date: format.date(option.departure_at, 'full'),
      time: format.time(option.departure_at),
      arrival: format.time(option.arrival_at),
    });
  }

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.reset();
    if (!chosen) {
      setChoiceError(intl.formatMessage(messages.chooseFirst));
      return;
    }
    setChoiceError(null);
    setStep('confirming');
  }

  function confirm(option: ChangeOption) {
    change.mutate(
      { number: ticket.number, course_id: option.course_id },
      {
        // Runs once the ticket and its options were read again (see useChangeCourse). A dearer
        // course is paid at the gateway first, which sends the customer back to this page.
        onSuccess: (answer) => {
          if (answer.status === 'awaiting_payment' && answer.payment_url) {
            setRedirecting(true);
            window.location.assign(answer.payment_url);
            return;
          }
          setDone(answer);
        },
        // A refusal (no seat left, changed meanwhile…) sends the customer back to the list, which was
        // read again; a failure without an answer stays here, to try again.
        onError: (failure) => {
          if (changeRefusal(intl, failure) !== null) setStep('choosing');
        },
      },
    );
  }

  function leave() {
    change.reset();
    setChoiceError(null);
    setChosenId(null);
    setStep('rules');
  }

  let body;
  if (redirecting) {
    body = <p role="status">{intl.formatMessage(messages.redirecting)}</p>;
  } else if (done) {
    body = (
      <div className="change-course__done" role="status" ref={doneRef} tabIndex={-1}>
        <p className="change-course__done-title">{intl.formatMessage(messages.done)}</p>
        <p>
          {intl.formatMessage(valueMessages.doneDeparture, {
            date: format.date(done.departure_at, 'full'),
            time: format.time(done.departure_at),
          })}
        </p>
        {done.price_difference < 0 ? (
          <p>{intl.formatMessage(valueMessages.doneRefund, { amount: format.money(-done.price_difference) })}</p>
        ) : null}
      </div>
    );
  } else if (options.isPending) {
    body = <p role="status">{intl.formatMessage(messages.loading)}</p>;
  } else if (options.isError || !data) {
    body = (
      <>
        <p role="alert">{intl.formatMessage(messages.loadFailed)}</p>
        <Button variant="secondary" onClick={() => void options.refetch()}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </>
    );
  } else if (data.pending) {
    const amount = format.money(data.pending.price_difference);
    body = (
      <>
        <p className="change-course__reason">
          {intl.formatMessage(valueMessages.pending, { amount, until: format.time(data.pending.pay_by) })}
        </p>
        {data.pending.payment_url ? (
          <a className="button button--primary" href={data.pending.payment_url}>
            {intl.formatMessage(valueMessages.payNow, { amount })}
          </a>
        ) : null}
      </>
    );
  } else if (!data.can_change) {
    body = <p className="change-course__reason">{reasonText(intl, data)}</p>;
  } else {
    body = (
      <>
        <p>{intl.formatMessage(valueMessages.rules, { minutes: data.cutoff_minutes })}</p>
        {refusal ? (
          <p className="order-alert" role="alert">
            {refusal}
          </p>
        ) : null}

        {shownStep === 'rules' ? (
          <Button variant="secondary" onClick={() => setStep('choosing')}>
            {intl.formatMessage(messages.start)}
          </Button>
        ) : null}

        {shownStep === 'choosing' && data.options.length === 0 ? (
          <>
            <p>{intl.formatMessage(messages.noOptions)}</p>
            <Button variant="secondary" onClick={leave}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          </>
        ) : null}

        {shownStep === 'choosing' && data.options.length > 0 ? (
          <form className="change-course__form" noValidate onSubmit={next}>
            <fieldset className="change-course__options" ref={listRef} tabIndex={-1}>
              <legend>{intl.formatMessage(messages.options)}</legend>
              <ul className="change-course__list">
                {shownOptions.map((option) => (
                  <li key={option.course_id}>
                    <label
                      className={`change-course__option${option.price_difference > 0 ? ' change-course__option--dearer' : ''}`}
                    >
                      <input
                        type="radio"
                        name={`${id}-course`}
                        value={option.course_id}
                        checked={chosenId === option.course_id}
                        onChange={() => {
                          setChosenId(option.course_id);
                          setChoiceError(null);
                        }}
                      />
                      {/* The spaces between the parts keep their words apart in the radio's name. */}
                      {/* prettier-ignore */}
                      <span className="change-course__when">{courseLabel(option)}</span> <span className="change-course__seats">{intl.formatMessage(valueMessages.seats, { count: option.free_seats })}</span> <span className="change-course__difference">{differenceLabel(intl, format, option.price_difference)}</span>
                    </label>
                  </li>
                ))}
              </ul>
              {shownOptions.length < data.options.length ? (
                <Button variant="secondary" onClick={() => setShowAll(true)}>
                  {intl.formatMessage(valueMessages.more, { count: data.options.length - shownOptions.length })}
                </Button>
              ) : null}
            </fieldset>
            {choiceError ? (
              <p className="order-alert" role="alert">
                {choiceError}
              </p>
            ) : null}
            <div className="change-course__actions">
              <Button type="submit">{intl.formatMessage(messages.next)}</Button>
              <Button variant="secondary" onClick={leave}>
                {intl.formatMessage(messages.cancel)}
              </Button>
            </div>
          </form>
        ) : null}

        {shownStep === 'confirming' && chosen ? (
          <div className="change-course__confirm" role="group" aria-labelledby={`${id}-question`}>
            <h3 id={`${id}-question`} ref={questionRef} tabIndex={-1} className="change-course__question">
              <WithTicketNumber text={intl.formatMessage(valueMessages.question, { number: ticket.number })} number={ticket.number} />
            </h3>
            <dl className="change-course__summary">
              <div>
                <dt>{intl.formatMessage(messages.current)}</dt>
                <dd>{courseAt(data.current.departure_at)}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(messages.newCourse)}</dt>
                <dd>{courseAt(chosen.departure_at)}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(messages.difference)}</dt>
                <dd>
                  {chosen.price_difference < 0
                    ? intl.formatMessage(valueMessages.refundLong, { amount: format.money(-chosen.price_difference) })
                    : chosen.price_difference > 0
                      ? intl.formatMessage(valueMessages.payLong, { amount: format.money(chosen.price_difference) })
                      : intl.formatMessage(messages.noDifferenceLong)}
                </dd>
              </div>
            </dl>
            <p>{intl.formatMessage(messages.onceOnly)}</p>
            <div className="change-course__actions">
              <Button onClick={() => confirm(chosen)} disabled={change.isPending}>
                {chosen.price_difference > 0
                  ? intl.formatMessage(valueMessages.payConfirm, { amount: format.money(chosen.price_difference) })
                  : intl.formatMessage(messages.confirm)}
              </Button>
              <Button variant="secondary" onClick={() => setStep('choosing')} disabled={change.isPending}>
                {intl.formatMessage(messages.back)}
              </Button>
            </div>
            {change.isPending ? <p role="status">{intl.formatMessage(messages.changing)}</p> : null}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="ticket-detail__change change-course" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(messages.title)}</h2>
      {body}
    </section>
  );
}
