import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { warsawDate } from '@/i18n/format';
import { apiClient } from '@/shared/api/client';
import { errorToast } from '@/shared/api/error-toast';
import { dataOf, type ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf, useInvalidateArea } from '../api/admin-data';
import { useRouteOptions } from '../hooks/use-route-options';
import { generatePreview, type PreviewLine } from '../lib/generate-preview';
import { courseTexts, courseValues } from '../messages/course-messages';
import { fields } from '../messages/field-messages';

type Settings = ApiSchema<'CourseSettings'>;

/** Generate: choose a route (or all) and the days, see what the timetables call for, then create. */
export function CourseGenerate() {
  const intl = useIntl();
  const id = useId();
  const routes = useRouteOptions();
  const [routeId, setRouteId] = useState('');
  const [days, setDays] = useState('');
  const [preview, setPreview] = useState<PreviewLine[] | null>(null);
  const [result, setResult] = useState<ApiSchema<'Generated'> | null>(null);
  const timetables = useAllOf<Settings>('route/route-course-settings', routeId ? { 'filter[route_id][eq]': routeId } : {});
  const invalidate = useInvalidateArea();
  const daysValue = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 366 ? Number(days) : null;
  const generate = useMutation({
    mutationFn: async () =>
      dataOf<ApiSchema<'Generated'>>(
        await apiClient.post('course/course/generate', { body: { route_id: routeId ? Number(routeId) : null, days: daysValue }, toast: false }),
      ),
    meta: { loader: true },
    onSuccess: async (generated) => {
      setResult(generated);
      setPreview(null);
      await invalidate('course/course');
    },
    onError: (error) => showToast(errorToast(error)),
  });
  const routeName = (routeIdOf: number) => {
    const label = routes.find((route) => route.value === String(routeIdOf))?.label ?? '';
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };

  return (
    <section className="admin-section admin-section--compact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {intl.formatMessage(courseTexts.generate)}
      </h2>
      <div className="admin-section__actions">
        <div className="form-field">
          <label htmlFor={`${id}-route`} className="form-field__label">{intl.formatMessage(fields.route)}</label>
          <select id={`${id}-route`} className="form-field__input" value={routeId} onChange={(event) => { setRouteId(event.target.value); setPreview(null); }}>
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
          <input id={`${id}-days`} className="form-field__input admin-grid-input" inputMode="numeric" value={days} onChange={(event) => { setDays(event.target.value); setPreview(null); }} />
        </div>
        <Button variant="secondary" disabled={!timetables.data} onClick={() => setPreview(generatePreview(timetables.data ?? [], warsawDate(), daysValue))}>
          {intl.formatMessage(courseTexts.preview)}
        </Button>
        <Button disabled={preview === null || generate.isPending} onClick={() => generate.mutate()}>
          {intl.formatMessage(courseTexts.run)}
        </Button>
      </div>
      {preview ? (
        preview.length === 0 ? (
          <p className="admin-note">{intl.formatMessage(courseTexts.nothing)}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-inline-table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(fields.route)}</th>
                  <th scope="col">{intl.formatMessage(courseTexts.timetable)}</th>
                  <th scope="col">{intl.formatMessage(courseTexts.departures)}</th>
                </tr>
              </thead>
              <tbody>
                {preview.map((line) => (
                  <tr key={line.settings.id}>
                    <td>{routeName(line.settings.route_id)}</td>
                    <td>{line.settings.name}</td>
                    <td>{line.departures}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="form-field__hint">{intl.formatMessage(courseTexts.previewNote)}</p>
          </div>
        )
      ) : null}
      {result ? (
        <p role="status">
          {intl.formatMessage(courseValues.done, { created: result.created, existing: result.existing, opened: result.inventories_opened })}
        </p>
      ) : null}
    </section>
  );
}
