import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';

import { courseLoadQuery } from '../api/course-load';

import { TableScroll } from './table-scroll';

const texts = defineMessages({
  title: { id: 'admin.courseLoad.title', defaultMessage: 'Obłożenie odcinków', description: 'Heading: seats taken on each segment of a course' },
  segment: { id: 'admin.courseLoad.segment', defaultMessage: 'Odcinek', description: 'Column: the stretch between two stops' },
  taken: { id: 'admin.courseLoad.taken', defaultMessage: 'Zajęte', description: 'Column: seats sold or held' },
  free: { id: 'admin.courseLoad.free', defaultMessage: 'Wolne', description: 'Column: seats still free' },
  note: {
    id: 'admin.courseLoad.note',
    defaultMessage: 'Zajęte to miejsca sprzedane i zarezerwowane (czekające na płatność).',
    description: 'Note: taken seats include held ones',
  },
  noInventory: {
    id: 'admin.courseLoad.noInventory',
    defaultMessage: 'Sprzedaż miejsc na ten kurs jeszcze się nie zaczęła.',
    description: 'A course whose seat inventory is not open',
  },
  failed: { id: 'admin.courseLoad.failed', defaultMessage: 'Nie udało się wczytać obłożenia.', description: 'The load could not be read' },
});

const values = defineMessages<{ stretch: { from: string; to: string }; takenOf: { taken: number; seats: number } }>({
  stretch: { id: 'admin.courseLoad.stretch', defaultMessage: '{from} → {to}', description: 'A segment: from one stop to the next' },
  takenOf: { id: 'admin.courseLoad.takenOf', defaultMessage: '{taken} / {seats}', description: 'Seats taken out of the course seats' },
});

/** A course's seats taken and free on each segment (`GET /course/course/load`). */
export function CourseLoadSection({ courseId }: { courseId: string }) {
  const intl = useIntl();
  const titleId = useId();
  const load = useQuery(courseLoadQuery(courseId));
  let body;
  if (load.isPending) body = null;
  else if (isApiError(load.error) && load.error.status === 404) body = <p className="admin-note">{intl.formatMessage(texts.noInventory)}</p>;
  else if (load.isError) body = <p className="admin-note" role="alert">{intl.formatMessage(texts.failed)}</p>;
  else
    body = (
      <>
        <p className="admin-note">{intl.formatMessage(texts.note)}</p>
        <TableScroll label={intl.formatMessage(texts.title)}>
          <table className="admin-inline-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(texts.segment)}</th>
                <th scope="col">{intl.formatMessage(texts.taken)}</th>
                <th scope="col">{intl.formatMessage(texts.free)}</th>
              </tr>
            </thead>
            <tbody>
              {load.data.segments.map((segment) => (
                <tr key={`${segment.from_id}-${segment.to_id}`}>
                  <td>{intl.formatMessage(values.stretch, { from: segment.from_name, to: segment.to_name })}</td>
                  <td>{intl.formatMessage(values.takenOf, { taken: segment.taken, seats: load.data.seats })}</td>
                  <td>{segment.free}</td>
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
        {intl.formatMessage(texts.title)}
      </h2>
      {body}
    </section>
  );
}
