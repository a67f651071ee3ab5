// The driver's view of a cancelled or late course (issue 28): a cancelled course is marked as such in
// the day's list, a late one says by how much, and the tickets moved onto a course from a cancelled
// one (or by a change of course) are marked in its list: their passengers may hold a ticket printed for
// another departure.
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { DriverCourse, ManifestTicket } from '../api/driver-api';

const texts = defineMessages({
  cancelled: { id: 'driver.disruption.cancelled', defaultMessage: 'Kurs odwołany', description: 'Marks a cancelled course in the driver list' },
});

const values = defineMessages<{ delayed: { minutes: number }; movedFrom: { time: string } }>({
  delayed: { id: 'driver.disruption.delayed', defaultMessage: 'Opóźniony o {minutes} min', description: 'A late course in the driver list' },
  movedFrom: { id: 'driver.disruption.movedFrom', defaultMessage: 'przeniesiony z kursu {time}', description: 'A ticket moved onto this course from another one (a cancelled one, or a change of course)' },
});

/** "Kurs odwołany" or "Opóźniony o 25 min" beside a course of the day; nothing for one on time. */
export function DriverCourseMark({ course }: { course: DriverCourse }) {
  const intl = useIntl();
  if (course.cancelled) return <strong className="driver-mark driver-mark--cancelled">{intl.formatMessage(texts.cancelled)}</strong>;
  if (course.delay_minutes) return <strong className="driver-mark">{intl.formatMessage(values.delayed, { minutes: course.delay_minutes })}</strong>;
  return null;
}

/** A manifest's ticket moved here from another course (a list kept offline may predate the field). */
export function MovedFromMark({ ticket }: { ticket: ManifestTicket }) {
  const intl = useIntl();
  const { time } = useFormatters();
  const from = ticket.moved_from_course ?? null;
  if (!from) return null;
  return <span className="driver-ticket__moved">{intl.formatMessage(values.movedFrom, { time: time(from.departure_at) })}</span>;
}
