// Where an invoice or correction stands in KSeF (the national e-invoice system): a badge with its
// number, deadline or rejection for the invoice list, and the invoice page's KSeF section with the
// UPO to download and, for a rejected document, what to do.
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { DocumentLink } from '@/shared/ui/document-link';

import type { InvoiceRow } from '../api/invoices';
import { ksefTexts, ksefValues } from '../messages/ksef-messages';

import { Facts, Section } from './order-section';

type Ksef = NonNullable<InvoiceRow['ksef']>;

/** The state's badge; `none` for a document not due for KSeF. */
export function KsefBadge({ ksef }: { ksef: InvoiceRow['ksef'] }) {
  const intl = useIntl();
  const state = ksef?.state ?? 'none';
  return <span className={`admin-ksef admin-ksef--${state}`}>{intl.formatMessage(ksefTexts[state])}</span>;
}

/** What goes with the state: the KSeF number, an offline document's deadline, a rejection's code and reason. */
function KsefDetail({ ksef }: { ksef: Ksef }) {
  const intl = useIntl();
  const { day } = useFormatters();
  if (ksef.state === 'accepted' && ksef.ksef_number) return <span className="admin-ksef__detail">{ksef.ksef_number}</span>;
  if (ksef.state === 'rejected') {
    const text = intl.formatMessage(ksefValues.rejection, { code: String(ksef.rejection_code ?? '–'), reason: ksef.rejection_reason ?? '' });
    return <span className="admin-ksef__detail">{text}</span>;
  }
  if (ksef.deadline && ksef.state !== 'accepted') {
    return <span className="admin-ksef__detail">{intl.formatMessage(ksefValues.deadline, { date: day(ksef.deadline, 'short') })}</span>;
  }
  return null;
}

/** The list's cell: the badge and its detail. */
export function KsefCell({ invoice }: { invoice: Pick<InvoiceRow, 'ksef'> }) {
  return (
    <span className="admin-ksef-cell">
      <KsefBadge ksef={invoice.ksef} />
      {invoice.ksef ? <KsefDetail ksef={invoice.ksef} /> : null}
    </span>
  );
}

/** The invoice page's KSeF section. */
export function KsefSection({ invoice }: { invoice: Pick<InvoiceRow, 'ksef' | 'number'> }) {
  const intl = useIntl();
  const { dateTime, day } = useFormatters();
  const t = (message: keyof typeof ksefTexts) => intl.formatMessage(ksefTexts[message]);
  const { ksef } = invoice;
  if (!ksef) {
    return (
      <Section title={t('heading')}>
        <p className="admin-note">{t('noneNote')}</p>
      </Section>
    );
  }
  const file = `UPO-${invoice.number.replace(/[^\w-]+/g, '-')}.xml`;
  return (
    <Section title={t('heading')}>
      <Facts
        items={[
          [t('state'), <KsefBadge key="state" ksef={ksef} />],
          [t('number'), ksef.ksef_number ? `${ksef.ksef_number}${ksef.accepted_at ? ` · ${dateTime(ksef.accepted_at)}` : ''}` : null],
          [t('deadlineField'), ksef.deadline ? day(ksef.deadline, 'short') : null],
          [t('upoField'), ksef.upo_url ? <DocumentLink key="upo" href={ksef.upo_url} filename={file}>{t('upo')}</DocumentLink> : null],
        ]}
      />
      {ksef.offline && ksef.state !== 'accepted' ? <p className="admin-note">{t('offlineNote')}</p> : null}
      {ksef.state === 'rejected' ? (
        <div role="alert" className="admin-ksef-rejected">
          <p>{intl.formatMessage(ksefValues.rejection, { code: String(ksef.rejection_code ?? '–'), reason: ksef.rejection_reason ?? '' })}</p>
          <p>{t('rejectedWhat')}</p>
        </div>
      ) : null}
    </Section>
  );
}
