// The panel's screens that are not an area's list or record.
import type { ReactNode } from 'react';

import { ComplaintOfficeForm } from './complaint-office-form';
import { InvoiceRegister } from './invoice-register';
import { FinanceMonthScreen, TillScreen } from './lazy-screens';
import { OrderEditRoute, OrderInvoiceRoute } from './order-edit';
import { PersonalDataScreen } from './personal-data-screen';
import { SettingsScreen } from './settings-screen';

export const EXTRA_ROUTES: { path: string; element: ReactNode }[] = [
  { path: 'company/company/settings', element: <SettingsScreen /> },
  // No id: a sale at the office; with one, the order's customer and invoice data.
  { path: 'order/order/edit', element: <OrderEditRoute /> },
  { path: 'order/order/edit/:id', element: <OrderEditRoute /> },
  // The invoice a paid order's customer asks for after the sale ("Wystaw fakturę" on its invoice card).
  { path: 'order/order/invoice/:id', element: <OrderInvoiceRoute /> },
  { path: 'order/invoice/register', element: <InvoiceRegister /> },
  // The month's JPK_V7M(3) and sales register (docs/finance.md).
  { path: 'order/invoice/month', element: <FinanceMonthScreen /> },
  // The office's desk: its day, the refunds waiting there, the day's close (docs/till.md).
  { path: 'till', element: <TillScreen /> },
  // A complaint the office files for a passenger who phoned, wrote or came to the desk (issue 39).
  { path: 'complaint/complaint/file', element: <ComplaintOfficeForm /> },
  // Requests under RODO and the register of erasures (issue 38).
  { path: 'personal-data', element: <PersonalDataScreen /> },
];
