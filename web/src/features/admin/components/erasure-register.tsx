// The register of erasures (issue 38), newest first: when, which data (a customer's, an invoice's
// buyer, a complaint), of which order or complaint, by whom (the person, an admin, the retention
// schedule) and why. It holds no personal value itself.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { listQuery, type ListPage } from '../api/admin-data';
import { ERASURES, type Erasure } from '../api/privacy';
import { DEFAULT_PER_PAGE } from '../lib/list-params';
import { erasedBy, erasedWord } from '../lib/privacy-words';
import { common } from '../messages/common-messages';
import { privacyTexts as t } from '../messages/privacy-messages';

import { ListPagination } from './list-pagination';
import { LoadFailed } from './load-failed';
import { Section } from './order-section';
import { PlainTable, type PlainColumn } from './privacy-table';

export function ErasureRegister() {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PER_PAGE);
  const query = useQuery({ ...listQuery(ERASURES, { page, 'per-page': perPage }), placeholderData: keepPreviousData });
  const data = query.data as ListPage<Erasure> | undefined;
  const columns: PlainColumn<Erasure>[] = [
    { label: intl.formatMessage(t.erasedAt), cell: (e) => dateTime(e.erased_at) },
    { label: intl.formatMessage(t.data), cell: (e) => erasedWord(intl, e.data) },
    { label: intl.formatMessage(t.subjectNumber), cell: (e) => <span className="admin-nowrap">{e.number ?? intl.formatMessage(common.none)}</span> },
    { label: intl.formatMessage(t.erasedBy), cell: (e) => (e.by === 'admin' ? <span className="admin-privacy-email">{erasedBy(intl, e)}</span> : erasedBy(intl, e)) },
    { label: intl.formatMessage(t.reason), cell: (e) => <span className="admin-wrap">{e.reason}</span> },
  ];
  const heading = intl.formatMessage(t.registerHeading);
  return (
    <Section title={heading}>
      <p className="admin-note">{intl.formatMessage(t.registerLead)}</p>
      {!data ? (
        query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">{intl.formatMessage(common.loading)}</p>
        )
      ) : data.models.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(t.noErasures)}</p>
      ) : (
        <>
          <div aria-busy={query.isFetching}>
            <PlainTable caption={heading} columns={columns} rows={data.models} rowKey={(e) => `${e.subject}-${e.erased_at}`} />
          </div>
          <ListPagination
            pagination={data.pagination}
            onPage={setPage}
            onPerPage={(next) => {
              setPerPage(next);
              setPage(1);
            }}
          />
        </>
      )}
    </Section>
  );
}
