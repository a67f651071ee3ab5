// The coupon: a code checked with the backend, then shown with its value and a way to remove it.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';

import { useCheckCoupon } from '../api/check-coupon';
import { useBookingStore } from '../stores/booking-store';
import { fieldId } from '../utils/field-id';
import { serverMessage } from '../utils/server-messages';

const messages = defineMessages({
  legend: { id: 'order.coupon.legend', defaultMessage: 'Kupon rabatowy', description: 'Legend of the coupon section' },
  code: { id: 'order.coupon.code', defaultMessage: 'Kod kuponu', description: 'Label of the coupon code' },
  apply: { id: 'order.coupon.apply', defaultMessage: 'Zastosuj kupon', description: 'Button that checks and applies a coupon' },
  checking: { id: 'order.coupon.checking', defaultMessage: 'Sprawdzam…', description: 'Apply button while checking' },
  clear: { id: 'order.coupon.clear', defaultMessage: 'Usuń kupon', description: 'Button that removes the applied coupon' },
  empty: { id: 'order.coupon.empty', defaultMessage: 'Wpisz kod kuponu.', description: 'Validation: no coupon code' },
  failed: {
    id: 'order.coupon.failed',
    defaultMessage: 'Nie udało się sprawdzić kuponu. Spróbuj ponownie.',
    description: 'The coupon check failed (not a validation error)',
  },
});

const valueMessages = defineMessages<{ applied: { code: string; value: string } }>({
  applied: {
    id: 'order.coupon.applied',
    defaultMessage: 'Kupon {code} – do wykorzystania {value}.',
    description: 'The applied coupon and what is left on it',
  },
});

export function CouponField({ error: serverError }: { error?: string }) {
  const intl = useIntl();
  const format = useFormatters();
  const coupon = useBookingStore((state) => state.coupon);
  const setCoupon = useBookingStore((state) => state.setCoupon);
  const clearCoupon = useBookingStore((state) => state.clearCoupon);
  const check = useCheckCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = fieldId('coupon');
  const shownError = error ?? serverError;

  function apply() {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(intl.formatMessage(messages.empty));
      return;
    }
    setError(null);
    check.mutate(trimmed, {
      onSuccess: (answer) => {
        setCoupon({ code: answer.code, value: answer.value });
        setCode('');
      },
      onError: (failure) => {
        setError(
          isApiError(failure) && failure.status === 422
            ? serverMessage(intl, failure.errors.find((e) => e.field === 'coupon.code' || e.field === 'code') ?? failure)
            : intl.formatMessage(messages.failed),
        );
      },
    });
  }

  return (
    <fieldset className="order-section">
      <legend className="order-section__title">{intl.formatMessage(messages.legend)}</legend>
      {coupon.code ? (
        <div className="coupon coupon--applied">
          <p role="status">{intl.formatMessage(valueMessages.applied, { code: coupon.code, value: format.money(coupon.value) })}</p>
          <Button variant="secondary" onClick={clearCoupon}>
            {intl.formatMessage(messages.clear)}
          </Button>
        </div>
      ) : (
        <div className="coupon">
          <div className="form-field coupon__field">
            <label htmlFor={id} className="form-field__label">
              {intl.formatMessage(messages.code)}
            </label>
            <input
              id={id}
              name="coupon"
              className="form-field__input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? `${id}-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                // Enter here applies the coupon; it must not place the order.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
            {shownError ? (
              <p id={`${id}-error`} className="form-field__error">
                {shownError}
              </p>
            ) : null}
          </div>
          <Button variant="secondary" className="coupon__apply" disabled={check.isPending} onClick={apply}>
            {intl.formatMessage(check.isPending ? messages.checking : messages.apply)}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
