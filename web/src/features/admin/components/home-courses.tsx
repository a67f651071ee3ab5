// Today's and tomorrow's courses on the home page: a table per day, a row per course with its state (on
// time, delayed, cancelled, left), its tickets sold against its seats, once it has left the passengers
// the drivers checked in against those sold, and, unfolded, the load of each stretch (sold, held, free).
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { warsawDate } from '@/shared/lib/warsaw-time';

import type { CourseGlance } from '../api/admin-home';
import { useAdminHref } from '../lib/admin-path';
import { homeTexts, homeValues } from '../messages/home-messages';

import { TableScroll } from './table-scroll';

function CourseState({ course }: { course: CourseGlance }) {
  const intl = useIntl();
  if (course.cancelled) return <span className="admin-home__state admin-home__state--cancelled">{intl.formatMessage(homeTexts.cancelled)}</span>;
  const delay = course.delay_minutes ?? 0;
  const state = delay > 0 ? intl.formatMessage(homeValues.delay, { minutes: delay }) : intl.formatMessage(homeTexts.onTime);
  return (
    <span className={delay > 0 ? 'admin-home__state admin-home__state--delayed' : 'admin-home__state'}>
      {state}
      {course.departed ? <span className="admin-home__departed">{intl.formatMessage(homeTexts.departed)}</span> : null}
    </span>
  );
}

/** The stretches of a course, folded: the busiest one in the summary. */
function Stretches({ course }: { course: CourseGlance }) {
  const intl = useIntl();
  const busiest = course.stretches.reduce((max, s) => Math.max(max, s.sold + s.held), 0);
  return (
    <details className="admin-home__stretches">
      <summary>{intl.formatMessage(homeValues.busiest, { taken: busiest, seats: course.seats })}</summary>
      <table className="admin-inline-table">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(homeTexts.stretch)}</th>
            <th scope="col">{intl.formatMessage(homeTexts.sold)}</th>
            <th scope="col">{intl.formatMessage(homeTexts.held)}</th>
            <th scope="col">{intl.formatMessage(homeTexts.free)}</th>
          </tr>
        </thead>
        <tbody>
          {course.stretches.map((s, index) => (
            <tr key={index}>
              <td>{intl.formatMessage(homeValues.stretchName, { from: s.from_name, to: s.to_name })}</td>
              <td>{s.sold}</td>
              <td>{s.held}</td>
              <td>{s.free}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function DayCourses({ title, courses }: { title: string; courses: CourseGlance[] }) {
  const intl = useIntl();
  const format = useFormatters();
  const href = useAdminHref();
  const titleId = useId();
  return (
    <section className="admin-home__day" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {courses.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(homeTexts.noCourses)}</p>
      ) : (
        <TableScroll label={title}>
          <table className="admin-inline-table admin-home__course-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(homeTexts.course)}</th>
                <th scope="col">{intl.formatMessage(homeTexts.state)}</th>
                <th scope="col">{intl.formatMessage(homeTexts.soldSeats)}</th>
                <th scope="col">{intl.formatMessage(homeTexts.boardedColumn)}</th>
                <th scope="col">{intl.formatMessage(homeTexts.stretches)}</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => (
                <tr key={course.course_id}>
                  <th scope="row">
                    <Link to={href(`course/course/${course.course_id}`)}>
                      {intl.formatMessage(homeValues.courseName, { time: format.time(course.departure_at), route: course.route_name })}
                    </Link>
                  </th>
                  <td>
                    <CourseState course={course} />
                  </td>
                  <td>{intl.formatMessage(homeValues.soldOf, { sold: course.sold, seats: course.seats })}</td>
                  <td>
                    {course.boarded !== null && course.boarded !== undefined
                      ? intl.formatMessage(homeValues.boarded, { boarded: course.boarded, sold: course.sold })
                      : intl.formatMessage(homeTexts.notYet)}
                  </td>
                  <td>
                    <Stretches course={course} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export function HomeCourses({ today, courses }: { today: string; courses: CourseGlance[] }) {
  const intl = useIntl();
  const format = useFormatters();
  const titleId = useId();
  const ofToday = courses.filter((c) => warsawDate(new Date(c.departure_at)) === today);
  const ofTomorrow = courses.filter((c) => warsawDate(new Date(c.departure_at)) !== today);
  const dayTitle = (label: string, offset: number) => {
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + offset);
    return `${label}, ${format.day(day.toISOString().slice(0, 10), 'long')}`;
  };
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 className="admin-section__title" id={titleId}>
        {intl.formatMessage(homeTexts.courses)}
      </h2>
      <DayCourses title={dayTitle(intl.formatMessage(homeTexts.today), 0)} courses={ofToday} />
      <DayCourses title={dayTitle(intl.formatMessage(homeTexts.tomorrow), 1)} courses={ofTomorrow} />
    </section>
  );
}
