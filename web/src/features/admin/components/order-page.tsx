// `/admin/order/order/{id}`: one order as an admin sees it: customer, invoice data, legs, tickets with
// their actions, payment, refunds, invoices, the timeline of everything that happened to it, and the
// order's actions (cancel, send the tickets again, edit).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { orderQuery } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';
import { orderTexts, orderValues } from '../messages/order-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';
import { OrderActions } from './order-actions';
import { OrderCustomerSection, OrderInvoiceData, OrderLegs, OrderSummary } from './order-facts';
import { OrderPayments, OrderInvoices } from './order-payments';
import { OrderTickets } from './order-tickets';
import { OrderTimeline } from './order-timeline';

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
      <OrderInvoices invoices={order.invoices ?? []} order={order} />
      <OrderTimeline orderId={order.id} />
    </AdminPage>
  );
}
