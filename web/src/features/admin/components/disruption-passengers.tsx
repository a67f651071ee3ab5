// The passengers of a cancelled or delayed course (one row per order, its number a link to the order's
// page: one message and one choice for all its tickets on the course): their state in words (an unpaid
// order the cancellation cancelled has nothing to refund), when they were told, what was chosen and by
// whom, the course moved to or the amount refunded, the compensation owed (art. 19(2) of EU Regulation
// 181/2011: the choice came after the scheduled departure) or when it was paid; "send again", "choose
// for the passenger" (after a phone call: move to another course of the route, or a full refund) and
// "pay the compensation" (after a confirmation).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters, warsawDate } from '@/i18n/format';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf } from '../api/admin-data';
import {
  chooseForPassenger,
  disruptionKey,
  payCompensation,
  resendDisruption,
  type Disruption,
  type DisruptionPassenger,
  type OfficeChoice,
} from '../api/course-disruption';
import { coursePassengersKey } from '../api/course-passengers';
import { tillDayQuery } from '../api/till';
import { adminErrorToast } from '../lib/admin-errors';
import { useAdminHref } from '../lib/admin-path';
import { canChooseFor } from '../lib/disruption';
import { disruptionTexts as texts, disruptionValues as values } from '../messages/disruption-messages';
import { tillValues } from '../messages/till-messages';

import { CellValue } from './cell-value';
import { ConfirmDialog } from './confirm-dialog';
import { TableScroll } from './table-scroll';

type Course = ApiSchema<'Course'>;

const STATES: Record<DisruptionPassenger['state'], MessageDescriptor> = {
  to_tell: texts.stateToTell,
  told: texts.stateTold,
  moved: texts.stateMoved,
  refunded: texts.stateRefunded,
  order_cancelled: texts.stateOrderCancelled,
};
const BY: Record<NonNullable<DisruptionPassenger['chosen_by']>, MessageDescriptor> = {
  passenger: texts.byPassenger,
  office: texts.byOffice,
  automatic: texts.byAutomatic,
};

/** What each order's refunds still owe at the desk (the till's waiting refunds, whatever their day), by order. */
function useWaitingAtDesk(disruption: Disruption): Map<string, number> {
  // Only the refund of an order paid at the desk (a passenger's choice, or the order cancelled with the
  // course) waits there.
  const refunds = disruption.passengers.some((passenger) => passenger.paid_at_desk && (passenger.state === 'refunded' || passenger.state === 'order_cancelled'));
  const till = useQuery({ ...tillDayQuery(warsawDate()), enabled: refunds });
  const waiting = new Map<string, number>();
  for (const refund of till.data?.waiting_refunds ?? []) waiting.set(refund.order_id, (waiting.get(refund.order_id) ?? 0) + refund.amount);
  return waiting;
}

export function DisruptionPassengers({ course, disruption }: { course: Course; disruption: Disruption }) {
  const intl = useIntl();
  const titleId = useId();
  const atDesk = useWaitingAtDesk(disruption);
  const [choosing, setChoosing] = useState<DisruptionPassenger | null>(null);
  const [paying, setPaying] = useState<DisruptionPassenger | null>(null);
  return (
    <section className="admin-subsection" aria-labelledby={titleId}>
      <h3 id={titleId}>{intl.formatMessage(texts.passengers)}</h3>
      {disruption.passengers.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(texts.noPassengers)}</p>
      ) : (
        <TableScroll label={intl.formatMessage(texts.passengers)}>
          <table className="admin-inline-table">
            <thead>
              <tr>
                {[texts.orderNumber, texts.name, texts.contact, texts.tickets, texts.state, texts.toldAt, texts.choice, texts.result, texts.compensation, texts.actions].map(
                  (label) => (
                    <th key={label.id} scope="col">
                      {intl.formatMessage(label)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {disruption.passengers.map((passenger) => (
                <PassengerRow
                  key={passenger.order_id}
                  disruption={disruption}
                  passenger={passenger}
                  atDesk={atDesk.get(passenger.order_id) ?? 0}
                  onChoose={() => setChoosing(passenger)}
                  onPay={() => setPaying(passenger)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {choosing ? <ChooseDialog course={course} passenger={choosing} onClose={() => setChoosing(null)} /> : null}
      {paying ? <PayDialog courseId={course.id} passenger={paying} onClose={() => setPaying(null)} /> : null}
    </section>
  );
}

interface RowProps {
  disruption: Disruption;
  passenger: DisruptionPassenger;
  /** What the order's refund still owes at the desk (0: nothing waits there). */
  atDesk: number;
  onChoose: () => void;
  onPay: () => void;
}

/** Whether the compensation is owed and not paid yet. */
const owesCompensation = (passenger: DisruptionPassenger) => (passenger.compensation_owed ?? 0) > 0 && !passenger.compensation_paid_at;

function PassengerRow({ disruption, passenger, atDesk, onChoose, onPay }: RowProps) {
  const intl = useIntl();
  const href = useAdminHref();
  const { dateTime, money } = useFormatters();
  const resend = useMutation({
    mutationFn: () => resendDisruption(disruption.course_id, passenger.order_id),
    onSuccess: () => showToast({ type: 'success', message: texts.resent }),
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  // An unpaid order the cancellation cancelled paid nothing: there is nothing to give back.
  const result = passenger.moved_to
    ? dateTime(passenger.moved_to.departure_at)
    : typeof passenger.refund_amount === 'number'
      ? intl.formatMessage(values.refunded, { amount: money(passenger.refund_amount) })
      : passenger.state === 'order_cancelled'
        ? intl.formatMessage(texts.nothingToRefund)
        : null;
  return (
    <tr>
      <th scope="row" className="admin-nowrap">
        <Link to={href(`order/order/${passenger.order_id}`)}>{passenger.order_number}</Link>
      </th>
      <td>{passenger.customer_name}</td>
      <td className="admin-disruption__contact">
        {[passenger.email, passenger.phone].filter(Boolean).join(', ') || <CellValue value={null} />}
      </td>
      <td>{passenger.tickets}</td>
      <td>{intl.formatMessage(STATES[passenger.state])}</td>
      <td>{passenger.told_at ? dateTime(passenger.told_at) : <CellValue value={null} />}</td>
      <td>
        {passenger.chosen_at && passenger.chosen_by ? (
          intl.formatMessage(values.chosenBy, { at: dateTime(passenger.chosen_at), by: intl.formatMessage(BY[passenger.chosen_by]) })
        ) : (
          <CellValue value={null} />
        )}
      </td>
      <td>
        {result ?? (atDesk > 0 ? null : <CellValue value={null} />)}
        {atDesk > 0 ? (
          <>
            {result ? <br /> : null}
            {/* Paid at the desk: the money waits there until the till pays it out. */}
            <Link to={href('till')}>{intl.formatMessage(tillValues.toTillOf, { amount: money(atDesk) })}</Link>
          </>
        ) : null}
      </td>
      <td>
        <Compensation passenger={passenger} />
      </td>
      <td>
        <span className="admin-row-actions">
          {passenger.state === 'order_cancelled' ? null : (
            <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {intl.formatMessage(texts.resend)}
            </Button>
          )}
          {canChooseFor(disruption, passenger) ? (
            <Button variant="secondary" onClick={onChoose}>
              {intl.formatMessage(texts.choose)}
            </Button>
          ) : null}
          {owesCompensation(passenger) ? (
            <Button variant="secondary" onClick={onPay}>
              {intl.formatMessage(texts.payCompensation)}
            </Button>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

/** The compensation owed (its amount), and when it was paid. */
function Compensation({ passenger }: { passenger: DisruptionPassenger }) {
  const intl = useIntl();
  const { dateTime, money } = useFormatters();
  const owed = passenger.compensation_owed ?? null;
  const paidAt = passenger.compensation_paid_at ?? null;
  if (owed === null && !paidAt) return <CellValue value={null} />;
  return (
    <>
      {owed === null ? null : <span>{money(owed)}</span>}
      {paidAt ? (
        <>
          {owed === null ? null : <br />}
          <span>{intl.formatMessage(values.compensationPaid, { date: dateTime(paidAt) })}</span>
        </>
      ) : null}
    </>
  );
}

/** "Pay the compensation?": what the passenger gets and why; the answer shows it paid at once. */
function PayDialog({ courseId, passenger, onClose }: { courseId: string; passenger: DisruptionPassenger; onClose: () => void }) {
  const intl = useIntl();
  const { money } = useFormatters();
  const queryClient = useQueryClient();
  const pay = useMutation({
    mutationFn: () => payCompensation(courseId, passenger.order_id),
    onSuccess: async (paid) => {
      showToast({ type: 'success', message: texts.paidDone });
      onClose();
      queryClient.setQueryData<Disruption>(disruptionKey(courseId), (shown) =>
        shown ? { ...shown, passengers: shown.passengers.map((row) => (row.order_id === paid.order_id ? { ...row, ...paid } : row)) } : shown,
      );
      await queryClient.invalidateQueries({ queryKey: disruptionKey(courseId) });
    },
    onError: async (error) => {
      showToast(adminErrorToast(error));
      onClose();
      // Paid meanwhile, or no longer owed: the list says so.
      await queryClient.invalidateQueries({ queryKey: disruptionKey(courseId) });
    },
    meta: { loader: true },
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(texts.payTitle)}
      text={intl.formatMessage(values.payText, {
        name: passenger.customer_name,
        number: passenger.order_number,
        amount: money(passenger.compensation_owed ?? 0),
      })}
      confirmLabel={intl.formatMessage(texts.payConfirm)}
      cancelLabel={intl.formatMessage(texts.back)}
      tone="primary"
      confirmDisabled={pay.isPending}
      onCancel={onClose}
      onConfirm={() => pay.mutate()}
    />
  );
}

/** The other courses of the route still ahead (the server refuses one without seats). */
function useAlternatives(course: Course) {
  const all = useAllOf<Course>('course/course', { 'filter[route_id][eq]': course.route_id, 'filter[date][gte]': warsawDate(), sort: 'departure_at' });
  const [now] = useState(() => Date.now());
  return (all.data ?? []).filter((other) => other.id !== course.id && Date.parse(other.departure_at) > now);
}

function ChooseDialog({ course, passenger, onClose }: { course: Course; passenger: DisruptionPassenger; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const { dateTime } = useFormatters();
  const queryClient = useQueryClient();
  const alternatives = useAlternatives(course);
  const [kind, setKind] = useState<'move' | 'refund'>('move');
  const [toCourse, setToCourse] = useState('');
  const choose = useMutation({
    mutationFn: (choice: OfficeChoice) => chooseForPassenger(course.id, passenger.order_id, choice),
    onSuccess: async () => {
      showToast({ type: 'success', message: texts.chosenDone });
      onClose();
      // A move takes the order's tickets off the course's passenger list.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: disruptionKey(course.id) }),
        queryClient.invalidateQueries({ queryKey: coursePassengersKey(course.id) }),
      ]);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(texts.chooseTitle)}
      text={intl.formatMessage(texts.chooseText)}
      confirmLabel={intl.formatMessage(texts.chooseConfirm)}
      cancelLabel={intl.formatMessage(texts.back)}
      tone="primary"
      // A move needs its course.
      confirmDisabled={choose.isPending || (kind === 'move' && toCourse === '')}
      onCancel={onClose}
      onConfirm={() => choose.mutate(kind === 'move' ? { choice: 'move', toCourseId: toCourse } : { choice: 'refund' })}
    >
      <fieldset className="admin-disruption__choice">
        <legend className="visually-hidden">{intl.formatMessage(texts.choice)}</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'move'} onChange={() => setKind('move')} />
          {intl.formatMessage(texts.chooseMove)}
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'refund'} onChange={() => setKind('refund')} />
          {intl.formatMessage(texts.chooseRefund)}
        </label>
      </fieldset>
      {kind === 'move' ? (
        <div className="form-field">
          <label htmlFor={`${id}-course`} className="form-field__label">
            {intl.formatMessage(texts.toCourse)}
          </label>
          <select id={`${id}-course`} className="form-field__input" value={toCourse} onChange={(event) => setToCourse(event.target.value)}>
            <option value="">{intl.formatMessage(texts.pickCourse)}</option>
            {alternatives.map((other) => (
              <option key={other.id} value={other.id}>
                {dateTime(other.departure_at)}
              </option>
            ))}
          </select>
          {alternatives.length === 0 ? <p className="admin-note">{intl.formatMessage(texts.noCourses)}</p> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
