// The CSV and XLSX buttons of a list: one click reads every page of the list with the list page's
// filters and sort, builds the file (lib/exports.ts, lib/xlsx.ts) and hands it to the browser as a
// download; no page in between.
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { withMessages } from '@/i18n/catalogues';
import { warsawDate } from '@/shared/lib/warsaw-time';

import { allRows } from '../api/admin-data';
import { exportTable, toCsv, type ExportSpec } from '../lib/exports';
import { saveFile } from '../lib/save-file';
import { exportTexts } from '../messages/export-messages';

type Format = 'csv' | 'xlsx';

interface ExportButtonsProps<Row> {
  spec: ExportSpec<Row>;
  /** The rows to export, read at the click. */
  load: () => Promise<Row[]>;
  /** The file's name without extension, in the panel's language; by default the spec's with today's date. */
  name?: string;
}

/** "Pobierz CSV" and "Pobierz Excel (XLSX)" for `spec`'s rows. */
export function ExportButtons<Row>({ spec, load, name }: ExportButtonsProps<Row>) {
  const intl = useIntl();
  const download = useMutation({
    mutationFn: async (format: Format) => {
      const table = exportTable(spec, await load(), intl);
      const blob =
        format === 'csv'
          ? new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' })
          : await (await withMessages(import('../lib/xlsx'))).toXlsx(table);
      saveFile(blob, `${name ?? `${intl.formatMessage(spec.file)}-${warsawDate()}`}.${format}`);
    },
  });
  const busy = download.isPending;

  return (
    <span className="admin-export" role="group" aria-label={intl.formatMessage(exportTexts.group)}>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => download.mutate('csv')}>
        {intl.formatMessage(exportTexts.csv)}
      </button>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => download.mutate('xlsx')}>
        {intl.formatMessage(exportTexts.xlsx)}
      </button>
      {busy ? <span role="status">{intl.formatMessage(exportTexts.working)}</span> : null}
      {download.isError ? <span role="alert">{intl.formatMessage(exportTexts.failed)}</span> : null}
    </span>
  );
}

/** The export buttons of a list page: its list, every page, with the page's filters and sort. */
export function ListExportButtons<Row>({ spec, apiPath, params }: { spec: ExportSpec<Row>; apiPath: string; params: URLSearchParams }) {
  return <ExportButtons spec={spec} load={() => allRows<Row>(apiPath, params)} />;
}
