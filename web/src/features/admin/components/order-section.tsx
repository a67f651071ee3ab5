// The pieces the admin's order and invoice pages are built of: a titled section, a list of facts, and
// an invoice's files.
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { DocumentLink } from '@/shared/ui/document-link';

import { invoiceFa3Url } from '../api/invoices';
import { orderValues } from '../messages/order-messages';

import { CellValue } from './cell-value';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A definition list of label and value pairs; empty values show a dash. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {items.map(([label, value]) => (
        <div key={label} className="admin-facts__row">
          <dt>{label}</dt>
          <dd>{value ?? <CellValue value={null} />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An invoice document's number and its PDF and FA(3) files. */
export function InvoiceFiles({ id, number, pdfUrl }: { id: string; number: string; pdfUrl: string }) {
  const intl = useIntl();
  const file = number.replace(/[^\w-]+/g, '-');
  return (
    <span className="admin-row-actions">
      <DocumentLink href={pdfUrl} filename={`${file}.pdf`}>
        {intl.formatMessage(orderValues.pdf, { number })}
      </DocumentLink>
      <DocumentLink href={invoiceFa3Url(id)} filename={`${file}.xml`}>
        {intl.formatMessage(orderValues.fa3, { number })}
      </DocumentLink>
    </span>
  );
}
