// `/admin/course/coupon/export-coupon`: the coupon list with the filters of the list page, every page
// of it, as a CSV file. The API has no export endpoint, so the panel reads the list and writes the file.
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import type { ListPage } from '../api/admin-data';
import { useAdminHref } from '../lib/admin-path';
import { couponsCsv } from '../lib/csv';
import { common } from '../messages/common-messages';
import { couponTexts, couponValues } from '../messages/coupon-messages';

import { AdminPage } from './admin-page';
import { LoadFailed } from './load-failed';

type Coupon = ApiSchema<'CouponView'>;

async function allCoupons(params: URLSearchParams): Promise<Coupon[]> {
  const coupons: Coupon[] = [];
  for (let page = 1; ; page += 1) {
    const query = Object.fromEntries([...params, ['page', String(page)], ['per-page', '1000']]);
    const answer = dataOf<ListPage<Coupon>>(await apiClient.get('order/coupon/all', { params: query, toast: false }));
    coupons.push(...answer.models);
    if (page >= answer.pagination.pageCount) return coupons;
  }
}

export function CouponExport() {
  const intl = useIntl();
  const href = useAdminHref();
  const [search] = useSearchParams();
  const query = useQuery({ queryKey: ['admin', 'order/coupon', 'export', search.toString()], queryFn: () => allCoupons(search) });
  const csv = query.data ? couponsCsv(query.data) : '';
  const url = csv ? `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}` : '';
  return (
    <AdminPage
      title={intl.formatMessage(couponTexts.exportTitle)}
      actions={
        <Link className="button button--secondary" to={`${href('course/coupon')}?${search.toString()}`}>
          {intl.formatMessage(common.backToList)}
        </Link>
      }
    >
      {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {query.isError ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <p>{intl.formatMessage(couponValues.ready, { count: query.data.length })}</p>
          <a className="button button--primary" href={url} download="kupony.csv">
            {intl.formatMessage(couponTexts.download)}
          </a>
        </>
      ) : null}
    </AdminPage>
  );
}
