import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { apiClient } from '@/shared/api/client';
import { GenerateInput } from '@/shared/api/limits.gen';
import { dataOf, type ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf, useInvalidateArea } from '../api/admin-data';
import { useRouteOptions } from '../hooks/use-route-options';
import { adminErrorToast } from '../lib/admin-errors';
import { common } from '../messages/common-messages';
import { courseTexts, courseValues } from '../messages/course-messages';
import { fields } from '../messages/field-messages';

import { TableScroll } from './table-scroll';

type Settings = ApiSchema<'CourseSettings'>;
type Preview = ApiSchema<'GeneratePreview'>;
type Generated = ApiSchema<'Generated'>;

/** The route and days chosen, as the preview's query and the generate's body. */
interface Choice {
  routeId: number | null;
  days: number | null;
}

/**
 * Generate: choose a route (or all) and the days, ask the server what a generate would create
 * (its dry run, with the calendar, the exceptions and the courses that exist), then create.
 */
export function CourseGenerate() {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const id = useId();
  const routes = useRouteOptions();
  const [routeId, setRouteId] = useState('');
  const [days, setDays] = useState('');
  const [shown, setShown] = useState<{ choice: Choice; preview: Preview } | null>(null);
  const [result, setResult] = useState<Generated | null>(null);
  const timetables = useAllOf<Settings>('route/route-course-settings', routeId ? { 'filter[route_id][eq]': routeId } : {});
  const invalidate = useInvalidateArea();
  const daysValid = days === '' || (/^\d+$/.test(days) && Number(days) >= GenerateInput.days.minimum && Number(days) <= GenerateInput.days.maximum);
  const choice: Choice = { routeId: routeId ? Number(routeId) : null, days: days && daysValid ? Number(days) : null };
  const preview = useMutation({
    mutationFn: async (asked: Choice) => ({
      choice: asked,
      preview: dataOf<Preview>(await apiClient.get('course/course/generate-preview', { params: { route_id: asked.routeId, days: asked.days }, toast: false })),
    }),
    meta: { loader: true },
    onSuccess: (answer) => {
      setShown(answer);
      setResult(null);
    },
    onError: (error) => showToast(adminErrorToast(error)),
  });
  const generate = useMutation({
    mutationFn: async (asked: Choice) =>
      dataOf<Generated>(await apiClient.post('course/course/generate', { body: { route_id: asked.routeId, days: asked.days }, toast: false })),
    meta: { loader: true },
    onSuccess: async (generated) => {
      setResult(generated);
      setShown(null);
      await invalidate('course/course');
    },
    onError: (error) => showToast(adminErrorToast(error)),
  });
  const routeName = (routeIdOf: number) => {
    const label = routes.find((route) => route.value === String(routeIdOf))?.label ?? String(routeIdOf);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };
  const timetableName = (settingsId: number) => timetables.data?.find((settings) => settings.id === settingsId)?.name ?? `#${settingsId}`;
  const change = () => {
    setShown(null);
    setResult(null);
  };

  return (
    <section className="admin-section admin-section--compact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {intl.formatMessage(courseTexts.generate)}
      </h2>
      <div className="admin-section__actions">
        <div className="form-field">
          <label htmlFor={`${id}-route`} className="form-field__label">{intl.formatMessage(fields.route)}</label>
          <select id={`${id}-route`} className="form-field__input" value={routeId} onChange={(event) => { setRouteId(event.target.value); change(); }}>
            <option value="">{intl.formatMessage(courseTexts.allRoutes)}</option>
            {routes.map((route) => (
              <option key={route.value} value={route.value}>
                {typeof route.label === 'string' ? route.label : intl.formatMessage(route.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-days`} className="form-field__label">{intl.formatMessage(courseTexts.days)}</label>
          <input
            id={`${id}-days`}
            className="form-field__input admin-grid-input"
            inputMode="numeric"
            value={days}
            aria-invalid={!daysValid}
            aria-describedby={daysValid ? undefined : `${id}-days-error`}
            onChange={(event) => { setDays(event.target.value); change(); }}
          />
          {daysValid ? null : (
            <p id={`${id}-days-error`} className="form-field__error">{intl.formatMessage(courseTexts.daysRange)}</p>
          )}
        </div>
        <Button variant="secondary" disabled={!daysValid || preview.isPending} onClick={() => preview.mutate(choice)}>
          {intl.formatMessage(courseTexts.preview)}
        </Button>
        <Button disabled={shown === null || shown.preview.new === 0 || generate.isPending} onClick={() => shown && generate.mutate(shown.choice)}>
          {intl.formatMessage(courseTexts.run)}
        </Button>
      </div>
      {shown ? (
        shown.preview.timetables.length === 0 ? (
          <p className="admin-note" role="status">{intl.formatMessage(courseTexts.nothing)}</p>
        ) : (
          <>
            <p className="admin-note" role="status">
              {intl.formatMessage(courseValues.previewTotal, { created: shown.preview.new, existing: shown.preview.existing })}
            </p>
            <TableScroll label={intl.formatMessage(courseTexts.preview)}>
            <table className="admin-inline-table" aria-label={intl.formatMessage(courseTexts.preview)}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(fields.route)}</th>
                  <th scope="col">{intl.formatMessage(courseTexts.timetable)}</th>
                  <th scope="col" className="admin-table__num">{intl.formatMessage(courseTexts.newCourses)}</th>
                  <th scope="col" className="admin-table__num">{intl.formatMessage(courseTexts.existingCourses)}</th>
                  <th scope="col">{intl.formatMessage(courseTexts.firstDeparture)}</th>
                  <th scope="col">{intl.formatMessage(courseTexts.lastDeparture)}</th>
                </tr>
              </thead>
              <tbody>
                {shown.preview.timetables.map((line) => (
                  <tr key={line.settings_id}>
                    <td>{routeName(line.route_id)}</td>
                    <td>{timetableName(line.settings_id)}</td>
                    <td className="admin-table__num">{line.new}</td>
                    <td className="admin-table__num">{line.existing}</td>
                    <td>{line.first_departure ? dateTime(new Date(line.first_departure)) : intl.formatMessage(common.none)}</td>
                    <td>{line.last_departure ? dateTime(new Date(line.last_departure)) : intl.formatMessage(common.none)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </TableScroll>
          </>
        )
      ) : null}
      {shown && shown.preview.skipped_routes.length > 0 ? (
        <p className="admin-note">
          {intl.formatMessage(courseValues.skipped, { routes: shown.preview.skipped_routes.map((skipped) => routeName(skipped.route_id)).join(', ') })}
        </p>
      ) : null}
      {result ? (
        <p role="status">
          {intl.formatMessage(courseValues.done, { created: result.created, existing: result.existing, opened: result.inventories_opened })}
        </p>
      ) : null}
    </section>
  );
}
