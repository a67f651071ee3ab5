import { INVOICES, type InvoiceRow } from '../api/invoices';
import { CellValue } from '../components/cell-value';
import { Day, Money } from '../components/formatted';
import { InvoiceCorrects, InvoiceListActions, InvoicePage } from '../components/invoice-page';
import { InvoiceKind } from '../components/invoice-words';
import { KsefDeadlineAlert } from '../components/ksef-deadlines';
import { KsefOutagesPanel } from '../components/ksef-outages';
import { KsefCell } from '../components/ksef-status';
import { defineArea } from '../lib/define-area';
import { areaTitles } from '../messages/area-titles';
import { INVOICE_KINDS, invoiceTexts } from '../messages/invoice-messages';
import { KSEF_STATES, ksefTexts } from '../messages/ksef-messages';

/**
 * Invoices and their corrections, numbered as issued: the list with filters, sort and CSV export, one
 * document's page (invoice-page.tsx) with its order, files, KSeF state and corrections, and the register of a
 * period. The KSeF column and filter show where each document stands in the national e-invoice system;
 * an alert above the list names the documents due there within one working day and why each is stuck, and
 * the KSeF outages panel lists the announcements entered, takes a new one and says when offline invoicing
 * is not possible (no offline certificate).
 */
export const invoicesArea = defineArea<InvoiceRow, Record<string, never>>({
  path: 'order/invoice',
  apiPath: INVOICES,
  title: areaTitles.invoices,
  newTitle: areaTitles.invoices,
  recordTitle: (invoice) => invoice.number,
  idOf: (invoice) => invoice.id,
  defaultSort: '-issued_at',
  columns: [
    // Numbers stay on one line; the columns fit beside the KSeF one at 1280 px (admin.css, 'The lists').
    { key: 'number', label: invoiceTexts.number, sortable: true, cell: (invoice) => <span className="admin-nowrap">{invoice.number}</span> },
    { key: 'kind', label: invoiceTexts.kind, cell: (invoice) => <InvoiceKind kind={invoice.kind} /> },
    { key: 'issued_at', label: invoiceTexts.issuedAt, sortable: true, cell: (invoice) => <CellValue value={invoice.issued_at} /> },
    {
      key: 'sale_date',
      label: invoiceTexts.saleDate,
      cell: (invoice) => <Day day={invoice.sale_date} />,
    },
    { key: 'buyer_name', label: invoiceTexts.buyer, sortable: true },
    { key: 'buyer_tax_id', label: invoiceTexts.taxId },
    { key: 'net', label: invoiceTexts.net, numeric: true, cell: (invoice) => <Money grosz={invoice.net} /> },
    { key: 'vat', label: invoiceTexts.vat, numeric: true, cell: (invoice) => <Money grosz={invoice.vat} /> },
    { key: 'gross', label: invoiceTexts.gross, sortable: true, numeric: true, cell: (invoice) => <Money grosz={invoice.gross} /> },
    { key: 'corrects_number', label: invoiceTexts.corrects, cell: (invoice) => <InvoiceCorrects invoice={invoice} /> },
    { key: 'ksef_state', label: ksefTexts.column, sortable: true, cell: (invoice) => <KsefCell invoice={invoice} /> },
  ],
  filters: [
    { field: 'number', op: 'like', label: invoiceTexts.number },
    { field: 'kind', op: 'eq', label: invoiceTexts.kind, kind: 'select', options: INVOICE_KINDS },
    { field: 'issued_at', op: 'gte', label: invoiceTexts.issuedFrom, kind: 'date', timestamp: true },
    { field: 'issued_at', op: 'lte', label: invoiceTexts.issuedTo, kind: 'date', timestamp: true },
    { field: 'buyer_name', op: 'like', label: invoiceTexts.buyer },
    { field: 'buyer_tax_id', op: 'eq', label: invoiceTexts.taxId },
    { field: 'ksef_state', op: 'eq', label: ksefTexts.column, kind: 'select', options: KSEF_STATES },
  ],
  listActions: ({ params }) => (
    <>
      <KsefDeadlineAlert />
      <InvoiceListActions params={params} />
      <KsefOutagesPanel />
    </>
  ),
  record: InvoicePage,
});
