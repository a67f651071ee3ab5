// KSeF's announced outages, under the invoice list (after where the sending stands, `KsefSending`):
// whether offline invoicing is possible at all (the offline certificate signs KOD II; without it, what
// happens instead), the sender's last trouble, the announcements entered (who, when) and the form to enter one (an unavailability or an emergency, its
// first and last day). The deadlines follow the announcements on the server; after an entry the
// deadline alert is read again. Nothing is shown for the outages while the answer cannot be read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { KsefOutageInput as KsefOutageLimits, OutageKindInputValues } from '@/shared/api/limits.gen';
import { Button } from '@/shared/ui/button';

import { KSEF_DEADLINES_KEY, KSEF_OUTAGES_KEY, ksefOutagesQuery, saveKsefOutage, type KsefOutageInput } from '../api/ksef-outages';
import { ksefOutageTexts as texts, ksefOutageValues } from '../messages/ksef-messages';
import { ksefSendingTexts } from '../messages/ksef-sending-messages';

import { KsefSending } from './ksef-sending';
import { TableScroll } from './table-scroll';

const FIELDS = ['kind', 'from', 'to', 'note'] as const;
type Field = (typeof FIELDS)[number];

export function KsefOutagesPanel() {
  const intl = useIntl();
  const titleId = useId();
  const { day, dateTime } = useFormatters();
  const query = useQuery(ksefOutagesQuery());
  const data = query.data;
  if (!data) return null;
  const t = (message: keyof typeof texts) => intl.formatMessage(texts[message]);
  return (
    <>
    <KsefSending data={data} />
    <section className="admin-subsection admin-ksef-outages" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('heading')}</h2>
      {data.certificate_note ? (
        <div className="admin-ksef-rejected">
          <p>
            <strong>{t('noCertificate')}</strong>
          </p>
          <p>{intl.formatMessage(ksefSendingTexts.noCertificateWhat)}</p>
        </div>
      ) : null}
      {data.sender_trouble ? (
        <p className="admin-note">
          {intl.formatMessage(ksefOutageValues.trouble, { since: dateTime(data.sender_trouble.since), message: data.sender_trouble.message })}
        </p>
      ) : null}
      {data.outages.length === 0 ? (
        <p className="admin-note">{t('none')}</p>
      ) : (
        <TableScroll label={t('heading')}>
          <table className="admin-inline-table">
            <thead>
              <tr>
                {(['kind', 'from', 'to', 'note', 'enteredBy'] as const).map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.outages.map((outage) => (
                <tr key={outage.id}>
                  <td>{t(outage.kind === 'emergency' ? 'emergency' : 'unavailable')}</td>
                  <td>{day(outage.from, 'short')}</td>
                  <td>{day(outage.to, 'short')}</td>
                  <td>{outage.note}</td>
                  <td>{intl.formatMessage(ksefOutageValues.enteredBy, { who: outage.entered_by, when: dateTime(outage.entered_at) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <OutageForm />
    </section>
    </>
  );
}

/** The entry form; the server's 422 is shown on the field it names. */
function OutageForm() {
  const intl = useIntl();
  const id = useId();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const t = (message: keyof typeof texts) => intl.formatMessage(texts[message]);
  const save = useMutation({
    mutationFn: saveKsefOutage,
    onSuccess: async () => {
      setErrors({});
      setSaved(true);
      await Promise.all([client.invalidateQueries({ queryKey: KSEF_OUTAGES_KEY }), client.invalidateQueries({ queryKey: KSEF_DEADLINES_KEY })]);
    },
    onError: (error) => {
      setSaved(false);
      const found: Partial<Record<Field, string>> = {};
      if (isApiError(error)) for (const field of FIELDS) found[field] = error.fieldError(field);
      if (!Object.values(found).some(Boolean)) found.kind = isApiError(error) ? error.message : t('failed');
      setErrors(found);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => {
      const entered = form.get(name);
      return typeof entered === 'string' ? entered : '';
    };
    const kind = OutageKindInputValues.find((known) => known === value('kind'));
    if (!kind) {
      setErrors({ kind: t('chooseKind') });
      return;
    }
    const input: KsefOutageInput = { kind, from: value('from'), to: value('to'), note: value('note') };
    save.mutate(input);
  };
  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {errors[field]}
      </p>
    ) : null;
  return (
    <form className="admin-filters" aria-label={t('formTitle')} onSubmit={submit}>
      <div className="form-field admin-filters__field">
        <label htmlFor={`${id}-kind`} className="form-field__label">
          {t('kind')}
        </label>
        <select id={`${id}-kind`} name="kind" className="form-field__input" defaultValue="unavailable" {...described('kind')}>
          <option value="unavailable">{t('unavailable')}</option>
          <option value="emergency">{t('emergency')}</option>
        </select>
        {error('kind')}
      </div>
      {(['from', 'to'] as const).map((field) => (
        <div key={field} className="form-field admin-filters__field">
          <label htmlFor={`${id}-${field}`} className="form-field__label">
            {t(field)}
          </label>
          <input id={`${id}-${field}`} name={field} type="date" className="form-field__input" {...described(field)} />
          {error(field)}
        </div>
      ))}
      <div className="form-field admin-filters__field">
        <label htmlFor={`${id}-note`} className="form-field__label">
          {t('note')}
        </label>
        <input id={`${id}-note`} name="note" type="text" maxLength={KsefOutageLimits.note.maxLength} className="form-field__input" {...described('note')} />
        {error('note')}
      </div>
      <div className="admin-filters__actions">
        <Button type="submit" disabled={save.isPending}>
          {t('enter')}
        </Button>
      </div>
      {saved ? <p role="status">{t('entered')}</p> : null}
    </form>
  );
}
