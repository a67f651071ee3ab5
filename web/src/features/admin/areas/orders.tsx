import type { OrderListItem } from '../api/orders';
import { CellValue } from '../components/cell-value';
import { Money } from '../components/formatted';
import { OrderCustomer, OrderExportLink, OrderRoute, OrderStatus } from '../components/order-bits';
import { OrderPage } from '../components/order-page';
import { useRouteFilterOptions } from '../hooks/use-route-options';
import { defineArea } from '../lib/define-area';
import { areaTitles } from '../messages/area-titles';
import { fields } from '../messages/field-messages';
import { ORDER_STATUSES, orderTexts } from '../messages/order-messages';

/**
 * Orders: the list with its filters (status, when placed, the course's day, route, e-mail, the order's
 * hash, a ticket's number) and CSV export; an order's own page (order-page.tsx) rather than a form;
 * a sale at the office from the list's button.
 */
export const ordersArea = defineArea<OrderListItem, Record<string, never>>({
  path: 'order/order',
  title: areaTitles.orders,
  newTitle: orderTexts.newSale,
  recordTitle: (order) => order.number ?? order.hash_id,
  idOf: (order) => order.id,
  defaultSort: '-placed_at',
  columns: [
    // Numbers stay on one line (a list at 1280 px broke them at their hyphens).
    { key: 'number', label: orderTexts.number, cell: (order) => <span className="admin-nowrap">{order.number ?? order.hash_id}</span> },
    { key: 'placed_at', label: orderTexts.placedAt, sortable: true, cell: (order) => <CellValue value={order.placed_at} /> },
    { key: 'status', label: orderTexts.status, sortable: true, cell: (order) => <OrderStatus status={order.status} /> },
    { key: 'email', label: orderTexts.customer, sortable: true, cell: (order) => <OrderCustomer order={order} /> },
    { key: 'route_name', label: fields.route, sortable: true, cell: (order) => <OrderRoute order={order} /> },
    { key: 'departure_at', label: orderTexts.departure, sortable: true, cell: (order) => <CellValue value={order.departure_at} /> },
    { key: 'passengers', label: orderTexts.passengers, sortable: true, numeric: true },
    { key: 'to_pay', label: orderTexts.toPay, sortable: true, numeric: true, cell: (order) => <Money grosz={order.to_pay} /> },
    {
      key: 'invoice_number',
      label: orderTexts.invoiceNumber,
      sortable: true,
      cell: (order) => (order.invoice_number ? <span className="admin-nowrap">{order.invoice_number}</span> : <CellValue value={null} />),
    },
  ],
  filters: [
    { field: 'status', op: 'eq', label: orderTexts.status, kind: 'select', options: ORDER_STATUSES },
    { field: 'placed_at', op: 'gte', label: orderTexts.placedFrom, kind: 'date', timestamp: true },
    { field: 'placed_at', op: 'lte', label: orderTexts.placedTo, kind: 'date', timestamp: true },
    { field: 'departure_at', op: 'gte', label: orderTexts.courseDate, kind: 'day' },
    { field: 'route_id', op: 'eq', label: fields.route, kind: 'select', useOptions: useRouteFilterOptions },
    { field: 'email', op: 'like', label: orderTexts.email },
    { field: 'hash_id', op: 'eq', label: orderTexts.hash },
    { field: 'ticket_number', op: 'eq', label: orderTexts.ticketNumber },
  ],
  listActions: ({ params }) => <OrderExportLink params={params} />,
  canCreate: true,
  create: { path: 'edit', label: orderTexts.newSale },
  record: OrderPage,
});
