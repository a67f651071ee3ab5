// "Drukuj" on an order's page: the tickets with their QR codes and a receipt-style confirmation of
// payment as a PDF, for the office's 80 mm receipt printer or for A4 (`GET /order/order/print`), so a
// walk-in passenger without an e-mail leaves with a ticket. The file is fetched with the admin's token
// and handed to the printer's dialog (lib/print-pdf.ts: a hidden frame where the page allows it, else a
// tab of its own), not downloaded.
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { apiClient } from '@/shared/api/client';
import { Button } from '@/shared/ui/button';

import { printUrl, type AdminOrder, type PrintFormat } from '../api/orders';
import { printPdf } from '../lib/print-pdf';
import { deskTexts } from '../messages/desk-messages';
import { fileNameValues } from '../messages/file-name-messages';

export function DeskPrint({ order }: { order: AdminOrder }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const hasTickets = order.tickets.some((ticket) => ticket.status === 'valid');
  const print = (format: PrintFormat) => {
    setBusy(true);
    const number = (order.number ?? order.id).replace(/[^\w-]+/g, '-');
    // Named in the panel's language, as the server names it for `lang` (issue 29): the download's name
    // where nothing else can print it.
    const name = intl.formatMessage(format === 'receipt' ? fileNameValues.ticketsReceipt : fileNameValues.tickets, { number });
    // A failure is told by the client's toast.
    printPdf(apiClient.file(printUrl(order.id, format, intl.locale === 'en' ? 'en' : 'pl')), { title: name, fileName: `${name}.pdf` })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button disabled={!hasTickets || busy} onClick={() => print('receipt')}>
        {intl.formatMessage(deskTexts.printReceipt)}
      </Button>
      <Button variant="secondary" disabled={!hasTickets || busy} onClick={() => print('a4')}>
        {intl.formatMessage(deskTexts.printA4)}
      </Button>
    </>
  );
}
