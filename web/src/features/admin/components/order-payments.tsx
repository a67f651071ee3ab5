// The admin's order page: the money (payment, what was refunded, the gateway's refunds) and the
// invoices issued for the order.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';

import type { AdminOrder, InvoiceSummary } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { providerWords, refundedOnTerminal, transactionWords } from '../lib/payment-words';
import { deskTexts } from '../messages/desk-messages';
import { PAYMENT_METHODS, REFUND_STATUSES, orderTexts, paidAtOffice } from '../messages/order-messages';

import { CellValue } from './cell-value';
import { OptionLabel } from './option-label';
import { Facts, InvoiceFiles, Section } from './order-section';
import { TableScroll } from './table-scroll';

/** How the order was paid and what went back, and the gateway's refunds. */
export function OrderPayments({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { money } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const method = PAYMENT_METHODS.find((option) => option.value === order.payment_method);
  const provider = providerWords(order.payment_provider);
  const transaction = transactionWords(order.transaction_id);
  const refundedLabel = refundedOnTerminal(order.payment_method)
    ? intl.formatMessage(deskTexts.moneyRefundedAtTerminal)
    : t(paidAtOffice(order.payment_method) ? 'moneyRefundedAtOffice' : 'moneyRefunded');
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
          [refundedLabel, money(order.money_refunded)],
          [t('couponRefunded'), money(order.coupon_refunded)],
          [t('lateRefunded'), money(order.late_refunded)],
        ]}
      />
      <GatewayRefunds order={order} />
    </Section>
  );
}

/** The refunds sent (or to send) through the payment gateway, with their attempts. */
function GatewayRefunds({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  return (
    <>
      <h3 className="admin-subform__title">{t('refunds')}</h3>
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
              </tr>
            </thead>
            <tbody>
              {order.gateway_refunds.map((refund) => {
                const status = REFUND_STATUSES.find((option) => option.value === refund.status);
                return (
                  <tr key={refund.refund_id}>
                    <td>{refund.reason}</td>
                    <td>{refund.amount_formatted}</td>
                    <td>{status ? <OptionLabel label={status.label} /> : refund.status}</td>
                    <td>{refund.attempts}</td>
                    <td className="admin-wrap">{refund.last_error ?? <CellValue value={null} />}</td>
                    <td>{dateTime(refund.created_at)}</td>
                    <td>{refund.sent_at ? dateTime(refund.sent_at) : <CellValue value={null} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/** The order's invoices and corrections, with their files. */
export function OrderInvoices({ invoices }: { invoices: InvoiceSummary[] }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { dateTime } = useFormatters();
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
                <th scope="col">{t('files')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <Link to={href(`order/invoice/${invoice.id}`)}>{invoice.number}</Link>
                  </td>
                  <td>{invoice.kind}</td>
                  <td>{dateTime(invoice.issued_at)}</td>
                  <td>{invoice.gross_formatted}</td>
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
