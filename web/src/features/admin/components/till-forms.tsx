// The till's two forms (docs/till.md): cash put in or taken out of today's till with its reason, and the
// day's close by counting the cash with the fiscal printer's Z report number, whose difference from what
// the till should hold is shown as it is typed and then needs its reason; and a closed day's close. The
// checks are the server's (3 to 300 characters of reason, a Z number of letters, digits, `/`, `-`, `.`);
// what the server refuses is said at its field, by its code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { CashInput, CloseInput as CloseLimits } from '@/shared/api/limits.gen';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { closeDay, saveCash, showTillDay, type TillClosing as Closing, type TillDay } from '../api/till';
import { moneyProblemText, parseMoney } from '../lib/money-input';
import { refusalOf } from '../lib/refusal';
import { tillTexts, tillValues } from '../messages/till-messages';

import { MoneyField } from './money-field';
import { Facts, Section } from './order-section';

const REASON_MIN = CashInput.reason.minLength;
const REASON_MAX = CashInput.reason.maxLength;
const Z_MAX = CloseLimits.z_report.maxLength;
/** The Z report's number as the server takes it (docs/errors.md, `till.z_report_invalid`). */
const Z_REPORT = /^[A-Za-z0-9/. -]+$/;
const REQUIRED_MARK = ' *';
/** The largest amount the server takes (`CashInput.amount`, `CloseInput.counted_cash`), grosz. */
const MAX_GROSZE = CashInput.amount.maximum;

const reasonOk = (reason: string) => reason.trim().length >= REASON_MIN && reason.trim().length <= REASON_MAX;

interface TextAreaProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

function ReasonField({ id, label, value, onChange, error, hint }: TextAreaProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
        <span aria-hidden="true">{REQUIRED_MARK}</span>
      </label>
      <textarea
        id={id}
        className="form-field__input admin-textarea"
        value={value}
        maxLength={REASON_MAX}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Errors = Record<string, string | undefined>;

/** Cash put into today's till (a float) or taken out (to the bank), with its reason. */
export function TillCashForm() {
  const intl = useIntl();
  const id = useId();
  const queryClient = useQueryClient();
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (grosze: number) => saveCash(direction === 'in' ? grosze : -grosze, reason.trim()),
    onSuccess: async (view) => {
      setAmount('');
      setReason('');
      showToast({ type: 'success', message: tillTexts.cashSaved });
      await showTillDay(queryClient, view);
    },
    onError: (error) => {
      const refusal = refusalOf(intl, error, ['amount', 'reason']);
      setErrors(refusal.fields);
      setRefused(refusal.message);
    },
    meta: { loader: true },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefused(null);
    const parsed = parseMoney(amount, { allowZero: false, maxGrosze: MAX_GROSZE });
    const next: Errors = {
      amount: parsed.ok ? undefined : moneyProblemText(intl, t('cashAmount'), parsed.problem, { maxGrosze: MAX_GROSZE }),
      reason: reasonOk(reason) ? undefined : t('reasonMissing'),
    };
    setErrors(next);
    if (parsed.ok && !next.reason) save.mutate(parsed.grosze);
  };
  return (
    <Section title={t('correction')}>
      <p className="admin-note">{t('correctionNote')}</p>
      <form className="admin-till__form" noValidate onSubmit={submit}>
        {refused ? (
          <p className="admin-error" role="alert">
            {refused}
          </p>
        ) : null}
        <fieldset className="admin-till__direction">
          <legend className="form-field__label">{t('direction')}</legend>
          <label>
            <input type="radio" name={`${id}-direction`} checked={direction === 'in'} onChange={() => setDirection('in')} />
            {t('putIn')}
          </label>
          <label>
            <input type="radio" name={`${id}-direction`} checked={direction === 'out'} onChange={() => setDirection('out')} />
            {t('takeOut')}
          </label>
        </fieldset>
        <MoneyField id={`${id}-amount`} label={t('cashAmount')} required value={amount} onChange={setAmount} error={errors.amount} />
        <ReasonField id={`${id}-reason`} label={t('cashReason')} value={reason} onChange={setReason} error={errors.reason} hint={t('reasonHint')} />
        <div className="admin-form__actions">
          <Button type="submit" disabled={save.isPending}>
            {t('saveCash')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The day's close: the counted cash, the Z report's number, and a difference's reason. */
export function TillCloseForm({ view }: { view: TillDay }) {
  const intl = useIntl();
  const id = useId();
  const queryClient = useQueryClient();
  const { money } = useFormatters();
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  const [counted, setCounted] = useState('');
  const [zReport, setZReport] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const parsed = parseMoney(counted, { maxGrosze: MAX_GROSZE });
  const difference = parsed.ok ? parsed.grosze - view.expected_cash : null;
  const differs = difference !== null && difference !== 0;
  const close = useMutation({
    mutationFn: (countedCash: number) =>
      closeDay({ day: view.day, counted_cash: countedCash, z_report: zReport.trim(), ...(differs ? { reason: reason.trim() } : {}) }),
    onSuccess: async (after) => {
      showToast({ type: 'success', message: tillTexts.dayClosed });
      await showTillDay(queryClient, after);
    },
    onError: (error) => {
      const refusal = refusalOf(intl, error, ['counted_cash', 'z_report', 'reason']);
      setErrors(refusal.fields);
      setRefused(refusal.message);
    },
    meta: { loader: true },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefused(null);
    const z = zReport.trim();
    const next: Errors = {
      counted_cash: parsed.ok ? undefined : moneyProblemText(intl, t('counted'), parsed.problem, { maxGrosze: MAX_GROSZE }),
      z_report: z === '' ? t('zReportMissing') : z.length > Z_MAX || !Z_REPORT.test(z) ? t('zReportBad') : undefined,
      reason: differs && !reasonOk(reason) ? t('reasonMissing') : undefined,
    };
    setErrors(next);
    if (parsed.ok && !next.z_report && !next.reason) close.mutate(parsed.grosze);
  };
  const live =
    difference === null ? null : difference === 0
      ? t('matches')
      : intl.formatMessage(difference > 0 ? tillValues.surplus : tillValues.shortfall, { amount: money(Math.abs(difference)) });
  return (
    <Section title={t('close')}>
      <p className="admin-note">{t('closeNote')}</p>
      <form className="admin-till__form" noValidate onSubmit={submit}>
        {refused ? (
          <p className="admin-error" role="alert">
            {refused}
          </p>
        ) : null}
        <Facts items={[[t('expectedCash'), money(view.expected_cash)]]} />
        <MoneyField
          id={`${id}-counted`}
          label={t('counted')}
          required
          value={counted}
          onChange={(typed) => {
            setCounted(typed);
            // A new count: the last one's refusals are no longer about it.
            setErrors((shown) => ({ ...shown, counted_cash: undefined, reason: undefined }));
          }}
          error={errors.counted_cash}
          hint={live ?? undefined}
        />
        <p className="visually-hidden" role="status">
          {live}
        </p>
        <div className="form-field">
          <label htmlFor={`${id}-z`} className="form-field__label">
            {t('zReport')}
            <span aria-hidden="true">{REQUIRED_MARK}</span>
          </label>
          <input
            id={`${id}-z`}
            className="form-field__input"
            value={zReport}
            maxLength={Z_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.z_report ? true : undefined}
            aria-describedby={[`${id}-z-hint`, errors.z_report ? `${id}-z-error` : null].filter(Boolean).join(' ')}
            onChange={(event) => setZReport(event.target.value)}
          />
          <p id={`${id}-z-hint`} className="form-field__hint">
            {t('zReportHint')}
          </p>
          {errors.z_report ? (
            <p id={`${id}-z-error`} className="form-field__error">
              {errors.z_report}
            </p>
          ) : null}
        </div>
        {differs ? (
          <ReasonField id={`${id}-reason`} label={t('differenceReason')} value={reason} onChange={setReason} error={errors.reason} hint={t('reasonHint')} />
        ) : null}
        <div className="admin-form__actions">
          <Button type="submit" disabled={close.isPending}>
            {t('closeDay')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** A closed day's close: when and by whom, what the till should have held, what was counted, the difference and why. */
export function TillClosing({ closing }: { closing: Closing }) {
  const intl = useIntl();
  const { money, dateTime } = useFormatters();
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  const signed = (grosz: number) => (grosz > 0 ? `+${money(grosz)}` : grosz < 0 ? `−${money(-grosz)}` : money(0));
  return (
    <Section title={t('close')}>
      <Facts
        items={[
          [t('closedAt'), intl.formatMessage(tillValues.closedBy, { at: dateTime(closing.closed_at), by: closing.by || intl.formatMessage(tillTexts.noReason) })],
          [t('expectedCash'), money(closing.expected_cash)],
          [t('counted'), money(closing.counted_cash)],
          [t('difference'), signed(closing.difference)],
          [t('differenceReason'), closing.reason || t('noReason')],
          [t('zReport'), <span key="z" className="admin-codes">{closing.z_report}</span>],
        ]}
      />
    </Section>
  );
}
