// /user/complaints: the logged-in customer's complaints, newest first: those filed while logged in, and
// (the server's choice, issue 39) those filed as a guest or by the office with the account's e-mail. Each
// with its number, order, state, the day it was filed (and by the office, when it was), the days the
// carrier answers by (28.02.2027, 28 Feb 2027), and its answer once given.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useDayFormat } from '@/i18n/day-format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { Page } from '@/shared/ui/page';
import { complaintStateTexts, complaintViaTexts, complaintViaValues, wordsFor } from '@/shared/ui/status-words';

import { useMyComplaints, type Complaint } from '../api/get-my-complaints';

import './complaints.css';

const messages = defineMessages({
  title: { id: 'complaints.mine.title', defaultMessage: 'Twoje reklamacje', description: 'Heading of the customer complaints' },
  none: { id: 'complaints.mine.none', defaultMessage: 'Nie masz jeszcze reklamacji.', description: 'No complaints yet' },
  file: { id: 'complaints.mine.file', defaultMessage: 'Złóż reklamację', description: 'Link to the complaint form' },
  answer: { id: 'complaints.mine.answer', defaultMessage: 'Odpowiedź przewoźnika', description: 'Heading of the carrier answer' },
});

const valueMessages = defineMessages<{
  order: { number: string };
  answerBy: { date: string };
  heading: { number: string; state: string };
  filedAt: { date: string };
  respondBy: { date: string };
}>({
  filedAt: { id: 'complaints.mine.filedAt', defaultMessage: 'Złożona {date}', description: 'The day the complaint was filed' },
  respondBy: {
    id: 'complaints.mine.respondBy',
    defaultMessage: 'Informacja, czy ją uwzględniamy, do {date}',
    description: 'The deadline to say whether the complaint is accepted (1 month)',
  },
  heading: { id: 'complaints.mine.heading', defaultMessage: '{number} ({state})', description: 'A complaint: its number and state' },
  order: { id: 'complaints.mine.order', defaultMessage: 'Zamówienie {number}', description: 'The complaint order' },
  answerBy: {
    id: 'complaints.mine.answerBy',
    defaultMessage: 'Odpowiedź do {date}',
    description: 'The deadline of the final answer',
  },
});

function ComplaintItem({ complaint }: { complaint: Complaint }) {
  const intl = useIntl();
  const { day } = useDayFormat();
  const label = wordsFor(complaintStateTexts, complaint.state);
  const via = complaint.received_via ? wordsFor(complaintViaTexts, complaint.received_via) : null;
  const undecided = complaint.state === 'received' || complaint.state === 'acknowledged';
  return (
    <li className="complaint-list__item">
      <h2>
        {intl.formatMessage(valueMessages.heading, { number: complaint.number, state: label ? intl.formatMessage(label) : complaint.state })}
      </h2>
      <p>{intl.formatMessage(valueMessages.order, { number: complaint.ticket_number ?? complaint.order_number })}</p>
      <p>{intl.formatMessage(valueMessages.filedAt, { date: day(complaint.filed_at) })}</p>
      {complaint.received_via ? (
        <p>{intl.formatMessage(complaintViaValues.filedByOffice, { via: via ? intl.formatMessage(via) : complaint.received_via })}</p>
      ) : null}
      {undecided && !complaint.answer ? <p>{intl.formatMessage(valueMessages.respondBy, { date: day(complaint.respond_by) })}</p> : null}
      <p className="complaint-list__answer">{complaint.text}</p>
      {complaint.answer ? (
        <>
          <h3>{intl.formatMessage(messages.answer)}</h3>
          <p className="complaint-list__answer">{complaint.answer}</p>
        </>
      ) : (
        <p>{intl.formatMessage(valueMessages.answerBy, { date: day(complaint.answer_by) })}</p>
      )}
    </li>
  );
}

export function MyComplaintsPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { data, error, isPending } = useMyComplaints();
  useLoaderWhile(isPending);
  if (error) throw error;
  return (
    <Page title={intl.formatMessage(messages.title)} width="narrow">
      <p>
        <Link to={localized('/reklamacje')}>{intl.formatMessage(messages.file)}</Link>
      </p>
      {data && data.length === 0 ? <p>{intl.formatMessage(messages.none)}</p> : null}
      {data && data.length > 0 ? (
        <ul className="complaint-list">
          {data.map((complaint) => (
            <ComplaintItem key={complaint.id} complaint={complaint} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
