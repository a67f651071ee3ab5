// Checking a ticket: its number typed, its code scanned with the camera (or pasted from a scanner
// that types), or the code printed on the ticket typed into "Kod z biletu". The decision is the phone's own, made at once without a network
// (lib/offline-check.ts); a passenger who boards is queued for the server, which is told as soon as
// the network allows (lib/send-queue.ts).
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

import { withMessages } from '@/i18n/catalogues';
import { Button } from '@/shared/ui/button';

import type { Manifest } from '../api/driver-api';
import { decide, shownOf, type Decision, type Refusal, type Shown } from '../lib/offline-check';
import { sendQueue } from '../lib/send-queue';
import { useDriverStore } from '../stores/driver-store';

import { driverTexts, driverValues } from './driver-messages';

const QrScanner = lazy(async () => ({ default: (await withMessages(import('./qr-scanner'))).QrScanner }));

const REASONS: Record<Refusal, MessageDescriptor> = {
  unreadable: driverTexts.reasonUnreadable,
  forged: driverTexts.reasonForged,
  other_course: driverTexts.reasonOtherCourse,
  too_early: driverTexts.reasonTooEarly,
  expired: driverTexts.reasonExpired,
  unknown: driverTexts.reasonUnknown,
  returned: driverTexts.reasonReturned,
  cancelled: driverTexts.reasonCancelled,
  used: driverTexts.reasonUsed,
};

function Result({ decision }: { decision: Decision }) {
  const intl = useIntl();
  const ticket = decision.ticket;
  const verdict = decision.boards ? driverTexts.boards : driverTexts.refused;
  return (
    <div className={`driver-result ${decision.boards ? 'driver-result--ok' : 'driver-result--bad'}`} role={decision.boards ? 'status' : 'alert'}>
      <p className="driver-result__verdict">
        {ticket ? intl.formatMessage(driverValues.verdict, { verdict: intl.formatMessage(verdict), number: ticket.number }) : intl.formatMessage(verdict)}
      </p>
      {decision.boards ? null : <p>{intl.formatMessage(REASONS[decision.reason])}</p>}
      {ticket ? (
        <p>
          {ticket.discount_name
            ? intl.formatMessage(driverValues.whoDiscount, { passenger: ticket.passenger, from: ticket.from_name, to: ticket.to_name, discount: ticket.discount_name })
            : intl.formatMessage(driverValues.who, { passenger: ticket.passenger, from: ticket.from_name, to: ticket.to_name })}
        </p>
      ) : null}
    </div>
  );
}

export function TicketCheck({ manifest }: { manifest: Manifest }) {
  const intl = useIntl();
  const id = useId();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const boarded = useDriverStore((state) => state.boarded);
  const board = useDriverStore((state) => state.board);

  const check = async (shown: Shown) => {
    const result = await decide(shown, manifest, new Set(boarded), new Date());
    setDecision(result);
    if (!result.boards) return;
    const checkInId = crypto.randomUUID();
    board({
      check_in_id: checkInId,
      number: result.ticket.number,
      // A scanned code goes as scanned (the server checks its signature again); a number or a printed
      // code with the course.
      body:
        'qr' in shown
          ? { check_in_id: checkInId, qr: shown.qr.trim() }
          : 'code' in shown
            ? { check_in_id: checkInId, code: shown.code.trim(), course_id: manifest.course.course_id }
            : { check_in_id: checkInId, number: result.ticket.number, course_id: manifest.course.course_id },
      at: new Date().toISOString(),
    });
    if (navigator.onLine) void sendQueue();
  };

  const onNumber = (event: FormEvent) => {
    event.preventDefault();
    if (number.trim()) void check({ number }).then(() => setNumber(''));
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    // The QR code's content, the ticket's number or the code printed under the QR code.
    if (code.trim()) void check(shownOf(code)).then(() => setCode(''));
  };

  return (
    <section className="driver-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(driverTexts.check)}</h2>
      {decision ? <Result decision={decision} /> : null}
      <form className="driver-form" onSubmit={onNumber} aria-label={intl.formatMessage(driverTexts.checkNumber)}>
        <div className="form-field">
          <label htmlFor={`${id}-number`} className="form-field__label">
            {intl.formatMessage(driverTexts.number)}
          </label>
          <input id={`${id}-number`} className="form-field__input" value={number} autoComplete="off" autoCapitalize="characters" onChange={(event) => setNumber(event.target.value)} />
        </div>
        <Button type="submit">{intl.formatMessage(driverTexts.checkNumber)}</Button>
      </form>
      <form className="driver-form" onSubmit={onCode} aria-label={intl.formatMessage(driverTexts.checkCode)}>
        <div className="form-field">
          <label htmlFor={`${id}-code`} className="form-field__label">
            {intl.formatMessage(driverTexts.code)}
          </label>
          <textarea id={`${id}-code`} className="form-field__input driver-form__code" rows={2} value={code} spellCheck={false} onChange={(event) => setCode(event.target.value)} />
        </div>
        <Button type="submit" variant="secondary">{intl.formatMessage(driverTexts.checkCode)}</Button>
      </form>
      <Button variant="secondary" aria-pressed={scanning} onClick={() => setScanning((on) => !on)}>
        {intl.formatMessage(scanning ? driverTexts.stopScan : driverTexts.scan)}
      </Button>
      {scanning ? (
        <Suspense fallback={<p role="status">{intl.formatMessage(driverTexts.loading)}</p>}>
          <QrScanner
            onCode={(text) => {
              setScanning(false);
              void check({ qr: text });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
