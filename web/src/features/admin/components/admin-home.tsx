// The panel's home page at /admin (issue 29): the day at a glance, the page an office opens first.
// What needs someone (each a count linking to the list filtered to it), today's and tomorrow's
// courses with their load, and the sales of the last 30 days as charts with their tables and CSV files.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';

import { adminHomeQuery, COMPLAINT_DAYS, type Attention } from '../api/admin-home';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';
import { attentionTexts, failedRefundValues, homeTexts } from '../messages/home-messages';

import './admin-home.css';
import { AdminPage } from './admin-page';
import { HomeCourses } from './home-courses';
import { HomeSales } from './home-sales';
import { LoadFailed } from './load-failed';

interface AttentionLine {
  key: string;
  text: MessageDescriptor;
  count: number;
  /** Below /admin, with the list's filters. */
  to: string | null;
}

/** The lines of "needs attention", each with the list it opens (`today`: the office's day in Warsaw). */
function attentionLines(a: Attention, today: string): AttentionLine[] {
  const invoices = (state: string) => `order/invoice?${new URLSearchParams({ 'filter[ksef_state][eq]': state }).toString()}`;
  return [
    // Issue 39: courses no driver marked as departed 20 minutes after their time (and announced delay):
    // the office should find out and announce a delay. The courses list of the day.
    {
      key: 'late-departures',
      text: attentionTexts.lateDepartures,
      count: a.late_departures,
      to: `course/course?${new URLSearchParams({ 'filter[date][gte]': today, 'filter[date][lte]': today }).toString()}`,
    },
    // Each refused refund is listed under the count with its own order (FailedRefunds below).
    { key: 'refunds', text: attentionTexts.failedRefunds, count: a.failed_refunds, to: null },
    // Refunds of orders paid at the desk wait there until paid out: the till lists them with "Wypłać".
    { key: 'desk-refunds', text: attentionTexts.deskRefunds, count: a.desk_refunds, to: 'till' },
    { key: 'ksef-waiting', text: attentionTexts.ksefWaiting, count: a.ksef_waiting, to: invoices('waiting') },
    { key: 'ksef-offline', text: attentionTexts.ksefOffline, count: a.ksef_offline, to: invoices('offline') },
    { key: 'ksef-rejected', text: attentionTexts.ksefRejected, count: a.ksef_rejected, to: invoices('rejected') },
    { key: 'ksef-deadlines', text: attentionTexts.ksefDeadlines, count: a.ksef_deadlines, to: invoices('offline') },
    {
      key: 'complaints',
      text: attentionTexts.complaintsDue,
      count: a.complaints_due,
      to: `complaint/complaint?${new URLSearchParams({ 'filter[days_left][lte]': String(COMPLAINT_DAYS) }).toString()}`,
    },
    // Requests about personal data not answered yet (each due within a month of receipt).
    { key: 'privacy', text: attentionTexts.privacyRequests, count: a.privacy_requests, to: 'personal-data' },
    {
      key: 'payments',
      text: attentionTexts.paymentsDue,
      count: a.payments_due,
      to: `order/order?${new URLSearchParams({ 'filter[status][eq]': 'pending_payment' }).toString()}`,
    },
  ];
}

/** The refused refunds, each a link to its own order (whose page shows the payments and the attempts). */
function FailedRefunds({ refunds }: { refunds: Attention['failed_refund_list'] }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { money } = useFormatters();
  if (refunds.length === 0) return null;
  return (
    <ul className="admin-home__refunds">
      {refunds.map((refund) => (
        <li key={refund.refund_id}>
          <Link to={href(`order/order/${refund.order_id}`)}>
            {intl.formatMessage(failedRefundValues.refund, { number: refund.order_number || refund.order_id, amount: money(refund.amount) })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AttentionSection({ attention, today }: { attention: Attention; today: string }) {
  const intl = useIntl();
  const href = useAdminHref();
  const titleId = useId();
  const lines = attentionLines(attention, today);
  const waiting = lines.filter((line) => line.count > 0);
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 className="admin-section__title" id={titleId}>
        {intl.formatMessage(homeTexts.attention)}
      </h2>
      {waiting.length === 0 ? <p className="admin-note">{intl.formatMessage(homeTexts.nothingNeeded)}</p> : null}
      <ul className="admin-home__attention">
        {lines.map((line) => {
          const count = <span className="admin-home__count">{line.count}</span>;
          const label = intl.formatMessage(line.text);
          return (
            <li key={line.key} className={line.count > 0 ? 'admin-home__attention-item admin-home__attention-item--due' : 'admin-home__attention-item'}>
              {line.to && line.count > 0 ? (
                <Link to={href(line.to)}>
                  {count} {label}
                </Link>
              ) : (
                <span>
                  {count} {label}
                </span>
              )}
              {line.key === 'refunds' ? <FailedRefunds refunds={attention.failed_refund_list} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AdminHome() {
  const intl = useIntl();
  const home = useQuery(adminHomeQuery());
  return (
    <AdminPage title={intl.formatMessage(homeTexts.title)}>
      {home.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {home.isError ? <LoadFailed error={home.error} onRetry={() => void home.refetch()} /> : null}
      {home.data ? (
        <div className="admin-home">
          <AttentionSection attention={home.data.attention} today={home.data.today} />
          <HomeCourses today={home.data.today} courses={home.data.courses} />
          <HomeSales sales={home.data.sales} today={home.data.today} />
        </div>
      ) : null}
    </AdminPage>
  );
}
