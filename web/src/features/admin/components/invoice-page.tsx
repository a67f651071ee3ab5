// `/admin/order/invoice/{id}`: one invoice or correction: its fields (a correction's line with the fee
// named, amounts and reasons in the panel's language), its order, its PDF and FA(3) files, where it stands in KSeF (ksef-status.tsx), and the corrections issued to it. Also the list's pieces: the link to the corrected
// invoice, the CSV/XLSX export buttons and the register link.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';

import { oneQuery, useAllOf } from '../api/admin-data';
import { INVOICES, invoicePdfUrl, type InvoiceRow } from '../api/invoices';
import { orderQuery } from '../api/orders';
import { useAdminHref } from '../lib/admin-path';
import { INVOICES_EXPORT } from '../lib/exports';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { correctionTexts } from '../messages/correction-messages';
import { invoiceTexts, invoiceValues } from '../messages/invoice-messages';

import { AdminPage } from './admin-page';
import { CellValue } from './cell-value';
import { ListExportButtons } from './export-buttons';
import { CorrectionLine, ServerWords } from './invoice-words';
import { KsefSection } from './ksef-status';
import { LoadFailed } from './load-failed';
import { Facts, InvoiceFiles, Section } from './order-section';

export function InvoiceCorrects({ invoice }: { invoice: Pick<InvoiceRow, 'corrects_id' | 'corrects_number'> }) {
  const href = useAdminHref();
  if (!invoice.corrects_id || !invoice.corrects_number) return null;
  return (
    <Link className="admin-nowrap" to={href(`order/invoice/${invoice.corrects_id}`)}>
      {invoice.corrects_number}
    </Link>
  );
}

export function InvoiceListActions({ params }: { params: URLSearchParams }) {
  const intl = useIntl();
  const href = useAdminHref();
  return (
    <p className="admin-list-actions">
      <ListExportButtons spec={INVOICES_EXPORT} apiPath={INVOICES} params={params} />
      <Link className="button button--secondary" to={href('order/invoice/register')}>
        {intl.formatMessage(invoiceTexts.register)}
      </Link>
      <Link className="button button--secondary" to={href('order/invoice/month')}>
        {intl.formatMessage(areaTitles.month)}
      </Link>
    </p>
  );
}

function Corrections({ invoice }: { invoice: InvoiceRow }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { dateTime, money } = useFormatters();
  // The list filters by order; the corrections of this document are those that name it.
  const ofOrder = useAllOf<InvoiceRow>(INVOICES, { 'filter[order_id][eq]': invoice.order_id, sort: 'issued_at' });
  const corrections = (ofOrder.data ?? []).filter((other) => other.corrects_id === invoice.id);
  return (
    <Section title={intl.formatMessage(invoiceTexts.corrections)}>
      {ofOrder.isPending ? (
        <p role="status">{intl.formatMessage(common.loading)}</p>
      ) : corrections.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(invoiceTexts.noCorrections)}</p>
      ) : (
        <ul className="admin-plain-list">
          {corrections.map((correction) => (
            <li key={correction.id}>
              <Link to={href(`order/invoice/${correction.id}`)}>{correction.number}</Link>
              <span className="admin-plain-list__detail">{intl.formatMessage(invoiceValues.correctionOf, { date: dateTime(correction.issued_at), gross: money(correction.gross) })}</span>
              {correction.reason ? (
                <span className="admin-plain-list__detail admin-note">
                  <ServerWords text={correction.reason} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A correction's line, the returned ticket's price read from its order. */
function InvoiceCorrectionLine({ invoice }: { invoice: InvoiceRow }) {
  const order = useQuery(orderQuery(invoice.order_id));
  if (!order.data) return <CellValue value={null} />;
  return <CorrectionLine reason={invoice.reason} gross={invoice.gross} tickets={order.data.tickets} />;
}

export function InvoicePage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const href = useAdminHref();
  const { dateTime, day, money } = useFormatters();
  const query = useQuery(oneQuery<InvoiceRow>(INVOICES, id));
  const back = (
    <Link className="button button--secondary" to={href('order/invoice')}>
      {intl.formatMessage(common.backToList)}
    </Link>
  );
  if (query.isPending || query.isError) {
    return (
      <AdminPage title={intl.formatMessage(query.isPending ? common.loading : common.loadFailed)} actions={back}>
        {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : <LoadFailed error={query.error} onRetry={() => void query.refetch()} />}
      </AdminPage>
    );
  }
  const invoice = query.data;
  const t = (message: keyof typeof invoiceTexts) => intl.formatMessage(invoiceTexts[message]);
  return (
    <AdminPage title={intl.formatMessage(invoice.kind === 'KOR' ? invoiceValues.correctionTitle : invoiceValues.title, { number: invoice.number })} actions={back}>
      <Section title={t('document')}>
        <Facts
          items={[
            [t('number'), invoice.number],
            [t('kind'), t(invoice.kind === 'KOR' ? 'kindKor' : 'kindVat')],
            [t('issuedAt'), dateTime(invoice.issued_at)],
            [t('saleDate'), invoice.sale_date ? day(invoice.sale_date, 'short') : null],
            [t('buyer'), invoice.buyer_name],
            [t('taxId'), invoice.buyer_tax_id],
            [t('net'), money(invoice.net)],
            [t('vat'), money(invoice.vat)],
            [t('gross'), money(invoice.gross)],
            [t('corrects'), invoice.corrects_id ? <InvoiceCorrects key="corrects" invoice={invoice} /> : null],
            [t('reason'), invoice.reason ? <ServerWords key="reason" text={invoice.reason} /> : null],
            ...(invoice.kind === 'KOR' ? ([[intl.formatMessage(correctionTexts.line), <InvoiceCorrectionLine key="line" invoice={invoice} />]] as [string, ReactNode][]) : []),
            [t('order'), <Link key="order" to={href(`order/order/${invoice.order_id}`)}>{invoice.order_number ?? invoice.order_id}</Link>],
            [t('files'), <InvoiceFiles key="files" id={invoice.id} number={invoice.number} pdfUrl={invoicePdfUrl(invoice.id)} />],
          ]}
        />
      </Section>
      <KsefSection invoice={invoice} />
      {invoice.kind === 'VAT' ? <Corrections invoice={invoice} /> : null}
    </AdminPage>
  );
}
