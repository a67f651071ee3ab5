// An invoice's pieces in the panel's words, for the order page and the invoice page: its kind ("Faktura
// korygująca", never the code "KOR"), its reason in the panel's language, and a correction's line with
// the fee named (lib/correction-line.ts).
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { useAllOf } from '../api/admin-data';
import { INVOICES, type InvoiceRow } from '../api/invoices';
import { returnCorrection } from '../lib/correction-line';
import { serverWords } from '../lib/server-words';
import { correctionValues } from '../messages/correction-messages';
import { INVOICE_KINDS } from '../messages/invoice-messages';

import { CellValue } from './cell-value';
import { OptionLabel } from './option-label';

/** `VAT` or `KOR` in words. */
export function InvoiceKind({ kind }: { kind: string }) {
  const known = INVOICE_KINDS.find((option) => option.value === kind);
  return known ? <OptionLabel label={known.label} /> : <>{kind}</>;
}

/** A reason the server wrote (or an admin typed), in the panel's language. */
export function ServerWords({ text }: { text: string | null | undefined }) {
  const intl = useIntl();
  return text ? <>{serverWords(text, intl)}</> : <CellValue value={null} />;
}

interface CorrectionLineProps {
  reason: string | null | undefined;
  /** The correction's gross amount, grosz (negative: less). */
  gross: number;
  /** The order's tickets, for a returned one's price. */
  tickets: readonly { number: string; price: number }[];
}

/** What a correction corrects: a returned ticket's price, the fee and what is given back; else its reason. */
export function CorrectionLine({ reason, gross, tickets }: CorrectionLineProps) {
  const intl = useIntl();
  const { money } = useFormatters();
  const returned = returnCorrection(reason, gross, tickets);
  if (!returned) return <ServerWords text={reason} />;
  return (
    <>
      {intl.formatMessage(correctionValues.returned, {
        number: returned.number,
        price: money(returned.price),
        fee: money(returned.fee),
        back: money(returned.back),
      })}
    </>
  );
}

/** The line of one of the order's corrections (its reason read from the order's invoices list). */
export function OrderCorrectionLine({ orderId, invoiceId, gross, tickets }: { orderId: string; invoiceId: string; gross: number; tickets: CorrectionLineProps['tickets'] }) {
  const rows = useAllOf<InvoiceRow>(INVOICES, { 'filter[order_id][eq]': orderId, sort: 'issued_at' });
  const row = rows.data?.find((candidate) => candidate.id === invoiceId);
  if (!row) return <CellValue value={null} />;
  return <CorrectionLine reason={row.reason} gross={gross} tickets={tickets} />;
}
