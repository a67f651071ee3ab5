// The choice of a passenger of a cancelled or late course: another course (one of the alternatives, of
// any line serving the same two stops, at no extra cost; one late too says its expected time) or the
// full refund (the return tickets too when they lose their purpose). "Inny termin" shows the courses
// from a later day the passenger picks (the disrupted journey's day until then). Each is one tap, then a
// confirmation that says what will happen; the server's refusals are said here by their code. The
// choice is open until its deadline: without it a cancellation is refunded in full, a late course's
// tickets stay valid (a delay is never refunded unasked).
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

import { useFormatters, warsawDate, type Formatters } from '@/i18n/format';
import { minutesLater, shortDateTime } from '@/shared/lib/passenger-paths';
import { Button } from '@/shared/ui/button';

import { useChooseDisruption, type PassengerChoice } from '../api/choose-disruption';
import type { DisruptionAlternative, DisruptionOffer } from '../api/get-disruption-offer';
import { choiceRefusal } from '../utils/choice-refusal';

import { texts, values } from './disruption-messages';

interface ChoiceProps {
  token: string;
  offer: DisruptionOffer;
  /** The day the alternatives start from (`null`: the journey's day) and its change. */
  date: string | null;
  onDate: (date: string | null) => void;
  /** Another day's alternatives are loading (the list shown is the previous day's). */
  loadingDay: boolean;
}

export function DisruptionChoice({ token, offer, date: fromDay, onDate, loadingDay }: ChoiceProps) {
  const intl = useIntl();
  const id = useId();
  const format = useFormatters();
  const { date, time, money } = format;
  const choose = useChooseDisruption(token);
  const [toCourse, setToCourse] = useState('');
  const [confirming, setConfirming] = useState<PassengerChoice | null>(null);
  const chosenCourse = offer.alternatives.find((course) => course.course_id === toCourse);
  const amount = money(offer.refund_amount);

  if (confirming) {
    const text =
      confirming.choice === 'move' && chosenCourse
        ? intl.formatMessage(values.confirmMove, { tickets: offer.tickets, date: date(chosenCourse.departure_at, 'full'), time: time(chosenCourse.departure_at) })
        : intl.formatMessage(values.confirmRefund, { amount });
    const returnToo = confirming.choice === 'refund' && offer.includes_return ? ` ${intl.formatMessage(texts.includesReturn)}` : '';
    return (
      <Confirmation
        text={`${text}${returnToo}`}
        pending={choose.isPending}
        onConfirm={() => choose.mutate(confirming, { onError: () => setConfirming(null) })}
        onBack={() => setConfirming(null)}
      />
    );
  }
  return (
    <section className="disruption__choice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(texts.chooseTitle)}</h2>
      <p>{intl.formatMessage(texts.chooseLead)}</p>
      {offer.deadline ? (
        <>
          <p className="disruption__deadline">{intl.formatMessage(values.deadlineUntil, { date: shortDateTime(format, offer.deadline) })}</p>
          <p>{intl.formatMessage(offer.status === 'cancelled' ? texts.noChoiceRefund : texts.noChoiceTravel)}</p>
        </>
      ) : null}
      {choose.isError ? (
        <p role="alert" className="disruption__error">
          {choiceRefusal(intl, choose.error)}
        </p>
      ) : null}
      <div className="disruption__option">
        <h3>{intl.formatMessage(texts.moveTitle)}</h3>
        <OtherDay id={`${id}-day`} journeyDay={warsawDate(new Date(offer.course.departure_at))} date={fromDay} onDate={onDate} />
        {loadingDay ? (
          <p role="status" className="disruption__hint">
            {intl.formatMessage(texts.loadingDay)}
          </p>
        ) : null}
        {offer.alternatives.length === 0 ? (
          <p>{intl.formatMessage(fromDay ? texts.noAlternativesDay : texts.noAlternatives)}</p>
        ) : (
          <>
            <fieldset className="disruption__courses" aria-busy={loadingDay}>
              <legend>{intl.formatMessage(texts.moveLegend)}</legend>
              {offer.alternatives.map((course) => (
                <label key={course.course_id} className="disruption__course">
                  <input type="radio" name={`${id}-course`} value={course.course_id} checked={toCourse === course.course_id} onChange={() => setToCourse(course.course_id)} />
                  {alternativeLabel(intl, format, course)}
                </label>
              ))}
            </fieldset>
            {/* The move needs its course: until one is chosen the button says so. */}
            <Button disabled={!chosenCourse} aria-describedby={chosenCourse ? undefined : `${id}-needs`} onClick={() => setConfirming({ choice: 'move', toCourseId: toCourse })}>
              {intl.formatMessage(texts.move)}
            </Button>
            {chosenCourse ? null : (
              <p id={`${id}-needs`} className="disruption__hint">
                {intl.formatMessage(texts.moveNeedsCourse)}
              </p>
            )}
          </>
        )}
      </div>
      <div className="disruption__option">
        <h3>{intl.formatMessage(texts.refundTitle)}</h3>
        <p>{intl.formatMessage(values.refundLead, { amount })}</p>
        {offer.includes_return ? <p>{intl.formatMessage(texts.includesReturn)}</p> : null}
        <Button variant="secondary" onClick={() => setConfirming({ choice: 'refund' })}>
          {intl.formatMessage(texts.refund)}
        </Button>
      </div>
    </section>
  );
}

/** "Inny termin": the day from which the alternatives are shown; from today on (a cleared field goes
 * back to the journey's day). */
function OtherDay({ id, journeyDay, date, onDate }: { id: string; journeyDay: string; date: string | null; onDate: (date: string | null) => void }) {
  const intl = useIntl();
  const today = warsawDate();
  return (
    <div className="form-field disruption__day">
      <label htmlFor={id} className="form-field__label">
        {intl.formatMessage(texts.otherDay)}
      </label>
      <input
        id={id}
        type="date"
        className="form-field__input"
        min={today}
        value={date ?? (journeyDay < today ? today : journeyDay)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const day = event.target.value;
          if (!day) onDate(null);
          else if (/^\d{4}-\d{2}-\d{2}$/.test(day) && day >= today) onDate(day);
        }}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {intl.formatMessage(texts.otherDayHint)}
      </p>
    </div>
  );
}

/** Another course: its line, day and times (a late one's expected departure too) and its free seats. */
function alternativeLabel(intl: IntlShape, format: Formatters, course: DisruptionAlternative): string {
  const late = course.delay_minutes ?? 0;
  const departure =
    late > 0
      ? intl.formatMessage(values.alternativeLate, { time: format.time(course.departure_at), minutes: late, expected: format.time(minutesLater(course.departure_at, late)) })
      : format.time(course.departure_at);
  return intl.formatMessage(values.alternativeRoute, {
    route: course.route_name,
    date: format.date(course.departure_at, 'full'),
    departure,
    arrival: format.time(course.arrival_at),
    seats: course.seats_available,
  });
}

/** What the choice will do, and the one button that does it (the focus moves here). */
function Confirmation({ text, pending, onConfirm, onBack }: { text: string; pending: boolean; onConfirm: () => void; onBack: () => void }) {
  const intl = useIntl();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="disruption__confirm" role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {intl.formatMessage(texts.confirmTitle)}
      </h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="disruption__actions">
        <Button disabled={pending} onClick={onConfirm}>
          {intl.formatMessage(texts.confirm)}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onBack}>
          {intl.formatMessage(texts.back)}
        </Button>
      </div>
    </section>
  );
}
