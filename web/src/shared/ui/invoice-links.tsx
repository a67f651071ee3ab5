// The invoices (and corrections) of an order as links to their PDFs, for the customer: on the success
// page a guest's link carries the order's hash (`&hash_id=`), which is the guest's right to the file;
// for a logged-in owner the file is fetched with the session's token (DocumentLink).
import { defineMessages, useIntl } from 'react-intl';

import type { InvoiceSummary } from '@/shared/api/invoice-summary';

import { DocumentLink } from './document-link';
import './invoice-links.css';

const messages = defineMessages<{ invoice: { number: string }; correction: { number: string } }>({
  invoice: { id: 'invoices.link.invoice', defaultMessage: 'Faktura {number} (PDF)', description: "Link to an order's invoice PDF" },
  correction: { id: 'invoices.link.correction', defaultMessage: 'Faktura korygująca {number} (PDF)', description: "Link to an order's correction invoice PDF" },
});

interface InvoiceLinksProps {
  invoices: InvoiceSummary[];
  /** The order's hash, for a guest's link from the success page. */
  hashId?: string;
  className?: string;
}

export function InvoiceLinks({ invoices, hashId, className }: InvoiceLinksProps) {
  const intl = useIntl();
  if (invoices.length === 0) return null;
  return (
    <ul className={className ?? 'invoice-links'}>
      {invoices.map((invoice) => {
        const text = intl.formatMessage(invoice.kind === 'KOR' ? messages.correction : messages.invoice, { number: invoice.number });
        const file = `${invoice.number.replace(/[^\w-]+/g, '-')}.pdf`;
        return (
          <li key={invoice.id}>
            {hashId ? (
              <a href={`${invoice.pdf_url}&hash_id=${encodeURIComponent(hashId)}`} download={file}>
                {text}
              </a>
            ) : (
              <DocumentLink href={invoice.pdf_url} filename={file}>
                {text}
              </DocumentLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
