import { defineMessages } from 'react-intl';

/**
 * The names of the files the panel downloads, in the panel's language (issue 29: under /en they were
 * Polish). A name is letters, digits and dashes only, so every system keeps it as it is; the dates and
 * numbers in it are filled in where the file is made.
 */
export const fileNames = defineMessages({
  orders: { id: 'admin.file.orders', defaultMessage: 'zamowienia', description: 'File name (no extension, ASCII, dashes): the orders list export' },
  invoices: { id: 'admin.file.invoices', defaultMessage: 'faktury', description: 'File name (no extension, ASCII, dashes): the invoices list export' },
  coupons: { id: 'admin.file.coupons', defaultMessage: 'kupony', description: 'File name (no extension, ASCII, dashes): the coupons list export' },
  register: { id: 'admin.file.register', defaultMessage: 'rejestr-vat', description: 'File name (no extension, ASCII, dashes): the VAT register export' },
  salesRegister: { id: 'admin.file.salesRegisterSheet', defaultMessage: 'rejestr-sprzedazy', description: 'File name (no extension, ASCII, dashes): the sales register export' },
});

export const fileNameValues = defineMessages<{
  register: { from: string; to: string; asOf: string };
  salesDays: { from: string; to: string };
  salesRoutes: { from: string; to: string };
  tickets: { number: string };
  ticketsReceipt: { number: string };
  cashReport: { day: string };
  salesRegister: { month: string };
  jpk: { month: string };
}>({
  register: {
    id: 'admin.file.registerPeriod',
    defaultMessage: 'rejestr-vat_{from}_{to}_stan-na-{asOf}',
    description: 'File name (no extension, ASCII): the VAT register of a period (from, to) as of a day',
  },
  salesDays: { id: 'admin.file.salesDays', defaultMessage: 'sprzedaz-dni-{from}-{to}', description: 'File name (no extension, ASCII): the home page\'s sales per day of a period' },
  salesRoutes: { id: 'admin.file.salesRoutes', defaultMessage: 'sprzedaz-trasy-{from}-{to}', description: 'File name (no extension, ASCII): the home page\'s sales per route of a period' },
  tickets: { id: 'admin.file.tickets', defaultMessage: 'bilety-{number}', description: 'File name (no extension, ASCII): the printed tickets of an order, on A4' },
  cashReport: { id: 'admin.file.cashReport', defaultMessage: 'raport-kasowy-{day}', description: 'File name (no extension, ASCII): the cash report of a day of the till' },
  salesRegister: { id: 'admin.file.salesRegister', defaultMessage: 'rejestr-sprzedazy-{month}', description: 'File name (no extension, ASCII): the sales register of a month' },
  jpk: { id: 'admin.file.jpk', defaultMessage: 'JPK_V7M_{month}', description: 'File name (no extension, ASCII): the month\'s JPK_V7M file (the form\'s own name, the same in every language)' },
  ticketsReceipt: { id: 'admin.file.ticketsReceipt', defaultMessage: 'bilety-{number}-80mm', description: 'File name (no extension, ASCII): the printed tickets of an order, for the 80 mm receipt printer' },
});
