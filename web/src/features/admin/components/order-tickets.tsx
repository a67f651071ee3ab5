// The order's tickets, each with what an admin may do for the customer: return it (no code needed:
// the admin acts on the customer's behalf) or move it to another course of the same route and stops.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { serverMessage } from '@/shared/api/server-messages';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { changeCourse, changeOptionsQuery, reloadOrder, returnQuoteQuery, returnTicket, type AdminOrder, type AdminTicket } from '../api/orders';
import { adminErrorToast } from '../lib/admin-errors';
import { refundedOnTerminal } from '../lib/payment-words';
import { common } from '../messages/common-messages';
import { deskValues } from '../messages/desk-messages';
import { TICKET_STATUSES, orderTexts, orderValues, paidAtOffice } from '../messages/order-messages';
import { returnMoneyTexts, returnQuoteTexts } from '../messages/return-money-messages';

import { ConfirmDialog } from './confirm-dialog';
import { OptionLabel } from './option-label';
import { StretchText } from './order-bits';
import { Section } from './order-section';
import { ReturnQuoteSum } from './return-quote';
import { TableScroll } from './table-scroll';

type Dialog = { kind: 'return' | 'change'; ticket: AdminTicket } | null;

interface OrderTicketsProps {
  order: AdminOrder;
  onDone: (notice: string) => void;
}

export function OrderTickets({ order, onDone }: OrderTicketsProps) {
  const intl = useIntl();
  const { dateTime, money } = useFormatters();
  const [dialog, setDialog] = useState<Dialog>(null);
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const actionable = order.status === 'paid';
  return (
    <Section title={t('tickets')}>
      {order.tickets.length === 0 ? (
        <p className="admin-note">{t('noTickets')}</p>
      ) : (
        <TableScroll label={t('tickets')}>
          <table className="admin-inline-table admin-wide-table admin-tickets">
            <thead>
              <tr>
                <th scope="col">{t('ticketNumber')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('passenger')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('course')}</th>
                <th scope="col">{t('stretch')}</th>
                <th scope="col">{t('price')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {order.tickets.map((ticket) => {
                const status = TICKET_STATUSES.find((option) => option.value === ticket.status);
                const label = { number: ticket.number };
                // A ticket that names no passenger is the buyer's.
                const buyer = [order.customer.first_name, order.customer.last_name].join(' ');
                return (
                  <tr key={ticket.id}>
                    <td className="admin-codes">{ticket.number}</td>
                    <td className="admin-codes">{ticket.code}</td>
                    <td>{ticket.passenger_name ?? buyer}</td>
                    <td>
                      {status ? <OptionLabel label={status.label} /> : ticket.status}
                      {ticket.course_changed ? <span className="admin-tag">{t('courseChanged')}</span> : null}
                    </td>
                    <td>{dateTime(ticket.departure_at)}</td>
                    <td>
                      <StretchText from={ticket.from_name} to={ticket.to_name} />
                    </td>
                    <td className="admin-nowrap">{money(ticket.price)}</td>
                    <td>
                      {actionable && ticket.status === 'valid' ? (
                        <span className="admin-row-actions">
                          <Button variant="secondary" aria-label={intl.formatMessage(orderValues.returnTicketOf, label)} onClick={() => setDialog({ kind: 'return', ticket })}>
                            {t('returnTicket')}
                          </Button>
                          <Button variant="secondary" aria-label={intl.formatMessage(orderValues.changeCourseOf, label)} onClick={() => setDialog({ kind: 'change', ticket })}>
                            {t('changeCourse')}
                          </Button>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {dialog?.kind === 'return' ? (
        <ReturnDialog order={order} ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={onDone} />
      ) : null}
      {dialog?.kind === 'change' ? (
        <ChangeDialog order={order} ticket={dialog.ticket} onClose={() => setDialog(null)} onDone={onDone} />
      ) : null}
    </Section>
  );
}

interface TicketDialogProps {
  order: AdminOrder;
  ticket: AdminTicket;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** What a return says of the money: back on the card terminal, in cash at the desk, or through the gateway. */
function returnedMessage(method: string | null | undefined) {
  if (refundedOnTerminal(method)) return deskValues.returnedAtTerminal;
  return paidAtOffice(method) ? orderValues.returnedAtOffice : orderValues.returned;
}

/** Where the money of the return goes, said before the admin confirms: the terminal, cash, or the gateway. */
function returnMoneyText(method: string | null | undefined) {
  if (refundedOnTerminal(method)) return returnMoneyTexts.terminal;
  return paidAtOffice(method) ? returnMoneyTexts.cash : returnMoneyTexts.gateway;
}

/** The server's refusal in words, or a general sentence. */
function refusalOf(intl: IntlShape, error: unknown): string {
  return isApiError(error) ? serverMessage(intl, { message: error.message, code: error.code }) : intl.formatMessage(common.loadFailed);
}

/** "Return the ticket?": where the money goes, and the return's sum (price, fee, what goes back and how)
 * as the server quotes it, before the admin confirms; a quote the server refuses (too late, returned
 * already) is said instead, and the return is not offered. */
function ReturnDialog({ order, ticket, onClose, onDone }: TicketDialogProps) {
  const intl = useIntl();
  const { money } = useFormatters();
  const queryClient = useQueryClient();
  const quote = useQuery(returnQuoteQuery(ticket.number));
  const returning = useMutation({
    mutationFn: () => returnTicket(ticket.number),
    onSuccess: async (answer) => {
      onClose();
      onDone(
        intl.formatMessage(returnedMessage(order.payment_method), {
          number: answer.number,
          fee: money(answer.fee),
          money: money(answer.money_refund),
          coupon: money(answer.coupon_refund),
        }),
      );
      await reloadOrder(queryClient, order.id, order.version);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(orderValues.returnTitle, { number: ticket.number })}
      text={`${intl.formatMessage(orderTexts.returnText)} ${intl.formatMessage(returnMoneyText(order.payment_method))}`}
      confirmLabel={intl.formatMessage(orderTexts.returnTicket)}
      cancelLabel={intl.formatMessage(common.cancel)}
      confirmDisabled={returning.isPending || !quote.isSuccess}
      onCancel={onClose}
      onConfirm={() => returning.mutate()}
    >
      {quote.isPending ? <p role="status">{intl.formatMessage(returnQuoteTexts.loading)}</p> : null}
      {quote.isError ? (
        <p className="form-field__error" role="alert">
          {refusalOf(intl, quote.error)}
        </p>
      ) : null}
      {quote.isSuccess ? <ReturnQuoteSum quote={quote.data} /> : null}
    </ConfirmDialog>
  );
}

function ChangeDialog({ order, ticket, onClose, onDone }: TicketDialogProps) {
  const intl = useIntl();
  const id = useId();
  const { dateTime, money } = useFormatters();
  const queryClient = useQueryClient();
  const options = useQuery({ ...changeOptionsQuery(ticket.number), retry: false });
  const [chosen, setChosen] = useState('');
  const change = useMutation({
    mutationFn: () => changeCourse(ticket.number, chosen),
    onSuccess: async (answer) => {
      onClose();
      onDone(
        answer.status === 'awaiting_payment' && answer.payment_url
          ? intl.formatMessage(orderValues.changeAwaiting, {
              number: answer.number,
              difference: money(answer.price_difference),
              until: dateTime(answer.pay_by ?? answer.departure_at),
              url: answer.payment_url,
            })
          : intl.formatMessage(orderValues.changed, { number: answer.number, departure: dateTime(answer.departure_at), difference: money(answer.price_difference) }),
      );
      await reloadOrder(queryClient, order.id, order.version);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  let body;
  if (options.isPending) body = <p role="status">{intl.formatMessage(common.loading)}</p>;
  else if (options.isError)
    body = (
      <p className="form-field__error" role="alert">
        {refusalOf(intl, options.error)}
      </p>
    );
  else if (!options.data.can_change || options.data.options.length === 0)
    body = <p className="admin-note">{intl.formatMessage(options.data.can_change ? orderTexts.noChangeOptions : orderTexts.cannotChange)}</p>;
  else
    body = (
      <div className="form-field">
        <label htmlFor={`${id}-course`} className="form-field__label">
          {intl.formatMessage(orderTexts.newCourse)}
        </label>
        <select id={`${id}-course`} className="form-field__input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{intl.formatMessage(orderTexts.chooseCourse)}</option>
          {options.data.options.map((option) => (
            <option key={option.course_id} value={option.course_id}>
              {intl.formatMessage(orderValues.changeOption, {
                departure: dateTime(option.departure_at),
                seats: option.free_seats,
                difference: money(option.price_difference),
              })}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <ConfirmDialog
      title={intl.formatMessage(orderValues.changeTitle, { number: ticket.number })}
      text={intl.formatMessage(orderTexts.changeText)}
      confirmLabel={intl.formatMessage(orderTexts.changeCourse)}
      cancelLabel={intl.formatMessage(common.cancel)}
      tone="primary"
      confirmDisabled={!chosen || change.isPending}
      onCancel={onClose}
      onConfirm={() => change.mutate()}
    >
      {body}
    </ConfirmDialog>
  );
}
