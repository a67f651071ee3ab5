// The choice of a passenger of a cancelled or late course: another course (one of the alternatives,
// at no extra cost) or the full refund. Each is one tap, then a confirmation that says what will
// happen; the server's refusals are said here by their code.
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import { useChooseDisruption, type PassengerChoice } from '../api/choose-disruption';
import type { DisruptionOffer } from '../api/get-disruption-offer';
import { choiceRefusal } from '../utils/choice-refusal';

import { texts, values } from './disruption-messages';

export function DisruptionChoice({ token, offer }: { token: string; offer: DisruptionOffer }) {
  const intl = useIntl();
  const id = useId();
  const { date, time, money } = useFormatters();
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
    return (
      <Confirmation
        text={text}
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
      {offer.deadline ? <p>{intl.formatMessage(values.deadline, { date: date(offer.deadline, 'full'), time: time(offer.deadline) })}</p> : null}
      {choose.isError ? (
        <p role="alert" className="disruption__error">
          {choiceRefusal(intl, choose.error)}
        </p>
      ) : null}
      <div className="disruption__option">
        <h3>{intl.formatMessage(texts.moveTitle)}</h3>
        {offer.alternatives.length === 0 ? (
          <p>{intl.formatMessage(texts.noAlternatives)}</p>
        ) : (
          <>
            <fieldset className="disruption__courses">
              <legend>{intl.formatMessage(texts.moveLegend)}</legend>
              {offer.alternatives.map((course) => (
                <label key={course.course_id} className="disruption__course">
                  <input type="radio" name={`${id}-course`} value={course.course_id} checked={toCourse === course.course_id} onChange={() => setToCourse(course.course_id)} />
                  {intl.formatMessage(values.alternative, {
                    date: date(course.departure_at, 'full'),
                    departure: time(course.departure_at),
                    arrival: time(course.arrival_at),
                    seats: course.seats_available,
                  })}
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
        <Button variant="secondary" onClick={() => setConfirming({ choice: 'refund' })}>
          {intl.formatMessage(texts.refund)}
        </Button>
      </div>
    </section>
  );
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
