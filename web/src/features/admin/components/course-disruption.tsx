// A course's page, its disruption section (issue 28): the course's status (running, delayed by so many
// minutes, cancelled) with the reason and who announced it; "Cancel course" with a required reason;
// "Announce delay" with the minutes and a reason (again to change it, and "clear"); then the passengers
// and their choices (DisruptionPassengers). Each answer replaces what the section shows at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { CancelCourseInput, DelayInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { cancelCourse, delayCourse, disruptionQuery, showDisruption, type Disruption } from '../api/course-disruption';
import { adminErrorToast } from '../lib/admin-errors';
import { disruptionTexts as texts, disruptionValues as values } from '../messages/disruption-messages';

import { ConfirmDialog } from './confirm-dialog';
import { DisruptionPassengers } from './disruption-passengers';

type Course = ApiSchema<'Course'>;
type Dialog = 'cancel' | 'delay' | 'clear' | null;

const REASON_MIN = CancelCourseInput.reason.minLength;
const REASON_MAX = CancelCourseInput.reason.maxLength;
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
        <DisruptionStatus disruption={disruption.data} />
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
        {dialog ? <DisruptionDialog kind={dialog} disruption={disruption.data} onClose={() => setDialog(null)} /> : null}
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

function DisruptionStatus({ disruption }: { disruption: Disruption }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
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

/** Cancel (a required reason), announce or change a delay (minutes and reason), or clear it. */
function DisruptionDialog({ kind, disruption, onClose }: { kind: Exclude<Dialog, null>; disruption: Disruption; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(kind === 'delay' ? (disruption.reason ?? '') : '');
  const [minutes, setMinutes] = useState(kind === 'delay' && disruption.delay_minutes ? String(disruption.delay_minutes) : '');
  const [problem, setProblem] = useState<'reason' | 'minutes' | null>(null);
  const change = useMutation({
    mutationFn: () =>
      kind === 'cancel'
        ? cancelCourse(disruption.course_id, reason.trim())
        : delayCourse(disruption.course_id, kind === 'clear' ? 0 : Number(minutes), kind === 'clear' ? '' : reason.trim()),
    onSuccess: async (answer) => {
      showToast({ type: 'success', message: kind === 'cancel' ? texts.cancelledDone : kind === 'clear' ? texts.clearDone : texts.delayDone });
      onClose();
      await showDisruption(queryClient, answer);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  const confirm = () => {
    const count = Number(minutes);
    if (kind === 'delay' && (!/^\d+$/.test(minutes.trim()) || count < 1 || count > MINUTES_MAX)) return setProblem('minutes');
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
      <DialogFields
        kind={kind}
        minutes={minutes}
        reason={reason}
        problem={problem}
        onMinutes={(value) => {
          setMinutes(value);
          setProblem(null);
        }}
        onReason={(value) => {
          setReason(value);
          setProblem(null);
        }}
      />
    </ConfirmDialog>
  );
}

interface DialogFieldsProps {
  kind: Exclude<Dialog, null>;
  minutes: string;
  reason: string;
  problem: 'reason' | 'minutes' | null;
  onMinutes: (value: string) => void;
  onReason: (value: string) => void;
}

/** The dialog's fields: the minutes of a delay, the reason of a delay or a cancellation, and what is wrong. */
function DialogFields({ kind, minutes, reason, problem, onMinutes, onReason }: DialogFieldsProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <>
      {kind === 'delay' ? (
        <div className="form-field">
          <label htmlFor={`${id}-minutes`} className="form-field__label">
            {intl.formatMessage(texts.delayMinutes)}
            <span aria-hidden="true">{REQUIRED_MARK}</span>
          </label>
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MINUTES_MAX}
            className="form-field__input"
            value={minutes}
            aria-required="true"
            aria-invalid={problem === 'minutes' || undefined}
            aria-describedby={problem === 'minutes' ? `${id}-error` : undefined}
            onChange={(event) => onMinutes(event.target.value)}
          />
        </div>
      ) : null}
      {kind === 'clear' ? null : (
        <div className="form-field">
          <label htmlFor={`${id}-reason`} className="form-field__label">
            {intl.formatMessage(texts.reason)}
            <span aria-hidden="true">{REQUIRED_MARK}</span>
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-field__input admin-textarea"
            value={reason}
            maxLength={REASON_MAX}
            aria-required="true"
            aria-invalid={problem === 'reason' || undefined}
            aria-describedby={problem === 'reason' ? `${id}-error` : undefined}
            onChange={(event) => onReason(event.target.value)}
          />
        </div>
      )}
      {problem ? (
        <p id={`${id}-error`} className="form-field__error">
          {intl.formatMessage(problem === 'reason' ? texts.reasonRequired : texts.minutesInvalid)}
        </p>
      ) : null}
    </>
  );
}
