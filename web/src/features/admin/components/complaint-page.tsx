// `/admin/complaint/complaint/{id}`: one complaint: what the customer wrote and attached, how it came
// (online, or filed by the office for a passenger who phoned, wrote or came to the desk), its deadlines
// as days (28.02.2027) and days left, the carrier's response (under consideration, accepted, rejected;
// accepting and rejecting each asked first, as the customer is e-mailed at once and the decision is
// final) and the final answer written here and e-mailed; beside it the order it is about and that
// order's history (the order timeline). Also the list's cells: the state, how it came, the days left.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useDayFormat } from '@/i18n/day-format';
import { isApiError } from '@/shared/api/api-error';
import { ComplaintAnswerInput } from '@/shared/api/limits.gen';
import { formatDisplayText } from '@/shared/lib/display-text';
import { DocumentLink } from '@/shared/ui/document-link';
import { complaintViaTexts, complaintViaValues, wordsFor } from '@/shared/ui/status-words';

import { oneQuery } from '../api/admin-data';
import { attachmentUrl, COMPLAINTS, useComplaintStep, type ComplaintDetails, type ComplaintStep } from '../api/complaints';
import { adminServerText } from '../lib/admin-errors';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';
import { complaintStateTexts, complaintTexts, complaintValues } from '../messages/complaint-messages';

import { AdminPage } from './admin-page';
import { ConfirmDialog } from './confirm-dialog';
import { LoadFailed } from './load-failed';
import { Facts, Section } from './order-section';
import { OrderTimeline } from './order-timeline';

export function ComplaintState({ state }: { state: string }) {
  const intl = useIntl();
  const label = Object.entries(complaintStateTexts).find(([key]) => key === state)?.[1];
  return <>{label ? intl.formatMessage(label) : state}</>;
}

/** How the complaint came: "Zgłoszona przez biuro (telefon)", or online. */
export function ComplaintVia({ via }: { via: string | null | undefined }) {
  const intl = useIntl();
  if (!via) return <>{intl.formatMessage(complaintTexts.online)}</>;
  const words = wordsFor(complaintViaTexts, via);
  return <>{intl.formatMessage(complaintViaValues.filedByOffice, { via: words ? intl.formatMessage(words) : via })}</>;
}

/** A moment as the complaints show it: its Warsaw day and time (28.02.2027, 14:05). */
export function ComplaintMoment({ at }: { at: string | null | undefined }) {
  const intl = useIntl();
  const { dayTime } = useDayFormat();
  return <>{at ? dayTime(at) : intl.formatMessage(common.none)}</>;
}

/** Days to the open deadline; overdue ones said so; none once answered. */
export function DaysLeft({ days }: { days: number | null | undefined }) {
  const intl = useIntl();
  if (days === null || days === undefined) return <>{intl.formatMessage(common.none)}</>;
  return days < 0 ? <strong>{intl.formatMessage(complaintValues.overdue, { days })}</strong> : <>{days}</>;
}

/** A refused step, in the panel's words from the one table of codes; anything else (the network, a
 * code the table does not know) as a failed save. */
function refusal(intl: ReturnType<typeof useIntl>, failure: unknown): string {
  const known = isApiError(failure) ? adminServerText(failure) : null;
  return known ? formatDisplayText(intl, known) : intl.formatMessage(complaintTexts.failed);
}

/** The decisions asked first: each e-mails the customer at once and cannot be changed. */
type Decision = Extract<ComplaintStep, 'accept' | 'reject'>;

function DecisionDialog({ decision, onConfirm, onCancel }: { decision: Decision; onConfirm: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const accept = decision === 'accept';
  return (
    <ConfirmDialog
      title={intl.formatMessage(accept ? complaintTexts.acceptTitle : complaintTexts.rejectTitle)}
      text={intl.formatMessage(accept ? complaintTexts.acceptText : complaintTexts.rejectText)}
      confirmLabel={intl.formatMessage(accept ? complaintTexts.accept : complaintTexts.reject)}
      cancelLabel={intl.formatMessage(complaintTexts.back)}
      tone={accept ? 'primary' : 'danger'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function Steps({ complaint }: { complaint: ComplaintDetails }) {
  const intl = useIntl();
  const mutation = useComplaintStep(complaint.id);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Decision | null>(null);
  const take = (step: ComplaintStep, text?: string) => {
    setError(null);
    mutation.mutate({ step, text }, { onError: (failure) => setError(refusal(intl, failure)) });
  };
  const decided = complaint.state === 'accepted' || complaint.state === 'rejected';
  if (complaint.state === 'answered') {
    return (
      <Section title={intl.formatMessage(complaintTexts.answered)}>
        <p className="admin-wrap complaint-answer">{complaint.answer}</p>
      </Section>
    );
  }
  return (
    <Section title={intl.formatMessage(complaintTexts.response)}>
      {decided ? null : (
        <p className="admin-list-actions">
          {complaint.state === 'received' ? (
            <button type="button" className="button button--secondary" disabled={mutation.isPending} onClick={() => take('acknowledge')}>
              {intl.formatMessage(complaintTexts.acknowledge)}
            </button>
          ) : null}
          <button type="button" className="button" disabled={mutation.isPending} onClick={() => setAsking('accept')}>
            {intl.formatMessage(complaintTexts.accept)}
          </button>
          <button type="button" className="button button--secondary" disabled={mutation.isPending} onClick={() => setAsking('reject')}>
            {intl.formatMessage(complaintTexts.reject)}
          </button>
        </p>
      )}
      {asking ? (
        <DecisionDialog
          decision={asking}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            take(asking);
          }}
        />
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          take('answer', answer);
        }}
      >
        <div className="form-field">
          <label htmlFor="complaint-answer" className="form-field__label">
            {intl.formatMessage(complaintTexts.answer)}
          </label>
          <textarea
            id="complaint-answer"
            className="form-field__input"
            rows={6}
            maxLength={ComplaintAnswerInput.text.maxLength}
            aria-describedby="complaint-answer-hint"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <p id="complaint-answer-hint" className="form-field__hint">
            {intl.formatMessage(complaintTexts.answerHint)}
          </p>
        </div>
        <button type="submit" className="button" disabled={mutation.isPending || !decided}>
          {intl.formatMessage(complaintTexts.send)}
        </button>
      </form>
      {error ? (
        <p role="alert" className="form-field__error">
          {error}
        </p>
      ) : null}
    </Section>
  );
}

export function ComplaintPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const href = useAdminHref();
  const query = useQuery(oneQuery<ComplaintDetails>(COMPLAINTS, id));
  const back = (
    <Link className="button button--secondary" to={href('complaint/complaint')}>
      {intl.formatMessage(common.backToList)}
    </Link>
  );
  if (query.isPending || query.isError) {
    return (
      <AdminPage title={intl.formatMessage(query.isPending ? common.loading : common.loadFailed)} actions={back}>
        {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : <LoadFailed error={query.error} onRetry={() => void query.refetch()} />}
      </AdminPage>
    );
  }
  const complaint = query.data;
  return <ComplaintView complaint={complaint} back={back} />;
}

function ComplaintView({ complaint, back }: { complaint: ComplaintDetails; back: ReactNode }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { day } = useDayFormat();
  return (
    <AdminPage title={complaint.number} actions={back}>
      <Facts
        items={[
          [intl.formatMessage(complaintTexts.state), <ComplaintState key="state" state={complaint.state} />],
          [intl.formatMessage(complaintTexts.email), complaint.email],
          [intl.formatMessage(complaintTexts.order), complaint.order_number],
          [intl.formatMessage(complaintTexts.ticket), complaint.ticket_number],
          [intl.formatMessage(complaintTexts.filedAt), <ComplaintMoment key="filed" at={complaint.filed_at} />],
          [intl.formatMessage(complaintTexts.filedVia), <ComplaintVia key="via" via={complaint.received_via} />],
          [
            intl.formatMessage(complaintTexts.respondBy),
            <>
              {day(complaint.respond_by)} <DaysLeft days={complaint.days_to_respond} />
            </>,
          ],
          [
            intl.formatMessage(complaintTexts.answerBy),
            <>
              {day(complaint.answer_by)} <DaysLeft days={complaint.days_to_answer} />
            </>,
          ],
        ]}
      />
      <Section title={intl.formatMessage(complaintTexts.text)}>
        <p className="admin-wrap complaint-text">{complaint.text}</p>
      </Section>
      <Section title={intl.formatMessage(complaintTexts.attachments)}>
        {complaint.attachments.length === 0 ? (
          <p className="admin-note">{intl.formatMessage(complaintTexts.noAttachments)}</p>
        ) : (
          <ul className="admin-plain-list">
            {complaint.attachments.map((attachment) => (
              <li key={attachment.id}>
                <DocumentLink href={attachmentUrl(attachment.id)} filename={attachment.name}>
                  {attachment.name}
                </DocumentLink>
                <span className="admin-plain-list__detail">
                  {intl.formatMessage(complaintValues.attachment, { kind: attachment.kind, size: Math.ceil(attachment.size / 1024) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Steps complaint={complaint} />
      <Section title={intl.formatMessage(complaintTexts.orderSection)}>
        <p>
          <Link to={href(`order/order/${complaint.order_id}`)}>{intl.formatMessage(complaintTexts.openOrder)}</Link>
        </p>
      </Section>
      <OrderTimeline orderId={complaint.order_id} />
    </AdminPage>
  );
}
