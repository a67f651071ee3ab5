// A course's page, its disruption section (issues 28, 39): the course's status (running, delayed by so
// many minutes with its expected departure, cancelled) with the reason and who announced it; "Cancel
// course" with a required reason, whole or from one of its stops onward (the course ends there);
// "Announce delay" as the departure now expected from the first stop, prefilled with the scheduled one
// (again to change it), and "the course runs on schedule" to clear it (each tells every passenger); then
// the passengers, their choices and the compensation owed (DisruptionPassengers). Each answer replaces
// what the section shows at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { CancelCourseInput, DelayInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { minutesLater } from '@/shared/lib/passenger-paths';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { cancelCourse, delayCourse, disruptionQuery, showDisruption, type Disruption } from '../api/course-disruption';
import { cancellableStops, courseLoadQuery } from '../api/course-load';
import { adminErrorToast } from '../lib/admin-errors';
import { toLocalInput, warsawLocalToIso } from '../lib/validation';
import { disruptionTexts as texts, disruptionValues as values } from '../messages/disruption-messages';

import { ConfirmDialog } from './confirm-dialog';
import { DisruptionPassengers } from './disruption-passengers';

type Course = ApiSchema<'Course'>;
type Dialog = 'cancel' | 'delay' | 'clear' | null;

const REASON_MIN = CancelCourseInput.reason.minLength;
const REASON_MAX = CancelCourseInput.reason.maxLength;
/** The latest expected departure, in minutes after the scheduled one (24 hours). */
const MINUTES_MAX = DelayInput.minutes.maximum;
const REQUIRED_MARK = ' *';

export function CourseDisruptionSection({ course }: { course: Course }) {
  const intl = useIntl();
  const titleId = useId();
  const disruption = useQuery(disruptionQuery(course.id));
  const [dialog, setDialog] = useState<Dialog>(null);
  let body;
  if (disruption.isPending) body = null;
  else if (disruption.isError) body = <p className="admin-note" role="alert">{intl.formatMessage(texts.failed)}</p>;
  else
    body = (
      <>
        <DisruptionStatus course={course} disruption={disruption.data} />
        {disruption.data.status === 'cancelled' ? null : (
          <div className="admin-section__actions">
            <Button variant="secondary" onClick={() => setDialog('delay')}>
              {intl.formatMessage(disruption.data.status === 'delayed' ? texts.delayChange : texts.delay)}
            </Button>
            {disruption.data.status === 'delayed' ? (
              <Button variant="secondary" onClick={() => setDialog('clear')}>
                {intl.formatMessage(texts.clearDelay)}
              </Button>
            ) : null}
            <Button variant="secondary" className="button--danger-outline" onClick={() => setDialog('cancel')}>
              {intl.formatMessage(texts.cancel)}
            </Button>
          </div>
        )}
        {dialog ? <DisruptionDialog kind={dialog} course={course} disruption={disruption.data} onClose={() => setDialog(null)} /> : null}
        {disruption.data.status === 'running' ? null : <DisruptionPassengers course={course} disruption={disruption.data} />}
      </>
    );
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 className="admin-section__title" id={titleId}>
        {intl.formatMessage(texts.title)}
      </h2>
      {body}
    </section>
  );
}

/** A cancellation from a stop onward: the stop's name (from the course's load), or its id until it is read. */
function CancelledFrom({ course, stopId }: { course: Course; stopId: number }) {
  const load = useQuery(courseLoadQuery(course.id));
  const stop = cancellableStops(load.data).find((candidate) => candidate.id === stopId);
  return <>{stop?.name ?? String(stopId)}</>;
}

function DisruptionStatus({ course, disruption }: { course: Course; disruption: Disruption }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const from = disruption.status === 'cancelled' ? (disruption.cancelled_from_waypoint_id ?? null) : null;
  // The server's expected departure from the first stop (a list kept from before it may lack it).
  const expected = disruption.expected_departure_at ?? (disruption.delay_minutes ? minutesLater(course.departure_at, disruption.delay_minutes) : null);
  const status =
    disruption.status === 'cancelled'
      ? intl.formatMessage(texts.cancelled)
      : disruption.status === 'delayed'
        ? intl.formatMessage(values.delayed, { minutes: disruption.delay_minutes ?? 0 })
        : intl.formatMessage(texts.running);
  return (
    <>
      <dl className="admin-facts">
        <div className="admin-facts__row">
          <dt>{intl.formatMessage(texts.status)}</dt>
          <dd className={disruption.status === 'running' ? undefined : 'admin-disruption__status'}>{status}</dd>
        </div>
        {from !== null ? (
          <div className="admin-facts__row">
            <dt>{intl.formatMessage(texts.fromStop)}</dt>
            <dd>
              <CancelledFrom course={course} stopId={from} />
            </dd>
          </div>
        ) : null}
        {disruption.status === 'delayed' && disruption.delay_minutes && expected ? (
          <div className="admin-facts__row">
            <dt>{intl.formatMessage(texts.expectedAt)}</dt>
            <dd>{dateTime(expected)}</dd>
          </div>
        ) : null}
        {disruption.reason ? (
          <div className="admin-facts__row">
            <dt>{intl.formatMessage(texts.reason)}</dt>
            <dd>{disruption.reason}</dd>
          </div>
        ) : null}
        {disruption.changed_at ? (
          <div className="admin-facts__row">
            <dt>{intl.formatMessage(texts.changedAt)}</dt>
            <dd>{intl.formatMessage(values.announced, { at: dateTime(disruption.changed_at), by: disruption.changed_by ?? '' })}</dd>
          </div>
        ) : null}
      </dl>
      {disruption.choice_offered ? <p className="admin-note">{intl.formatMessage(texts.choiceOffered)}</p> : null}
    </>
  );
}

/** Minutes from the scheduled departure to a typed expected one (`null` when none is typed). */
function delayOf(course: Course, expected: string): number | null {
  const iso = warsawLocalToIso(expected);
  return iso ? Math.round((Date.parse(iso) - Date.parse(course.departure_at)) / 60_000) : null;
}

/** Cancel (a required reason, whole or from a stop), announce or change a delay (the expected departure
 * and a reason), or clear it (the scheduled departure). */
function DisruptionDialog({ kind, course, disruption, onClose }: { kind: Exclude<Dialog, null>; course: Course; disruption: Disruption; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(kind === 'delay' ? (disruption.reason ?? '') : '');
  const [expected, setExpected] = useState(() => (kind === 'delay' ? toLocalInput(minutesLater(course.departure_at, disruption.delay_minutes ?? 0)) : ''));
  const [fromStop, setFromStop] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const change = useMutation({
    mutationFn: () => {
      if (kind === 'cancel') return cancelCourse(disruption.course_id, reason.trim(), fromStop === '' ? null : Number(fromStop));
      // The scheduled departure clears the delay.
      if (kind === 'clear') return delayCourse(disruption.course_id, new Date(course.departure_at).toISOString(), '');
      return delayCourse(disruption.course_id, warsawLocalToIso(expected) ?? '', reason.trim());
    },
    onSuccess: async (answer) => {
      showToast({ type: 'success', message: kind === 'cancel' ? texts.cancelledDone : kind === 'clear' ? texts.clearDone : texts.delayDone });
      onClose();
      await showDisruption(queryClient, answer);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  const confirm = () => {
    const minutes = delayOf(course, expected);
    if (kind === 'delay' && (minutes === null || minutes < 1 || minutes > MINUTES_MAX)) return setProblem('expected');
    if (kind !== 'clear' && reason.trim().length < REASON_MIN) return setProblem('reason');
    change.mutate();
  };
  const [title, text, confirmLabel] =
    kind === 'cancel'
      ? [texts.cancelTitle, texts.cancelText, texts.cancelConfirm]
      : kind === 'delay'
        ? [texts.delayTitle, texts.delayText, texts.delayConfirm]
        : [texts.clearTitle, texts.clearText, texts.clearConfirm];
  return (
    <ConfirmDialog
      title={intl.formatMessage(title)}
      text={intl.formatMessage(text)}
      confirmLabel={intl.formatMessage(confirmLabel)}
      cancelLabel={intl.formatMessage(texts.back)}
      tone={kind === 'cancel' ? 'danger' : 'primary'}
      confirmDisabled={change.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {kind === 'cancel' ? <FromStopField course={course} value={fromStop} onChange={setFromStop} /> : null}
      {kind === 'delay' ? (
        <ExpectedField
          course={course}
          value={expected}
          invalid={problem === 'expected'}
          onChange={(value) => {
            setExpected(value);
            setProblem(null);
          }}
        />
      ) : null}
      {kind === 'clear' ? null : (
        <ReasonField
          value={reason}
          invalid={problem === 'reason'}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
        />
      )}
      {problem ? (
        <p id={ERROR_ID} className="form-field__error">
          {intl.formatMessage(problem === 'reason' ? texts.reasonRequired : texts.expectedInvalid)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

type Problem = 'reason' | 'expected' | null;

/** The dialog's one error line (one dialog is open at a time). */
const ERROR_ID = 'course-disruption-error';

/** "From stop": the whole course, or one of its stops but the last (the course ends there). The stops
 * are the course's own (its seat inventory's, read with its load). */
function FromStopField({ course, value, onChange }: { course: Course; value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const load = useQuery(courseLoadQuery(course.id));
  const stops = cancellableStops(load.data);
  return (
    <div className="form-field">
      <label htmlFor={`${id}-from`} className="form-field__label">
        {intl.formatMessage(texts.fromStop)}
      </label>
      <select id={`${id}-from`} className="form-field__input" value={value} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)}>
        <option value="">{intl.formatMessage(texts.wholeCourse)}</option>
        {stops.map((stop) => (
          <option key={stop.id} value={String(stop.id)}>
            {stop.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="form-field__hint">
        {intl.formatMessage(texts.fromStopHint)}
      </p>
    </div>
  );
}

/** The departure now expected from the first stop (Warsaw time), with the scheduled one and the delay it gives. */
function ExpectedField({ course, value, invalid, onChange }: { course: Course; value: string; invalid: boolean; onChange: (value: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const { dateTime } = useFormatters();
  const minutes = delayOf(course, value);
  return (
    <div className="form-field">
      <label htmlFor={`${id}-expected`} className="form-field__label">
        {intl.formatMessage(texts.delayExpected)}
        <span aria-hidden="true">{REQUIRED_MARK}</span>
      </label>
      <input
        id={`${id}-expected`}
        type="datetime-local"
        className="form-field__input"
        value={value}
        min={toLocalInput(course.departure_at)}
        max={toLocalInput(minutesLater(course.departure_at, MINUTES_MAX))}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint ${ERROR_ID}` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        <span>{intl.formatMessage(values.scheduled, { at: dateTime(course.departure_at) })}</span>
        {minutes !== null && minutes > 0 && minutes <= MINUTES_MAX ? (
          <>
            <br />
            <span>{intl.formatMessage(values.delayOf, { minutes })}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** The reason the passengers read. */
function ReasonField({ value, invalid, onChange }: { value: string; invalid: boolean; onChange: (value: string) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={`${id}-reason`} className="form-field__label">
        {intl.formatMessage(texts.reason)}
        <span aria-hidden="true">{REQUIRED_MARK}</span>
      </label>
      <textarea
        id={`${id}-reason`}
        className="form-field__input admin-textarea"
        value={value}
        maxLength={REASON_MAX}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? ERROR_ID : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
