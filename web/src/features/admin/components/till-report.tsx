// The day's cash report ("raport kasowy", docs/till.md): the PDF to the printer's dialog (a hidden frame, or
// a new tab that prints it: lib/print-pdf.ts) or saved, and the CSV saved. The API gives them only with the
// admin's bearer token, so each is fetched with it. A failure is told by the client's toast.
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { apiClient } from '@/shared/api/client';
import { save } from '@/shared/lib/save-file';
import { Button } from '@/shared/ui/button';

import { tillReportUrl } from '../api/till';
import { printPdf } from '../lib/print-pdf';
import { fileNameValues } from '../messages/file-name-messages';
import { tillTexts } from '../messages/till-messages';

export function TillReport({ day }: { day: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const name = (format: 'pdf' | 'csv') => `${intl.formatMessage(fileNameValues.cashReport, { day })}.${format}`;
  const fetchReport = (format: 'pdf' | 'csv', done: (blob: Blob) => void) => {
    setBusy(true);
    apiClient
      .file(tillReportUrl(day, format))
      .then(done, () => undefined)
      .finally(() => setBusy(false));
  };
  const print = () => {
    setBusy(true);
    printPdf(apiClient.file(tillReportUrl(day, 'pdf')), { title: intl.formatMessage(tillTexts.report), fileName: name('pdf') })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <span className="admin-export" role="group" aria-label={intl.formatMessage(tillTexts.report)}>
      <Button variant="secondary" disabled={busy} onClick={print}>
        {intl.formatMessage(tillTexts.printPdf)}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => fetchReport('pdf', (blob) => save(blob, name('pdf')))}>
        {intl.formatMessage(tillTexts.downloadPdf)}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => fetchReport('csv', (blob) => save(blob, name('csv')))}>
        {intl.formatMessage(tillTexts.downloadCsv)}
      </Button>
    </span>
  );
}
