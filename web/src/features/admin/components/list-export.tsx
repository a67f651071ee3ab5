// A list with the filters of its list page, every page of it, as a CSV file (coupons, orders,
// invoices). The API has no export endpoint, so the panel reads the list and writes the file.
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { apiClient } from '@/shared/api/client';
import { dataOf } from '@/shared/api/schema';

import { ADMIN_KEY, type ListPage } from '../api/admin-data';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';

async function allRows<Model>(apiPath: string, params: URLSearchParams): Promise<Model[]> {
  const rows: Model[] = [];
  for (let page = 1; ; page += 1) {
    const query = Object.fromEntries([...params, ['page', String(page)], ['per-page', '1000']]);
    const answer = dataOf<ListPage<Model>>(await apiClient.get(`${apiPath}/all`, { params: query, toast: false }));
    rows.push(...answer.models);
    if (page >= answer.pagination.pageCount) return rows;
  }
}

interface ListExportProps<Model> {
  apiPath: string;
  /** The list page below /admin (the back link keeps the filters). */
  listPath: string;
  title: string;
  /** "12 orders in the file." */
  ready: (count: number) => string;
  download: string;
  filename: string;
  toCsv: (rows: Model[]) => string;
}

export function ListExport<Model>({ apiPath, listPath, title, ready, download, filename, toCsv }: ListExportProps<Model>) {
  const intl = useIntl();
  const href = useAdminHref();
  const [search] = useSearchParams();
  const query = useQuery({ queryKey: [ADMIN_KEY, apiPath, 'export', search.toString()], queryFn: () => allRows<Model>(apiPath, search) });
  const csv = query.data ? toCsv(query.data) : '';
  const url = csv ? `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}` : '';
  return (
    <AdminPage
      title={title}
      actions={
        <Link className="button button--secondary" to={`${href(listPath)}?${search.toString()}`}>
          {intl.formatMessage(common.backToList)}
        </Link>
      }
    >
      {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {query.isError ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <p>{ready(query.data.length)}</p>
          <a className="button button--primary" href={url} download={filename}>
            {download}
          </a>
        </>
      ) : null}
    </AdminPage>
  );
}
