// A timetable's exceptions (route-course-details): on a date, no courses or another number of seats.
// Listed with delete (confirmed); a new one is added through the generic form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';
import * as z from 'zod/mini';

import { useFormatters } from '@/i18n/format';
import { CourseDetailsInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { Button } from '@/shared/ui/button';

import { deleteRecord, saveRecord, useAllOf, useInvalidateArea } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
import type { FieldDef, FormValues } from '../lib/area';
import { fieldCheck, text } from '../lib/validation';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';
import { detailTexts } from '../messages/route-messages';

import { ConfirmDialog } from './confirm-dialog';
import { RecordForm } from './record-form';

type Exception = ApiSchema<'CourseDetails'>;
const PATH = 'route/route-course-details';

const schema = z
  .object({
    date: z.string().check(z.minLength(1, 'required')),
    excluded: z.boolean(),
    seats: z.string().check(z.trim()),
    note: text(CourseDetailsInput.note.maxLength),
  })
  .check(fieldCheck((values) => values.excluded || /^\d+$/.test(values.seats), 'required', 'seats'));
const resolver = zodResolver(schema) as unknown as Resolver<FormValues>;
const EMPTY: FormValues = { date: '', excluded: true, seats: '', note: '' };

const FIELDS: FieldDef[] = [
  { name: 'date', label: detailTexts.date, kind: 'date', required: true },
  { name: 'excluded', label: detailTexts.excluded, kind: 'checkbox' },
  { name: 'seats', label: fields.seats, kind: 'number' },
  { name: 'note', label: detailTexts.note, kind: 'text' },
];

export function TimetableExceptions({ settingsId }: { settingsId: number }) {
  const intl = useIntl();
  const { day } = useFormatters();
  const exceptions = useAllOf<Exception>(PATH, { 'filter[route_course_settings_id][eq]': settingsId, sort: 'date' });
  const invalidate = useInvalidateArea();
  const [deleting, setDeleting] = useState<Exception | null>(null);
  const remove = useRecordMutation(PATH, (id: number) => deleteRecord(PATH, id));
  const describe = (exception: Exception) => {
    const what = exception.excluded ? intl.formatMessage(detailTexts.excluded) : `${intl.formatMessage(fields.seats)} ${exception.seats ?? ''}`;
    return `${day(exception.date, 'full')}: ${what}${exception.note ? ` (${exception.note})` : ''}`;
  };

  return (
    <div className="admin-exceptions">
      <h4 className="admin-subform__title">{intl.formatMessage(detailTexts.exceptions)}</h4>
      <p className="form-field__hint">{intl.formatMessage(detailTexts.exceptionsHint)}</p>
      {(exceptions.data ?? []).length === 0 ? <p className="admin-note">{intl.formatMessage(detailTexts.noExceptions)}</p> : null}
      <ul className="admin-exceptions__list">
        {(exceptions.data ?? []).map((exception) => (
          <li key={exception.id}>
            <span>{describe(exception)}</span>
            <Button variant="secondary" className="button--danger-outline" onClick={() => setDeleting(exception)}>
              {intl.formatMessage(common.delete)}
            </Button>
          </li>
        ))}
      </ul>
      <details className="admin-exceptions__add">
        <summary>{intl.formatMessage(detailTexts.addException)}</summary>
        <RecordForm
          key={exceptions.dataUpdatedAt}
          fields={FIELDS}
          resolver={resolver}
          defaultValues={EMPTY}
          editing={false}
          save={async (values) => {
            const seats = typeof values.seats === 'string' ? values.seats : '';
            await saveRecord(PATH, undefined, {
              route_course_settings_id: settingsId,
              date: values.date,
              excluded: values.excluded,
              seats: values.excluded ? null : Number(seats),
              note: values.note,
            });
            await invalidate(PATH);
            return EMPTY;
          }}
        />
      </details>
      {deleting ? (
        <ConfirmDialog
          title={intl.formatMessage(common.confirmDeleteTitle)}
          text={intl.formatMessage(common.confirmDeleteText)}
          confirmLabel={intl.formatMessage(common.delete)}
          cancelLabel={intl.formatMessage(common.cancel)}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            remove.mutate(deleting.id);
            setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}
