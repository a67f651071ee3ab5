// The order's actions: print its tickets at the desk, cancel it with a reason (the answer says what goes
// back to the payer and to the coupon), and send its tickets to the customer again by e-mail or by SMS.
// After a change the order and its timeline are read again once the read model has it (reloadOrder).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { CancelInput } from '@/shared/api/limits.gen';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { cancelOrder, reloadOrder, resendTickets, type AdminOrder } from '../api/orders';
import { adminErrorToast } from '../lib/admin-errors';
import { common } from '../messages/common-messages';
import { deskTexts } from '../messages/desk-messages';
import { orderTexts, orderValues } from '../messages/order-messages';

import { ConfirmDialog } from './confirm-dialog';
import { DeskPrint } from './desk-print';

const CANCELLABLE = new Set(['pending_payment', 'paid']);
/** The server's limit on a cancellation's reason (`CancelInput.reason`). */
const REASON_MAX = CancelInput.reason.maxLength;
const REQUIRED_MARK = ' *';

interface OrderActionsProps {
  order: AdminOrder;
  /** Tells the page what the action did (shown until the next one). */
  onDone: (notice: string) => void;
}

export function OrderActions({ order, onDone }: OrderActionsProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const resend = useMutation({
    mutationFn: (channel: 'email' | 'sms') => resendTickets(order.id, channel),
    onSuccess: async (_, channel) => {
      showToast({ type: 'success', message: channel === 'sms' ? orderTexts.sentSms : orderTexts.sentEmail });
      await reloadOrder(queryClient, order.id, order.version);
    },
    meta: { loader: true },
  });
  // Only a paid order's valid tickets can be sent: an expired or cancelled order offers nothing to send
  // (issue 29), and the server refuses it too.
  const hasTickets = order.status === 'paid' && order.tickets.some((ticket) => ticket.status === 'valid');
  // A walk-in passenger at the desk may have given neither: their tickets are printed.
  const hasEmail = order.customer.email.trim() !== '';
  const hasPhone = order.customer.phone.trim() !== '';
  return (
    <div className="admin-section__actions admin-order-actions">
      <DeskPrint order={order} />
      {hasTickets ? (
        <>
          <Button
            variant="secondary"
            disabled={!hasEmail || resend.isPending}
            title={hasEmail ? undefined : intl.formatMessage(deskTexts.noEmail)}
            onClick={() => resend.mutate('email')}
          >
            {intl.formatMessage(orderTexts.resendEmail)}
          </Button>
          <Button variant="secondary" disabled={!hasPhone || resend.isPending} onClick={() => resend.mutate('sms')}>
            {intl.formatMessage(orderTexts.resendSms)}
          </Button>
        </>
      ) : null}
      {CANCELLABLE.has(order.status) ? (
        <Button variant="secondary" className="button--danger-outline" onClick={() => setCancelling(true)}>
          {intl.formatMessage(orderTexts.cancelOrder)}
        </Button>
      ) : null}
      {cancelling ? (
        <CancelDialog
          order={order}
          onClose={() => setCancelling(false)}
          onDone={(notice) => {
            setCancelling(false);
            onDone(notice);
          }}
        />
      ) : null}
    </div>
  );
}

function CancelDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (notice: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const { money } = useFormatters();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id, reason.trim()),
    onSuccess: async (answer) => {
      onDone(intl.formatMessage(orderValues.cancelled, { refund: money(answer.refund), coupon: money(answer.coupon_refund) }));
      await reloadOrder(queryClient, order.id, order.version);
    },
    onError: (error) => showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  const confirm = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    cancel.mutate();
  };
  return (
    <ConfirmDialog
      title={intl.formatMessage(orderTexts.cancelTitle)}
      text={intl.formatMessage(order.status === 'paid' ? orderTexts.cancelPaidText : orderTexts.cancelText)}
      confirmLabel={intl.formatMessage(orderTexts.cancelConfirm)}
      cancelLabel={intl.formatMessage(common.cancel)}
      confirmDisabled={cancel.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <div className="form-field">
        <label htmlFor={`${id}-reason`} className="form-field__label">
          {intl.formatMessage(orderTexts.reason)}
          <span aria-hidden="true">{REQUIRED_MARK}</span>
        </label>
        <textarea
          id={`${id}-reason`}
          className="form-field__input admin-textarea"
          value={reason}
          maxLength={REASON_MAX}
          aria-required="true"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {missing ? (
          <p id={`${id}-error`} className="form-field__error">
            {intl.formatMessage(orderTexts.reasonRequired)}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
