// "Zmień kurs" on a ticket's page: moves a valid, paid ticket to another course of the same route
// between the same stops (DECISIONS.md "Returns and changes": once, until N minutes before departure).
// The rules are said before anything is chosen; then the other courses with a free seat (time, free
// seats, the price difference), a confirmation that repeats the difference, and the change. A dearer
// course is listed, but choosing it explains that the difference cannot be paid online yet (the
// server refuses it too). After the change the ticket is read again, so the page shows its new course.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';

import { useFormatters, type Formatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import { useChangeCourse, type ChangedCourse } from '../api/change-course';
import { useChangeOptions, type ChangeOption, type ChangeOptions } from '../api/get-change-options';
import type { MyTicket } from '../api/get-my-tickets';
import { changeRefusal } from '../utils/change-errors';

import './change-course.css';

const messages = defineMessages({
  title: { id: 'tickets.change.title', defaultMessage: 'Zmień kurs', description: 'Heading of the change of course' },
  loading: {
    id: 'tickets.change.loading',
    defaultMessage: 'Sprawdzamy, na jakie kursy można zmienić bilet…',
    description: 'Status while the change options load',
  },
  loadFailed: {
    id: 'tickets.change.loadFailed',
    defaultMessage: 'Nie udało się sprawdzić, czy kurs tego biletu można zmienić.',
    description: 'The change options could not be loaded',
  },
  retry: { id: 'tickets.change.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: load the options again' },
  start: {
    id: 'tickets.change.start',
    defaultMessage: 'Wybierz nowy kurs',
    description: 'Button that shows the courses the ticket can move to',
  },
  noOptions: {
    id: 'tickets.change.noOptions',
    defaultMessage: 'Nie ma teraz innych kursów tej linii z wolnymi miejscami między Twoimi przystankami.',
    description: 'No course to change to',
  },
  options: {
    id: 'tickets.change.options',
    defaultMessage: 'Kursy, na które możesz zmienić bilet',
    description: 'Legend of the list of courses to change to',
  },
  noDifference: { id: 'tickets.change.noDifference', defaultMessage: 'bez dopłaty', description: 'Option: same price' },
  next: { id: 'tickets.change.next', defaultMessage: 'Dalej', description: 'Button: go on to the confirmation' },
  cancel: { id: 'tickets.change.cancel', defaultMessage: 'Anuluj', description: 'Button: leave the change of course' },
  chooseFirst: {
    id: 'tickets.change.chooseFirst',
    defaultMessage: 'Wybierz kurs z listy.',
    description: 'Error: "next" without a chosen course',
  },
  current: { id: 'tickets.change.current', defaultMessage: 'Obecny kurs', description: 'Confirmation: the current course' },
  newCourse: { id: 'tickets.change.newCourse', defaultMessage: 'Nowy kurs', description: 'Confirmation: the new course' },
  difference: {
    id: 'tickets.change.difference',
    defaultMessage: 'Różnica w cenie',
    description: 'Confirmation: the price difference',
  },
  noDifferenceLong: {
    id: 'tickets.change.noDifferenceLong',
    defaultMessage: 'Bez dopłaty i bez zwrotu',
    description: 'Confirmation: the new course costs the same',
  },
  onceOnly: {
    id: 'tickets.change.onceOnly',
    defaultMessage: 'Po tej zmianie kursu biletu nie będzie można zmienić ponownie.',
    description: 'Confirmation: a ticket’s course can be changed once',
  },
  confirm: { id: 'tickets.change.confirm', defaultMessage: 'Tak, zmień kurs', description: 'Button: confirm the change' },
  back: { id: 'tickets.change.back', defaultMessage: 'Wróć do wyboru', description: 'Button: back to the list of courses' },
  changing: { id: 'tickets.change.changing', defaultMessage: 'Zmieniamy kurs…', description: 'Status while changing' },
  failed: {
    id: 'tickets.change.failed',
    defaultMessage: 'Nie udało się zmienić kursu. Spróbuj ponownie za chwilę.',
    description: 'The change failed without a reason from the server (network, server error)',
  },
  done: { id: 'tickets.change.done', defaultMessage: 'Kurs biletu został zmieniony.', description: 'Success heading' },
  reasonAlreadyChanged: {
    id: 'tickets.change.reason.alreadyChanged',
    defaultMessage: 'Kurs tego biletu został już zmieniony. Kurs biletu można zmienić tylko raz.',
    description: 'Why the course cannot be changed: it was changed before',
  },
  reasonReturned: {
    id: 'tickets.change.reason.returned',
    defaultMessage: 'Ten bilet został zwrócony, więc nie można zmienić jego kursu.',
    description: 'Why the course cannot be changed: the ticket was returned',
  },
  reasonNotPaid: {
    id: 'tickets.change.reason.notPaid',
    defaultMessage: 'Kurs można zmienić dopiero po opłaceniu zamówienia.',
    description: 'Why the course cannot be changed: the order is not paid',
  },
  reasonUsed: {
    id: 'tickets.change.reason.used',
    defaultMessage: 'Ten bilet został już wykorzystany.',
    description: 'Why the course cannot be changed: the ticket was used',
  },
  reasonOther: {
    id: 'tickets.change.reason.other',
    defaultMessage: 'Kursu tego biletu nie można zmienić.',
    description: 'Why the course cannot be changed: a reason the site does not know',
  },
});

const valueMessages = defineMessages<{
  rules: { minutes: number };
  reasonTooLate: { minutes: number };
  course: { date: string; time: string; arrival: string };
  seats: { count: number };
  more: { count: number };
  refund: { amount: string };
  surcharge: { amount: string };
  refundLong: { amount: string };
  dearer: { amount: string };
  question: { number: string };
  at: { date: string; time: string; stop: string };
  doneDeparture: { date: string; time: string };
  doneRefund: { amount: string };
}>({
  rules: {
    id: 'tickets.change.rules',
    defaultMessage:
      'Kurs biletu możesz zmienić tylko raz, najpóźniej {minutes} minut przed odjazdem, na inny kurs tej samej linii między tymi samymi przystankami. Jeśli nowy kurs jest tańszy, zwrócimy różnicę. Dopłaty do droższego kursu nie można jeszcze zapłacić online.',
    description: 'The rules of a change of course, shown before anything is chosen',
  },
  reasonTooLate: {
    id: 'tickets.change.reason.tooLate',
    defaultMessage: 'Kurs można zmienić najpóźniej {minutes} minut przed odjazdem. Na zmianę tego biletu jest już za późno.',
    description: 'Why the course cannot be changed: the cutoff before departure has passed',
  },
  course: {
    id: 'tickets.change.course',
    defaultMessage: '{date}, odjazd {time}, przyjazd {arrival}',
    description: 'One course to change to: its date, departure and arrival time',
  },
  seats: {
    id: 'tickets.change.seats',
    defaultMessage: '{count, plural, one {# wolne miejsce} few {# wolne miejsca} other {# wolnych miejsc}}',
    description: 'Free seats of a course to change to',
  },
  more: {
    id: 'tickets.change.more',
    defaultMessage: '{count, plural, one {Pokaż jeszcze # kurs} few {Pokaż jeszcze # kursy} other {Pokaż jeszcze # kursów}}',
    description: 'Button: show the later courses of the list',
  },
  refund: { id: 'tickets.change.refund', defaultMessage: 'zwrot {amount}', description: 'Option: cheaper by amount' },
  surcharge: {
    id: 'tickets.change.surcharge',
    defaultMessage: 'dopłata {amount}',
    description: 'Option: dearer by amount',
  },
  refundLong: {
    id: 'tickets.change.refundLong',
    defaultMessage: 'Zwrócimy Ci {amount}',
    description: 'Confirmation: the new course is cheaper by amount',
  },
  dearer: {
    id: 'tickets.change.dearer',
    defaultMessage:
      'Ten kurs jest droższy o {amount}. Dopłaty nie można jeszcze zapłacić online: aby zmienić bilet na ten kurs, skontaktuj się z przewoźnikiem. Możesz też wybrać kurs bez dopłaty.',
    description: 'Choosing a dearer course: the difference cannot be paid online yet',
  },
  question: {
    id: 'tickets.change.question',
    defaultMessage: 'Czy zmienić kurs biletu {number}?',
    description: 'Heading of the confirmation',
  },
  at: { id: 'tickets.change.at', defaultMessage: '{date}, {time} – {stop}', description: 'A course: date, time and stop' },
  doneDeparture: {
    id: 'tickets.change.doneDeparture',
    defaultMessage: 'Nowy odjazd: {date}, {time}.',
    description: 'Success: the new departure',
  },
  doneRefund: {
    id: 'tickets.change.doneRefund',
    defaultMessage: 'Różnicę w cenie, {amount}, zwrócimy tak jak zwrot biletu.',
    description: 'Success: the cheaper course’s difference is refunded',
  },
});

/** The option's price difference in a few words: "zwrot 3,00 zł", "dopłata 5,00 zł", "bez dopłaty". */
function differenceLabel(intl: IntlShape, format: Formatters, difference: number): string {
  if (difference < 0) return intl.formatMessage(valueMessages.refund, { amount: format.money(-difference) });
  if (difference > 0) return intl.formatMessage(valueMessages.surcharge, { amount: format.money(difference) });
  return intl.formatMessage(messages.noDifference);
}

/** How many options must show so that the chosen one is among them. */
function shownUpTo(options: ChangeOption[], chosenId: string | null): number {
  return options.findIndex((option) => option.course_id === chosenId) + 1;
}

function reasonText(intl: IntlShape, options: ChangeOptions): string {
  switch (options.reason) {
    case 'already_changed':
      return intl.formatMessage(messages.reasonAlreadyChanged);
    case 'ticket_returned':
      return intl.formatMessage(messages.reasonReturned);
    case 'not_paid':
      return intl.formatMessage(messages.reasonNotPaid);
    case 'used':
      return intl.formatMessage(messages.reasonUsed);
    case 'too_late':
      return intl.formatMessage(valueMessages.reasonTooLate, { minutes: options.cutoff_minutes });
    default:
      return intl.formatMessage(messages.reasonOther);
  }
}

type Step = 'rules' | 'choosing' | 'confirming';

/** Courses shown before "more": the soonest are the likely ones, and a phone's page stays short. */
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
    if (chosen.price_difference > 0) {
      setChoiceError(intl.formatMessage(valueMessages.dearer, { amount: format.money(chosen.price_difference) }));
      return;
    }
    setChoiceError(null);
    setStep('confirming');
  }

  function confirm(option: ChangeOption) {
    change.mutate(
      { number: ticket.number, course_id: option.course_id },
      {
        // Runs once the ticket and its options were read again (see useChangeCourse).
        onSuccess: (answer) => setDone(answer),
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
  if (done) {
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
                {(showAll ? data.options : data.options.slice(0, Math.max(FIRST_OPTIONS, shownUpTo(data.options, chosenId)))).map((option) => (
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
              {!showAll && data.options.length > FIRST_OPTIONS ? (
                <Button variant="secondary" onClick={() => setShowAll(true)}>
                  {intl.formatMessage(valueMessages.more, { count: data.options.length - FIRST_OPTIONS })}
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
              {intl.formatMessage(valueMessages.question, { number: ticket.number })}
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
                    : intl.formatMessage(messages.noDifferenceLong)}
                </dd>
              </div>
            </dl>
            <p>{intl.formatMessage(messages.onceOnly)}</p>
            <div className="change-course__actions">
              <Button onClick={() => confirm(chosen)} disabled={change.isPending}>
                {intl.formatMessage(messages.confirm)}
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
