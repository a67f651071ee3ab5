import { useId } from 'react';
import { useIntl } from 'react-intl';

import type { Pagination } from '../api/admin-data';
import { PER_PAGE_OPTIONS } from '../lib/list-params';
import { common, commonValues } from '../messages/common-messages';

interface ListPaginationProps {
  pagination: Pagination;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

export function ListPagination({ pagination, onPage, onPerPage }: ListPaginationProps) {
  const intl = useIntl();
  const perPageId = useId();
  const { page, pageCount, totalCount, perPage } = pagination;
  const pages = Math.max(1, pageCount);
  return (
    <nav className="admin-pagination" aria-label={intl.formatMessage(common.pagination)}>
      <p className="admin-pagination__total">{intl.formatMessage(commonValues.total, { count: totalCount })}</p>
      <div className="admin-pagination__pages">
        <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {intl.formatMessage(common.previous)}
        </button>
        <span aria-live="polite">{intl.formatMessage(commonValues.pageOf, { page, pages })}</span>
        <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {intl.formatMessage(common.next)}
        </button>
      </div>
      <div className="admin-pagination__per-page">
        <label htmlFor={perPageId}>{intl.formatMessage(common.perPage)}</label>
        <select id={perPageId} className="form-field__input" value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
          {PER_PAGE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
