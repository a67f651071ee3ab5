// An order's invoice or correction as the API lists it with the order (contract of issue 17): in the
// admin's order, and in the customer's success-data and my-tickets. Until web/openapi.json has it
// (`npm run openapi:pull`), the shape is the contract's.

export interface InvoiceSummary {
  id: string;
  number: string;
  /** `VAT` (an invoice) or `KOR` (a correction). */
  kind: 'VAT' | 'KOR';
  issued_at: string;
  gross: number;
  gross_formatted: string;
  /** `/api/order/order-invoice/pdf?id=…` */
  pdf_url: string;
}

/** The invoices an answer carries, if it carries any (an older server's answer has none). */
export function invoicesOf(value: unknown): InvoiceSummary[] {
  const invoices = value !== null && typeof value === 'object' ? (value as { invoices?: unknown }).invoices : undefined;
  return Array.isArray(invoices) ? (invoices as InvoiceSummary[]) : [];
}
