// A batch of N coupons with random codes: one request, the server makes up the codes and issues them all.
// One Idempotency-Key per batch, sent again with the same bytes on a retry (a retried batch issues no
// coupon twice and answers the same codes); a new batch, or a changed one, gets a new key.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { CouponBatchInput, SaveInput } from '@/shared/api/limits.gen';
import { attemptFor, type KeyedAttempt } from '@/shared/lib/idempotency-key';
import { Button } from '@/shared/ui/button';

import { issueCouponBatch } from '../api/coupon-batch';
import { useRecordMutation } from '../hooks/use-record-mutation';
import { moneyProblemText, parseMoney, type MoneyRules } from '../lib/money-input';
import { warsawLocalToIso } from '../lib/validation';
import { couponTexts } from '../messages/coupon-messages';
import { fields } from '../messages/field-messages';

import { MoneyField } from './money-field';

const PATH = 'order/coupon';
/** A batch coupon's value: at least a grosz, at most the server's coupon's (`SaveInput.value`). */
const VALUE: MoneyRules = { allowZero: false, maxGrosze: SaveInput.value.maximum };
/** How many coupons a batch has (`CouponBatchInput.count`). */
const COUNT = CouponBatchInput.count;

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
  // The batch being sent: its key and bytes, kept until it is answered (a retry sends both again).
  const attempt = useRef<KeyedAttempt | null>(null);
  const batch = useRecordMutation(PATH, async () => {
    const body = JSON.stringify({ count: Number(count), value: parsed.ok ? parsed.grosze : null, expires_at: warsawLocalToIso(expires) });
    attempt.current = attemptFor(attempt.current, body);
    const issued = await issueCouponBatch(attempt.current);
    // Answered: the next click is another batch.
    attempt.current = null;
    setCodes(issued.coupons.map((coupon) => coupon.code));
  });
  // The count and the value as the server's batch takes them.
  const valid = /^\d+$/.test(count) && Number(count) >= COUNT.minimum && Number(count) <= COUNT.maximum && parsed.ok;
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
