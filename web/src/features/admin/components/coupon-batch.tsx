// A batch of N coupons with random codes: the API makes up a code when none is sent, so the batch is
// N creates, each with its own Idempotency-Key (a retried batch never issues a coupon twice).
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { SaveInput } from '@/shared/api/limits.gen';
import { Button } from '@/shared/ui/button';

import { saveRecord } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
import { moneyProblemText, parseMoney, type MoneyRules } from '../lib/money-input';
import { warsawLocalToIso } from '../lib/validation';
import { couponTexts } from '../messages/coupon-messages';
import { fields } from '../messages/field-messages';

import { MoneyField } from './money-field';

const PATH = 'order/coupon';
/** A batch coupon's value: at least a grosz, at most the server's coupon's (`SaveInput.value`). */
const VALUE: MoneyRules = { allowZero: false, maxGrosze: SaveInput.value.maximum };

export function CouponBatch() {
  const intl = useIntl();
  const id = useId();
  const [count, setCount] = useState('10');
  const [value, setValue] = useState('');
  const [expires, setExpires] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  // A refusal is said at the field as soon as something is typed, and for an empty field once sent.
  const [tried, setTried] = useState(false);
  const parsed = parseMoney(value, VALUE);
  const valueLabel = intl.formatMessage(fields.initialValue);
  const valueError = !parsed.ok && (tried || value.trim() !== '') ? moneyProblemText(intl, valueLabel, parsed.problem, VALUE) : undefined;
  const batch = useRecordMutation(PATH, async () => {
    const made: string[] = [];
    const run = crypto.randomUUID();
    for (let i = 0; i < Number(count); i += 1) {
      const coupon = (await saveRecord(PATH, undefined, { value: parsed.ok ? parsed.grosze : null, expires_at: warsawLocalToIso(expires) }, { 'Idempotency-Key': `${run}-${i}` })) as { code: string };
      made.push(coupon.code);
    }
    setCodes(made);
  });
  // At most 100 at once: the browser saves them one by one. The value is the server's coupon's.
  const valid = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= 100 && parsed.ok;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
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
        <MoneyField label={valueLabel} value={value} onChange={setValue} error={valueError} />
        <div className="form-field">
          <label htmlFor={`${id}-expires`} className="form-field__label">{intl.formatMessage(fields.expiresAt)}</label>
          <input id={`${id}-expires`} className="form-field__input" type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </div>
        <Button type="submit" disabled={batch.isPending}>
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
