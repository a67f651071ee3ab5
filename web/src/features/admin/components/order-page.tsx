// `/admin/order/order/{id}`: one order as an admin sees it: customer, invoice data, legs, tickets with
// their actions, payment, refunds, invoices, the timeline of everything that happened to it, and the
// order's actions (cancel, send the tickets again, edit).
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { DocumentLink } from '@/shared/ui/document-link';

import { invoiceFa3Url } from '../api/invoices';
import { orderQuery, type AdminOrder, type InvoiceSummary } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';
import { PAYMENT_METHODS, REFUND_STATUSES, orderTexts, orderValues, paidAtOffice } from '../messages/order-messages';

import { AdminPage } from './admin-page';
import { CellValue } from './cell-value';
import { LoadFailed } from './load-failed';
import { OptionLabel } from './option-label';
import { OrderActions } from './order-actions';
import { OrderStatus, StretchText } from './order-bits';
import { OrderTickets } from './order-tickets';
import { OrderTimeline } from './order-timeline';
import { TableScroll } from './table-scroll';

export function OrderPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const href = useAdminHref();
  const query = useQuery(orderQuery(id));
  // What the last action did (a cancellation's refund, a return's), until the next one.
  const [notice, setNotice] = useState<string | null>(null);
  const back = (
    <Link className="button button--secondary" to={href('order/order')}>
      {intl.formatMessage(common.backToList)}
    </Link>
  );
  if (query.isPending) {
    return (
      <AdminPage title={intl.formatMessage(common.loading)} actions={back}>
        <p role="status">{intl.formatMessage(common.loading)}</p>
      </AdminPage>
    );
  }
  if (query.isError) {
    return (
      <AdminPage title={intl.formatMessage(common.loadFailed)} actions={back}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </AdminPage>
    );
  }
  const order = query.data;
  return (
    <AdminPage
      title={intl.formatMessage(orderValues.title, { number: order.number ?? order.hash_id })}
      actions={
        <>
          <Link className="button button--secondary" to={href(`order/order/edit/${order.id}`)}>
            {intl.formatMessage(orderTexts.edit)}
          </Link>
          {back}
        </>
      }
    >
      <OrderActions order={order} onDone={setNotice} />
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="admin-order-grid">
        <OrderSummary order={order} />
        <OrderCustomerSection order={order} />
        <OrderInvoiceData order={order} />
      </div>
      <OrderLegs order={order} />
      <OrderTickets order={order} onDone={setNotice} />
      <OrderPayments order={order} />
      <OrderInvoices invoices={order.invoices ?? []} />
      <OrderTimeline orderId={order.id} />
    </AdminPage>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A definition list of label and value pairs; empty values show a dash. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {items.map(([label, value]) => (
        <div key={label} className="admin-facts__row">
          <dt>{label}</dt>
          <dd>{value ?? <CellValue value={null} />}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderSummary({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const when = (value: string | null | undefined) => (value ? dateTime(value) : null);
  return (
    <Section title={t('summary')}>
      <Facts
        items={[
          [t('status'), <OrderStatus key="status" status={order.status} />],
          [t('placedAt'), when(order.placed_at)],
          [t('paidAt'), when(order.paid_at)],
          [t('expiresAt'), order.status === 'pending_payment' ? when(order.expires_at) : when(order.expired_at)],
          [t('total'), order.total_formatted],
          [t('coupon'), order.coupon ? intl.formatMessage(orderValues.couponUsed, { code: order.coupon.code, amount: order.coupon_amount_formatted }) : null],
          [t('toPay'), order.to_pay_formatted],
          [t('hash'), <span key="hash" className="admin-codes">{order.hash_id}</span>],
          ...(order.cancelled_at
            ? ([
                [t('cancelledAt'), when(order.cancelled_at)],
                [t('cancelReason'), order.cancel_reason ?? null],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}

function OrderCustomerSection({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { customer } = order;
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  return (
    <Section title={t('customer')}>
      <Facts
        items={[
          [t('name'), `${customer.first_name} ${customer.last_name}`],
          [t('email'), <span key="email" className="admin-wrap">{customer.email}</span>],
          [t('phone'), customer.phone],
          [t('notifyBySms'), <CellValue key="sms" value={customer.notify_by_sms} />],
          [t('account'), order.user_id ? intl.formatMessage(orderTexts.accountYes) : intl.formatMessage(orderTexts.guest)],
        ]}
      />
    </Section>
  );
}

function OrderInvoiceData({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { invoice } = order;
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  return (
    <Section title={t('invoiceData')}>
      {invoice ? (
        <Facts
          items={[
            [t('companyName'), invoice.company_name],
            [t('vatNumber'), invoice.vat_number],
            [t('address'), invoice.address],
            [t('city'), intl.formatMessage(orderValues.place, { postalCode: invoice.postal_code, city: invoice.city })],
            [t('country'), invoice.country],
          ]}
        />
      ) : (
        <p className="admin-note">{t('noInvoice')}</p>
      )}
    </Section>
  );
}

function OrderLegs({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const legs = [order.outbound, ...(order.back ? [order.back] : [])];
  return (
    <Section title={intl.formatMessage(orderTexts.legs)}>
      <TableScroll label={intl.formatMessage(orderTexts.legs)}>
        <table className="admin-inline-table admin-wide-table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(orderTexts.leg)}</th>
              <th scope="col">{intl.formatMessage(orderTexts.route)}</th>
              <th scope="col">{intl.formatMessage(orderTexts.stretch)}</th>
              <th scope="col">{intl.formatMessage(orderTexts.departure)}</th>
              <th scope="col">{intl.formatMessage(orderTexts.arrival)}</th>
              <th scope="col">{intl.formatMessage(orderTexts.passengers)}</th>
            </tr>
          </thead>
          <tbody>
            {legs.map((leg) => (
              <tr key={leg.kind}>
                <td>{intl.formatMessage(leg.kind === 'back' ? orderTexts.legBack : orderTexts.legOutbound)}</td>
                <td>{leg.route_name}</td>
                <td>
                  <StretchText from={leg.from_name} to={leg.to_name} />
                </td>
                <td>{dateTime(leg.departure_at)}</td>
                <td>{dateTime(leg.arrival_at)}</td>
                <td>{order.lines.reduce((sum, line) => sum + line.quantity, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}

function OrderPayments({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { money, dateTime } = useFormatters();
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  const method = PAYMENT_METHODS.find((option) => option.value === order.payment_method);
  return (
    <Section title={t('payments')}>
      <Facts
        items={[
          [t('provider'), order.payment_provider],
          [t('method'), method ? <OptionLabel key="method" label={method.label} /> : (order.payment_method ?? null)],
          [t('paidAmount'), typeof order.paid_amount === 'number' ? money(order.paid_amount) : null],
          [t('transaction'), order.transaction_id ? <span key="transaction" className="admin-codes">{order.transaction_id}</span> : null],
          [t(paidAtOffice(order.payment_method) ? 'moneyRefundedAtOffice' : 'moneyRefunded'), money(order.money_refunded)],
          [t('couponRefunded'), money(order.coupon_refunded)],
          [t('lateRefunded'), money(order.late_refunded)],
        ]}
      />
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
    </Section>
  );
}

/** An invoice document's number and its PDF and FA(3) files. */
export function InvoiceFiles({ id, number, pdfUrl }: { id: string; number: string; pdfUrl: string }) {
  const intl = useIntl();
  const file = number.replace(/[^\w-]+/g, '-');
  return (
    <span className="admin-row-actions">
      <DocumentLink href={pdfUrl} filename={`${file}.pdf`}>
        {intl.formatMessage(orderValues.pdf, { number })}
      </DocumentLink>
      <DocumentLink href={invoiceFa3Url(id)} filename={`${file}.xml`}>
        {intl.formatMessage(orderValues.fa3, { number })}
      </DocumentLink>
    </span>
  );
}

function OrderInvoices({ invoices }: { invoices: InvoiceSummary[] }) {
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
