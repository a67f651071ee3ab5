import { useIntl } from 'react-intl';

import type { ApiSchema } from '@/shared/api/schema';

import { disruptionValues } from '../messages/disruption-messages';
import { fields } from '../messages/field-messages';

type Course = ApiSchema<'Course'>;

/** What the carrier said of a course, in the courses list: a cancelled course reads so whatever its sale says. */
export function CourseDisruptionCell({ course }: { course: Course }) {
  const intl = useIntl();
  switch (course.disruption) {
    case 'cancelled':
      return <strong className="admin-course-disrupted">{intl.formatMessage(fields.disruptionCancelled)}</strong>;
    case 'partly_cancelled':
      return <strong className="admin-course-disrupted">{intl.formatMessage(fields.disruptionPartly)}</strong>;
    case 'delayed':
      return (
        <strong className="admin-course-disrupted">
          {intl.formatMessage(disruptionValues.delayed, { minutes: course.delay_minutes ?? 0 })}
        </strong>
      );
    default:
      return <span>{intl.formatMessage(fields.disruptionNone)}</span>;
  }
}
