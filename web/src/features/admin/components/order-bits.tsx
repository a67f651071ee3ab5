// Small pieces of the order screens: a status as words, a stretch between two stops, the list's
// customer and route cells, and the CSV/XLSX export of the filtered list.
import { useIntl } from 'react-intl';

import { allRows } from '../api/admin-data';
import type { OrderListItem } from '../api/orders';
import { ORDERS_EXPORT } from '../lib/exports';
import { ORDER_STATUSES, orderValues } from '../messages/order-messages';

import { ExportButtons } from './export-buttons';
import { OptionLabel } from './option-label';

/** An order's status in words (an unknown one as the API says it). */
export function OrderStatus({ status }: { status: string }) {
  const known = ORDER_STATUSES.find((option) => option.value === status);
  return known ? <OptionLabel label={known.label} /> : <>{status}</>;
}

export function StretchText({ from, to }: { from: string; to: string }) {
  const intl = useIntl();
  return <>{intl.formatMessage(orderValues.stretchOf, { from, to })}</>;
}

/** The customer's name, and the e-mail on one line: a long one ends in "…", the whole of it in its title. */
export function OrderCustomer({ order }: { order: OrderListItem }) {
  return (
    <>
      {`${order.first_name} ${order.last_name}`}
      {order.email ? (
        <span className="admin-note admin-ellipsis" title={order.email}>
          {order.email}
        </span>
      ) : null}
    </>
  );
}

export function OrderRoute({ order }: { order: OrderListItem }) {
  return (
    <>
      {order.route_name}
      <br />
      <span className="admin-note">
        <StretchText from={order.from_name} to={order.to_name} />
      </span>
    </>
  );
}

/** The filtered order list, every page of it, as CSV or XLSX, with each paid order's money (how it was
 * paid, what was paid and given back) and the totals. */
export function OrderExportLink({ params }: { params: URLSearchParams }) {
  return (
    <p className="admin-list-actions">
      <ExportButtons spec={ORDERS_EXPORT} load={() => allRows<OrderListItem>('order/order', params)} />
    </p>
  );
}
