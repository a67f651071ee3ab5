// Small pieces of the order screens: a status as words, a stretch between two stops, the list's
// customer and route cells, and the CSV export of the filtered list.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import type { OrderListItem } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { ordersCsv } from '../lib/csv';
import { exportSearch } from '../lib/list-params';
import { ORDER_STATUSES, orderTexts, orderValues } from '../messages/order-messages';

import { ListExport } from './list-export';
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

export function OrderCustomer({ order }: { order: OrderListItem }) {
  return (
    <>
      {`${order.first_name} ${order.last_name}`}
      <br />
      <span className="admin-note admin-wrap">{order.email}</span>
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

export function OrderExportLink({ params }: { params: URLSearchParams }) {
  const intl = useIntl();
  const href = useAdminHref();
  return (
    <p className="admin-list-actions">
      <Link className="button button--secondary" to={`${href('order/order/export')}?${exportSearch(params)}`}>
        {intl.formatMessage(orderTexts.export)}
      </Link>
    </p>
  );
}

/** `/admin/order/order/export`: the filtered order list, every page of it, as CSV. */
export function OrderExport() {
  const intl = useIntl();
  return (
    <ListExport
      apiPath="order/order"
      listPath="order/order"
      title={intl.formatMessage(orderTexts.exportTitle)}
      ready={(count) => intl.formatMessage(orderValues.ready, { count })}
      download={intl.formatMessage(orderTexts.download)}
      filename="zamowienia.csv"
      toCsv={ordersCsv}
    />
  );
}
