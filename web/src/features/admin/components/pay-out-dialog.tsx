// "Wypłać": a refund waiting at the desk paid out, once (docs/till.md, 'A refund waiting at the desk is paid
// out once'). The question says how much and how: cash from the till, or back to the card on the payment
// terminal. The till's page and the order's page both ask it; each reads its data again afterwards. A
// refusal (paid out meanwhile, today's till closed) is said in the dialog's place by the page.
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { payOut, type DeskMethod, type TillDay } from '../api/till';
import { tillTexts, tillValues } from '../messages/till-messages';

import { ConfirmDialog } from './confirm-dialog';

export interface DeskRefund {
  refund_id: string;
  amount: number;
  method: DeskMethod;
  order_number: string;
}

interface PayOutDialogProps {
  refund: DeskRefund;
  onClose: () => void;
  /** The till as it stands after the pay-out (today's). */
  onPaid: (view: TillDay) => Promise<void> | void;
  /** The server refused it (said by the caller, which reads its data again). */
  onRefused: (error: unknown) => Promise<void> | void;
}

export function PayOutDialog({ refund, onClose, onPaid, onRefused }: PayOutDialogProps) {
  const intl = useIntl();
  const { money } = useFormatters();
  const pay = useMutation({
    mutationFn: () => payOut(refund.refund_id),
    onSuccess: async (view) => {
      onClose();
      await onPaid(view);
    },
    onError: async (error) => {
      onClose();
      await onRefused(error);
    },
    meta: { loader: true },
  });
  const values = { amount: money(refund.amount), number: refund.order_number };
  return (
    <ConfirmDialog
      title={intl.formatMessage(tillTexts.payOutTitle)}
      text={intl.formatMessage(refund.method === 'card_terminal' ? tillValues.payOutCard : tillValues.payOutCash, values)}
      confirmLabel={intl.formatMessage(tillTexts.payOut)}
      cancelLabel={intl.formatMessage(tillTexts.back)}
      tone="primary"
      confirmDisabled={pay.isPending}
      onCancel={onClose}
      onConfirm={() => pay.mutate()}
    />
  );
}
