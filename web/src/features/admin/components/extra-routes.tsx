// The panel's screens that are not an area's list or record.
import type { ReactNode } from 'react';

import { CouponExport } from './coupon-export';
import { InvoiceExport } from './invoice-page';
import { InvoiceRegister } from './invoice-register';
import { OrderExport } from './order-bits';
import { OrderEditRoute } from './order-edit';
import { SettingsScreen } from './settings-screen';

export const EXTRA_ROUTES: { path: string; element: ReactNode }[] = [
  { path: 'company/company/settings', element: <SettingsScreen /> },
  { path: 'course/coupon/export-coupon', element: <CouponExport /> },
  { path: 'order/order/export', element: <OrderExport /> },
  // No id: a sale at the office; with one, the order's customer and invoice data.
  { path: 'order/order/edit', element: <OrderEditRoute /> },
  { path: 'order/order/edit/:id', element: <OrderEditRoute /> },
  { path: 'order/invoice/export', element: <InvoiceExport /> },
  { path: 'order/invoice/register', element: <InvoiceRegister /> },
];
