// The KSeF deadline alert: documents KSeF does not hold yet (offline, or held back: a refused token, a
// rejection…) whose legal deadline to reach it, extended by KSeF's announced outages, falls within one
// working day (`GET /order/order-invoice/ksef-deadlines`, the rule the daily report names them by too),
// each with why it is stuck. Nothing is shown while there are none, or when the answer cannot be read (the
// list below still shows each document's deadline).
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { INVOICES } from '../api/invoices';
import { KSEF_DEADLINES_KEY } from '../api/ksef-outages';
import { useAdminHref } from '../lib/admin-path';
import { ksefDeadlineTexts, ksefDeadlineValues, ksefStuckTexts } from '../messages/ksef-messages';

type KsefDeadlines = ApiSchema<'KsefDeadlines'>;

function ksefDeadlinesQuery() {
  return {
    queryKey: KSEF_DEADLINES_KEY,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      dataOf<KsefDeadlines>(await apiClient.get(`${INVOICES}/ksef-deadlines`, { signal, toast: false })),
    staleTime: 60_000,
    retry: false,
  };
}

/** The banner: each near document with its deadline (overdue ones say so), linked to its page. */
export function KsefDeadlineAlert() {
  const intl = useIntl();
  const { day } = useFormatters();
  const href = useAdminHref();
  const query = useQuery(ksefDeadlinesQuery());
  const documents = query.data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <div role="alert" className="admin-ksef-rejected admin-ksef-deadlines">
      <p>
        <strong>{intl.formatMessage(ksefDeadlineTexts.title)}</strong>
      </p>
      <ul>
        {documents.map((doc) => {
          const date = day(doc.deadline, 'short');
          const number = doc.id ? <Link to={href(`order/invoice/${doc.id}`)}>{doc.number}</Link> : doc.number;
          const line = doc.overdue ? ksefDeadlineValues.overdue : ksefDeadlineValues.due;
          const why = doc.why in ksefStuckTexts ? intl.formatMessage(ksefStuckTexts[doc.why as keyof typeof ksefStuckTexts]) : doc.why;
          return (
            <li key={doc.number}>
              {number} <span>{intl.formatMessage(line, { date })}</span> <span>{doc.detail ? intl.formatMessage(ksefDeadlineValues.whyDetail, { why, detail: doc.detail }) : intl.formatMessage(ksefDeadlineValues.why, { why })}</span>
            </li>
          );
        })}
      </ul>
      {query.data?.more ? <p>{intl.formatMessage(ksefDeadlineTexts.more)}</p> : null}
      <p>{intl.formatMessage(ksefDeadlineTexts.what)}</p>
    </div>
  );
}
