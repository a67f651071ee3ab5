// The admin's order page: the money (payment, what was given back and what still waits at the desk, the
// refunds with a desk refund's "Wypłać") and the invoices issued for the order.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { reloadOrder, type AdminOrder, type InvoiceSummary } from '../api/orders';
import { showTillDay } from '../api/till';
import { useAdminHref } from '../lib/admin-path';
import { providerWords, transactionWords } from '../lib/payment-words';
import { deskMethodOf, refundSums, waitsAtDesk, type OrderRefund } from '../lib/refunds';
import { refusalOf } from '../lib/refusal';
import { correctionTexts } from '../messages/correction-messages';
import { PAYMENT_METHODS, REFUND_STATUSES, orderTexts } from '../messages/order-messages';
import { tillTexts, tillValues } from '../messages/till-messages';

import { CellValue } from './cell-value';
import { InvoiceKind, OrderCorrectionLine, ServerWords } from './invoice-words';
import { OptionLabel } from './option-label';
import { Facts, InvoiceFiles, Section } from './order-section';
import { PayOutDialog } from './pay-out-dialog';
import { TableScroll } from './table-scroll';

/** How the order was paid, what went back (only money given back: a gateway's refund sent, a desk's paid
 * out) and what still waits at the desk, and the refunds. */
export function OrderPayments({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { money } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const method = PAYMENT_METHODS.find((option) => option.value === order.payment_method);
  const provider = providerWords(order.payment_provider);
  const transaction = transactionWords(order.transaction_id);
  const sums = refundSums(order.gateway_refunds);
  return (
    <Section title={t('payments')}>
      <Facts
        items={[
          [t('provider'), provider ? intl.formatMessage(provider) : order.payment_provider],
          [t('method'), method ? <OptionLabel key="method" label={method.label} /> : (order.payment_method ?? null)],
          [t('paidAmount'), typeof order.paid_amount === 'number' ? money(order.paid_amount) : null],
          [
            t('transaction'),
            transaction ? intl.formatMessage(transaction) : order.transaction_id ? <span key="transaction" className="admin-codes">{order.transaction_id}</span> : null,
          ],
          [intl.formatMessage(tillTexts.givenBack), money(sums.givenBack)],
          ...(sums.atDesk > 0 ? [[intl.formatMessage(tillTexts.waitingAtDesk), <strong key="desk">{money(sums.atDesk)}</strong>] as [string, ReactNode]] : []),
          [t('couponRefunded'), money(order.coupon_refunded)],
          [t('lateRefunded'), money(order.late_refunded)],
        ]}
      />
      <GatewayRefunds order={order} />
    </Section>
  );
}

/** A refund's state in words: a desk refund once paid out says when. */
function RefundStatus({ refund }: { refund: OrderRefund }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  if (deskMethodOf(refund) && refund.paid_out_at) return <>{intl.formatMessage(tillValues.paidOutAtDesk, { date: dateTime(refund.paid_out_at) })}</>;
  const status = REFUND_STATUSES.find((option) => option.value === refund.status);
  return status ? <OptionLabel label={status.label} /> : <>{refund.status}</>;
}

/** The refunds sent (or to send) through the payment gateway, with their attempts, and those owed at the
 * desk, each waiting one with "Wypłać" (the till's own action). */
function GatewayRefunds({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { dateTime, money } = useFormatters();
  const [paying, setPaying] = useState<OrderRefund | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const desk = order.gateway_refunds.some((refund) => deskMethodOf(refund) !== null);
  const number = order.number ?? order.hash_id;
  return (
    <>
      <h3 className="admin-subform__title">{t('refunds')}</h3>
      {refused ? (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      ) : null}
      {order.gateway_refunds.length === 0 ? (
        <p className="admin-note">{t('noRefunds')}</p>
      ) : (
        <TableScroll label={t('refunds')}>
          <table className="admin-inline-table admin-wide-table">
            <thead>
              <tr>
                <th scope="col">{t('refundReason')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('attempts')}</th>
                <th scope="col">{t('lastError')}</th>
                <th scope="col">{t('createdAt')}</th>
                <th scope="col">{t('sentAt')}</th>
                {desk ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {order.gateway_refunds.map((refund) => (
                <tr key={refund.refund_id}>
                  <td>
                    <ServerWords text={refund.reason} />
                  </td>
                  <td>{money(refund.amount)}</td>
                  <td>
                    <RefundStatus refund={refund} />
                  </td>
                  <td>{refund.attempts}</td>
                  <td className="admin-wrap">{refund.last_error ?? <CellValue value={null} />}</td>
                  <td>{dateTime(refund.created_at)}</td>
                  <td>{refund.sent_at ? dateTime(refund.sent_at) : <CellValue value={null} />}</td>
                  {desk ? (
                    <td>
                      {waitsAtDesk(refund) ? (
                        <Button
                          variant="secondary"
                          aria-label={intl.formatMessage(tillValues.payOutOf, { number })}
                          onClick={() => {
                            setRefused(null);
                            setPaying(refund);
                          }}
                        >
                          {intl.formatMessage(tillTexts.payOut)}
                        </Button>
                      ) : (
                        <CellValue value={null} />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {paying ? (
        <PayOutDialog
          refund={{ refund_id: paying.refund_id, amount: paying.amount, method: deskMethodOf(paying) ?? 'cash', order_number: number }}
          onClose={() => setPaying(null)}
          onPaid={async (view) => {
            showToast({ type: 'success', message: { ...tillValues.paidOut, values: { amount: money(paying.amount) } } });
            await showTillDay(queryClient, view);
            await reloadOrder(queryClient, order.id, order.version);
          }}
          onRefused={async (error) => {
            setRefused(refusalOf(intl, error, []).message);
            await reloadOrder(queryClient, order.id, -1);
          }}
        />
      ) : null}
    </>
  );
}

/** The order's invoices and corrections, with their files; a correction's line with the fee named. */
export function OrderInvoices({ invoices, order }: { invoices: InvoiceSummary[]; order: Pick<AdminOrder, 'id' | 'tickets'> }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { dateTime, money } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  return (
    <Section title={t('invoices')}>
      {invoices.length === 0 ? (
        <p className="admin-note">{t('noInvoices')}</p>
      ) : (
        <TableScroll label={t('invoices')}>
          <table className="admin-inline-table admin-wide-table">
            <thead>
              <tr>
                <th scope="col">{t('invoiceNumber')}</th>
                <th scope="col">{t('kind')}</th>
                <th scope="col">{t('issuedAt')}</th>
                <th scope="col">{t('gross')}</th>
                <th scope="col">{intl.formatMessage(correctionTexts.line)}</th>
                <th scope="col">{t('files')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <Link className="admin-nowrap" to={href(`order/invoice/${invoice.id}`)}>
                      {invoice.number}
                    </Link>
                  </td>
                  <td>
                    <InvoiceKind kind={invoice.kind} />
                  </td>
                  <td>{dateTime(invoice.issued_at)}</td>
                  <td className="admin-nowrap">{money(invoice.gross)}</td>
                  <td className="admin-wrap">
                    {invoice.kind === 'KOR' ? <OrderCorrectionLine orderId={order.id} invoiceId={invoice.id} gross={invoice.gross} tickets={order.tickets} /> : <CellValue value={null} />}
                  </td>
                  <td>
                    <InvoiceFiles id={invoice.id} number={invoice.number} pdfUrl={invoice.pdf_url} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}
