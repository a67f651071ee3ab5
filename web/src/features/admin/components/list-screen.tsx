import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

import { ButtonLink } from '@/shared/ui/button';

import { listQuery } from '../api/admin-data';
import { useAdminHref } from '../lib/admin-path';
import type { Area } from '../lib/area';
import { listParams, withParams } from '../lib/list-params';
import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';
import { DataTable } from './data-table';
import { ListFilters } from './list-filters';
import { ListPagination } from './list-pagination';
import { ListSort } from './list-sort';
import { LoadFailed } from './load-failed';

/** The one list screen of every area: filters, a sortable table, pagination; its state in the URL. */
export function ListScreen({ area }: { area: Area }) {
  const intl = useIntl();
  const href = useAdminHref();
  const [search, setSearch] = useSearchParams();
  const params = listParams(search, area.defaultSort);
  const query = useQuery({ ...listQuery(area.apiPath, params), placeholderData: keepPreviousData });
  const title = intl.formatMessage(area.title);
  const apply = (changes: Record<string, string>) => setSearch(withParams(search, changes));
  const rowHref = useCallback((row: unknown) => href(`${area.path}/${encodeURIComponent(String(area.idOf(row)))}`), [area, href]);

  return (
    <AdminPage
      title={title}
      actions={
        area.canCreate ? (
          <ButtonLink to={href(`${area.path}/${area.create.path}`)}>{area.create.label ? intl.formatMessage(area.create.label) : intl.formatMessage(common.add)}</ButtonLink>
        ) : null
      }
    >
      {area.listActions?.({ params: search })}
      <ListFilters filters={area.filters} search={search} onApply={apply} />
      <ListSort columns={area.columns} sort={String(params.sort)} onSort={(sort) => apply({ sort })} />
      {query.isPending ? (
        <p className="admin-note" role="status">
          {intl.formatMessage(common.loading)}
        </p>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.models.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(common.empty)}</p>
      ) : (
        <div aria-busy={query.isFetching}>
          <DataTable
            caption={title}
            columns={area.columns}
            rows={query.data.models}
            sort={String(params.sort)}
            onSort={(sort) => apply({ sort })}
            rowHref={area.listOnly ? undefined : rowHref}
          />
        </div>
      )}
      {query.data ? (
        <ListPagination
          pagination={query.data.pagination}
          onPage={(page) => apply({ page: String(page) })}
          onPerPage={(perPage) => apply({ 'per-page': String(perPage) })}
        />
      ) : null}
    </AdminPage>
  );
}
