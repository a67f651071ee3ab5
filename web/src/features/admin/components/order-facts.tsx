// The admin's order page: what the order is (status, times, totals), who bought it, the invoice data
// asked for (or, on a paid order without any, the way to issue the invoice after the sale), and the
// courses it travels on.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';

import type { AdminOrder } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { orderTexts, orderValues } from '../messages/order-messages';

import { CellValue } from './cell-value';
import { ServerWords } from './invoice-words';
import { OrderStatus, StretchText } from './order-bits';
import { Facts, Section } from './order-section';
import { TableScroll } from './table-scroll';

export function OrderSummary({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { dateTime, money } = useFormatters();
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
          [t('total'), money(order.total)],
          [t('coupon'), order.coupon ? intl.formatMessage(orderValues.couponUsed, { code: order.coupon.code, amount: money(order.coupon_amount) }) : null],
          [t('toPay'), money(order.to_pay)],
          [t('hash'), <span key="hash" className="admin-codes">{order.hash_id}</span>],
          ...(order.cancelled_at
            ? ([
                [t('cancelledAt'), when(order.cancelled_at)],
                [t('cancelReason'), order.cancel_reason ? <ServerWords key="reason" text={order.cancel_reason} /> : null],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}

export function OrderCustomerSection({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const { customer } = order;
  const t = (message: keyof typeof orderTexts) => intl.formatMessage(orderTexts[message]);
  return (
    <Section title={t('customer')}>
      <Facts
        items={[
          [t('name'), `${customer.first_name} ${customer.last_name}`],
          // A walk-in passenger at the desk may have given neither.
          [t('email'), customer.email ? <span key="email" className="admin-wrap">{customer.email}</span> : <CellValue key="email" value={null} />],
          [t('phone'), customer.phone || <CellValue key="phone" value={null} />],
          [t('notifyBySms'), <CellValue key="sms" value={customer.notify_by_sms} />],
          [t('account'), order.user_id ? intl.formatMessage(orderTexts.accountYes) : intl.formatMessage(orderTexts.guest)],
        ]}
      />
    </Section>
  );
}

/** The invoice data asked for; without any, on a paid order, "Wystaw fakturę" opens the invoice's form. */
export function OrderInvoiceData({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const href = useAdminHref();
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
        <>
          <p className="admin-note">{t('noInvoice')}</p>
          {order.status === 'paid' ? (
            <p className="admin-section__actions">
              <Link className="button button--secondary" to={href(`order/order/invoice/${order.id}`)}>
                {t('issueInvoice')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </Section>
  );
}

export function OrderLegs({ order }: { order: AdminOrder }) {
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
