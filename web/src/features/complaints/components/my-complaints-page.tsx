// /user/complaints: the logged-in customer's complaints (those filed while logged in), newest first:
// each with its number, order, state, the days the carrier answers by, and its answer once given.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { Page } from '@/shared/ui/page';
import { complaintStateTexts, wordsFor } from '@/shared/ui/status-words';

import { useMyComplaints, type Complaint } from '../api/get-my-complaints';

import './complaints.css';

const messages = defineMessages({
  title: { id: 'complaints.mine.title', defaultMessage: 'Twoje reklamacje', description: 'Heading of the customer complaints' },
  none: { id: 'complaints.mine.none', defaultMessage: 'Nie masz jeszcze reklamacji.', description: 'No complaints yet' },
  file: { id: 'complaints.mine.file', defaultMessage: 'Złóż reklamację', description: 'Link to the complaint form' },
  answer: { id: 'complaints.mine.answer', defaultMessage: 'Odpowiedź przewoźnika', description: 'Heading of the carrier answer' },
});

const valueMessages = defineMessages<{ order: { number: string }; answerBy: { date: string }; heading: { number: string; state: string } }>({
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
  const label = wordsFor(complaintStateTexts, complaint.state);
  return (
    <li className="complaint-list__item">
      <h2>
        {intl.formatMessage(valueMessages.heading, { number: complaint.number, state: label ? intl.formatMessage(label) : complaint.state })}
      </h2>
      <p>{intl.formatMessage(valueMessages.order, { number: complaint.ticket_number ?? complaint.order_number })}</p>
      <p className="complaint-list__answer">{complaint.text}</p>
      {complaint.answer ? (
        <>
          <h3>{intl.formatMessage(messages.answer)}</h3>
          <p className="complaint-list__answer">{complaint.answer}</p>
        </>
      ) : (
        <p>{intl.formatMessage(valueMessages.answerBy, { date: complaint.answer_by })}</p>
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
