// A route's timetables (route-course-settings), each edited with the generic form; save, delete and
// duplicate as the API offers them.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';

import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { deleteRecord, saveRecord, useAllOf, useInvalidateArea } from '../api/admin-data';
import type { FieldDef, FormValues } from '../lib/area';
import { timetableInput, timetableSchema, timetableValues, type TimetableValues } from '../lib/timetable-form';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';
import { routeTexts } from '../messages/route-messages';

import { RecordForm } from './record-form';
import { TimetableExceptions } from './timetable-exceptions';
import { WeekDaysField } from './week-days-field';

type Settings = ApiSchema<'CourseSettings'>;

const PATH = 'route/route-course-settings';
const resolver = zodResolver(timetableSchema) as unknown as Resolver<FormValues>;

const FIELDS: FieldDef[] = [
  { name: 'name', label: common.name, kind: 'text' },
  { name: 'departure_times', label: routeTexts.times, kind: 'text', required: true, hint: routeTexts.timesHint },
  { name: 'week_days', label: routeTexts.weekDays, kind: 'custom', required: true, render: (props) => <WeekDaysField {...props} /> },
  { name: 'seats', label: fields.seats, kind: 'number', required: true },
  { name: 'days_before_generate', label: routeTexts.daysAhead, kind: 'number', required: true },
  { name: 'valid_from', label: common.validFrom, kind: 'date' },
  { name: 'valid_to', label: common.validTo, kind: 'date' },
  { name: 'active', label: common.active, kind: 'checkbox' },
];

export function RouteTimetables({ routeId }: { routeId: number }) {
  const intl = useIntl();
  const timetables = useAllOf<Settings>(PATH, { 'filter[route_id][eq]': routeId, sort: 'id' });
  const invalidate = useInvalidateArea();
  const save = async (id: number | undefined, values: FormValues) => {
    const saved = (await saveRecord(PATH, id, timetableInput(routeId, values as TimetableValues))) as Settings;
    await invalidate(PATH);
    return id === undefined ? timetableValues(undefined) : (timetableValues(saved) as FormValues);
  };

  return (
    <section className="admin-section" aria-labelledby="route-timetables-title">
      <h2 id="route-timetables-title" className="admin-section__title">
        {intl.formatMessage(routeTexts.timetables)}
      </h2>
      {(timetables.data ?? []).map((settings) => (
        <div key={`${settings.id}-${settings.updated_at}`} className="admin-subform">
          <h3 className="admin-subform__title">{settings.name || String(settings.id)}</h3>
          <RecordForm
            fields={FIELDS}
            resolver={resolver}
            defaultValues={timetableValues(settings)}
            editing
            save={(values) => save(settings.id, values)}
            remove={async () => {
              await deleteRecord(PATH, settings.id);
              await invalidate(PATH);
            }}
            extraActions={
              <Button
                variant="secondary"
                onClick={() =>
                  void apiClient.post(`${PATH}/duplicate`, { params: { id: settings.id } }).then(async () => {
                    await invalidate(PATH);
                    showToast({ type: 'success', message: routeTexts.saved });
                  })
                }
              >
                {intl.formatMessage(routeTexts.duplicate)}
              </Button>
            }
          />
          <TimetableExceptions settingsId={settings.id} />
        </div>
      ))}
      <div className="admin-subform">
        <h3 className="admin-subform__title">{intl.formatMessage(routeTexts.newTimetable)}</h3>
        <RecordForm
          key={timetables.dataUpdatedAt}
          fields={FIELDS}
          resolver={resolver}
          defaultValues={timetableValues(undefined)}
          editing={false}
          save={(values) => save(undefined, values)}
        />
      </div>
    </section>
  );
}
