// A batch of N coupons with random codes: the API makes up a code when none is sent, so the batch is
// N creates, each with its own Idempotency-Key (a retried batch never issues a coupon twice).
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { SaveInput } from '@/shared/api/limits.gen';
import { Button } from '@/shared/ui/button';

import { saveRecord } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
import { toGrosz, warsawLocalToIso } from '../lib/validation';
import { couponTexts } from '../messages/coupon-messages';
import { fields } from '../messages/field-messages';


const MONEY = /^\d{1,7}([.,]\d{1,2})?$/;
const PATH = 'order/coupon';

export function CouponBatch() {
  const intl = useIntl();
  const id = useId();
  const [count, setCount] = useState('10');
  const [value, setValue] = useState('');
  const [expires, setExpires] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const batch = useRecordMutation(PATH, async () => {
    const made: string[] = [];
    const run = crypto.randomUUID();
    for (let i = 0; i < Number(count); i += 1) {
      const coupon = (await saveRecord(PATH, undefined, { value: toGrosz(value), expires_at: warsawLocalToIso(expires) }, { 'Idempotency-Key': `${run}-${i}` })) as { code: string };
      made.push(coupon.code);
    }
    setCodes(made);
  });
  // At most 100 at once: the browser saves them one by one. The value is the server's coupon's.
  const valid = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= 100 && MONEY.test(value.trim()) && toGrosz(value) <= SaveInput.value.maximum;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) batch.mutate(undefined);
  };

  return (
    <section className="admin-section admin-section--compact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {intl.formatMessage(couponTexts.batch)}
      </h2>
      <form className="admin-section__actions" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-count`} className="form-field__label">{intl.formatMessage(couponTexts.count)}</label>
          <input id={`${id}-count`} className="form-field__input admin-grid-input" inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-value`} className="form-field__label">{intl.formatMessage(fields.initialValue)}</label>
          <input id={`${id}-value`} className="form-field__input admin-grid-input" inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-expires`} className="form-field__label">{intl.formatMessage(fields.expiresAt)}</label>
          <input id={`${id}-expires`} className="form-field__input" type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </div>
        <Button type="submit" disabled={!valid || batch.isPending}>
          {intl.formatMessage(couponTexts.create)}
        </Button>
      </form>
      {codes.length > 0 ? (
        <div role="status">
          <p>{intl.formatMessage(couponTexts.created)}</p>
          <p className="admin-codes">{codes.join(', ')}</p>
        </div>
      ) : null}
    </section>
  );
}
