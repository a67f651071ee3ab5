// A course's page, its passenger list: every ticket the course carries, with its passenger, stretch,
// order (a link to the order's page) and state, and how many passengers that makes: a returned ticket
// (returned, or its order cancelled) stays listed but is no passenger; a ticket moved to another course
// is listed there, not here.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';

import { isApiError } from '@/shared/api/api-error';

import { coursePassengersQuery, travels, type PassengerState } from '../api/course-passengers';
import { useAdminHref } from '../lib/admin-path';
import { coursePassengerTexts as texts, coursePassengerValues as values } from '../messages/course-passenger-messages';

import { CellValue } from './cell-value';
import { TableScroll } from './table-scroll';

const STATES: Record<PassengerState, MessageDescriptor> = {
  valid: texts.valid,
  used: texts.used,
  returned: texts.returned,
  cancelled: texts.cancelled,
};

export function CoursePassengersSection({ courseId }: { courseId: string }) {
  const intl = useIntl();
  const titleId = useId();
  const href = useAdminHref();
  const passengers = useQuery(coursePassengersQuery(courseId));
  const title = intl.formatMessage(texts.title);
  let body;
  if (passengers.isPending) body = null;
  // A course whose seats are not on sale yet has no list of its own.
  else if (isApiError(passengers.error) && passengers.error.status === 404) body = <p className="admin-note">{intl.formatMessage(texts.none)}</p>;
  else if (passengers.isError) body = <p className="admin-note" role="alert">{intl.formatMessage(texts.failed)}</p>;
  else if (passengers.data.tickets.length === 0) body = <p className="admin-note">{intl.formatMessage(texts.none)}</p>;
  else
    body = (
      <>
        <p className="admin-course-passengers__count">{intl.formatMessage(values.count, { count: passengers.data.count })}</p>
        <TableScroll label={title}>
          <table className="admin-inline-table admin-course-passengers">
            <thead>
              <tr>
                {[texts.ticket, texts.passenger, texts.stretch, texts.order, texts.state].map((label) => (
                  <th key={label.id} scope="col">
                    {intl.formatMessage(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {passengers.data.tickets.map((ticket) => (
                <tr key={ticket.number} className={travels(ticket.state) ? undefined : 'admin-course-passengers__gone'}>
                  <th scope="row" className="admin-nowrap">
                    {ticket.number}
                  </th>
                  <td>{ticket.passenger}</td>
                  <td>{intl.formatMessage(values.stretch, { from: ticket.from_name, to: ticket.to_name })}</td>
                  <td className="admin-nowrap">
                    {ticket.order ? <Link to={href(`order/order/${ticket.order.id}`)}>{ticket.order.number}</Link> : <CellValue value={null} />}
                  </td>
                  <td>{intl.formatMessage(STATES[ticket.state])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </>
    );
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 className="admin-section__title" id={titleId}>
        {title}
      </h2>
      {body}
    </section>
  );
}
