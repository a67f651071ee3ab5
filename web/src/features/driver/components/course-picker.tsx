// The courses of a day (today by default), to choose the one the driver runs and load its list.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters, warsawDate } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import { coursesQuery, fetchManifest } from '../api/driver-api';
import { useDriverStore } from '../stores/driver-store';

import { DriverCourseMark } from './course-disruption-mark';
import { driverTexts, driverValues } from './driver-messages';

export function CoursePicker() {
  const intl = useIntl();
  const id = useId();
  const { time } = useFormatters();
  const [day, setDay] = useState(() => warsawDate());
  const [chosen, setChosen] = useState('');
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const courses = useQuery({ ...coursesQuery(day), enabled: /^\d{4}-\d{2}-\d{2}$/.test(day) });
  const load = useDriverStore((state) => state.load);

  const loadList = async () => {
    setLoading(true);
    setFailed(false);
    try {
      load(await fetchManifest(chosen));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  let list;
  if (courses.isPending) list = <p role="status">{intl.formatMessage(driverTexts.loading)}</p>;
  else if (courses.isError) list = <p role="alert" className="driver-note driver-note--bad">{intl.formatMessage(driverTexts.coursesFailed)}</p>;
  else if (courses.data.length === 0) list = <p className="driver-note">{intl.formatMessage(driverTexts.noCourses)}</p>;
  else
    list = (
      <fieldset className="driver-courses">
        <legend className="visually-hidden">{intl.formatMessage(driverTexts.chooseCourse)}</legend>
        {courses.data.map((course) => (
          <label key={course.course_id} className="driver-courses__option">
            <input type="radio" name={`${id}-course`} value={course.course_id} checked={chosen === course.course_id} onChange={() => setChosen(course.course_id)} />
            {intl.formatMessage(driverValues.courseOption, {
              time: time(course.departure_at),
              route: course.route_name,
              passengers: course.passengers,
              boarded: course.boarded,
            })}
            <DriverCourseMark course={course} />
          </label>
        ))}
      </fieldset>
    );

  return (
    <section className="driver-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(driverTexts.chooseCourse)}</h2>
      <div className="form-field">
        <label htmlFor={`${id}-day`} className="form-field__label">
          {intl.formatMessage(driverTexts.day)}
        </label>
        <input id={`${id}-day`} type="date" className="form-field__input" value={day} onChange={(event) => setDay(event.target.value)} />
      </div>
      {list}
      {failed ? <p role="alert" className="driver-note driver-note--bad">{intl.formatMessage(driverTexts.listFailed)}</p> : null}
      <Button disabled={!chosen || loading} onClick={() => void loadList()}>
        {intl.formatMessage(driverTexts.loadList)}
      </Button>
    </section>
  );
}
