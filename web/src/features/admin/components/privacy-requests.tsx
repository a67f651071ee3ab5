// The requests of the personal data page (issue 38). The open ones first, nearest deadline first (the
// server's order), each with its days left and its steps: the data as a JSON file for the person, the
// erasure on their behalf (an erasure request), or closing it (the copy was sent, or there was nothing
// to erase); a step that erased says what the law keeps, until when and why. Then the done ones with
// what was done.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { listQuery, type ListPage } from '../api/admin-data';
import {
  PRIVACY_REQUESTS,
  useExportRequest,
  useRequestStep,
  type PrivacyRequest,
  type PrivacyRequestDone,
  type RequestStep,
} from '../api/privacy';
import { DEFAULT_PER_PAGE } from '../lib/list-params';
import { channelWord, kindWord, refusalText, rowId } from '../lib/privacy-words';
import { saveFile } from '../lib/save-file';
import { common } from '../messages/common-messages';
import { privacyFileNames, privacyTexts as t, privacyValues as v } from '../messages/privacy-messages';

import { ConfirmDialog } from './confirm-dialog';
import { ListPagination } from './list-pagination';
import { LoadFailed } from './load-failed';
import { Section } from './order-section';
import { DaysToAnswer, KeptList } from './privacy-bits';
import { PlainTable, type PlainColumn } from './privacy-table';

/** What the last step did, told above the open requests. */
type Outcome = { step: RequestStep; done: PrivacyRequestDone } | { step: 'export'; number: string };

/** A page of the requests in one state, with the pagination of the list. */
function useRequests(state: 'open' | 'done') {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PER_PAGE);
  const query = useQuery({ ...listQuery(PRIVACY_REQUESTS, { 'filter[state][eq]': state, page, 'per-page': perPage }), placeholderData: keepPreviousData });
  const data = query.data as ListPage<PrivacyRequest> | undefined;
  const pagination = data ? (
    <ListPagination
      pagination={data.pagination}
      onPage={setPage}
      onPerPage={(next) => {
        setPerPage(next);
        setPage(1);
      }}
    />
  ) : null;
  return { query, rows: data?.models, pagination };
}

/** The orders a request covered, each on one line. */
function OrderNumbers({ numbers }: { numbers: string[] }) {
  return (
    <ul className="admin-privacy-orders">
      {numbers.map((number) => (
        <li key={number}>{number}</li>
      ))}
    </ul>
  );
}

/** What a request asks for, and below it how it came. */
function RequestKind({ request }: { request: PrivacyRequest }) {
  const intl = useIntl();
  return (
    <>
      {kindWord(intl, request.kind)}
      <span className="admin-privacy-sub">{channelWord(intl, request.channel)}</span>
    </>
  );
}

function OutcomeNotice({ outcome, onHide }: { outcome: Outcome; onHide: () => void }) {
  const intl = useIntl();
  return (
    <div className="admin-notice admin-privacy-outcome" role="status">
      {outcome.step === 'export' ? (
        <p>{intl.formatMessage(t.exportDone)}</p>
      ) : outcome.step === 'close' ? (
        <p>{intl.formatMessage(v.closed, { number: outcome.done.number })}</p>
      ) : (
        <>
          <p>
            <strong>{intl.formatMessage(v.erased, { number: outcome.done.number, count: outcome.done.orders_erased })}</strong>
          </p>
          <KeptList kept={outcome.done.kept} />
        </>
      )}
      <button type="button" className="button button--secondary" onClick={onHide}>
        {intl.formatMessage(t.hideResult)}
      </button>
    </div>
  );
}

export function OpenRequests() {
  const intl = useIntl();
  const { date, day } = useFormatters();
  const { query, rows, pagination } = useRequests('open');
  const step = useRequestStep();
  const exporting = useExportRequest();
  const [asking, setAsking] = useState<{ step: RequestStep; request: PrivacyRequest } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = step.isPending || exporting.isPending;

  const take = (next: RequestStep, request: PrivacyRequest) => {
    setAsking(null);
    setError(null);
    setOutcome(null);
    step.mutate({ step: next, id: request.id }, { onSuccess: (done) => setOutcome({ step: next, done }), onError: (failure) => setError(refusalText(intl, failure)) });
  };
  const download = (request: PrivacyRequest) => {
    setError(null);
    setOutcome(null);
    exporting.mutate(request.id, {
      onSuccess: (data) => {
        const name = intl.formatMessage(privacyFileNames.export, { number: request.number });
        saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `${name}.json`);
        setOutcome({ step: 'export', number: request.number });
      },
      onError: (failure) => setError(refusalText(intl, failure)),
    });
  };

  const columns: PlainColumn<PrivacyRequest>[] = [
    { label: intl.formatMessage(t.number), cell: (r) => <span className="admin-nowrap">{r.number}</span> },
    { label: intl.formatMessage(t.request), cell: (r) => <RequestKind request={r} /> },
    { label: intl.formatMessage(t.email), cell: (r) => <span className="admin-privacy-email">{r.email ?? intl.formatMessage(common.none)}</span> },
    { label: intl.formatMessage(t.receivedAt), cell: (r) => date(r.received_at, 'short') },
    {
      label: intl.formatMessage(t.respondBy),
      cell: (r) => (
        <>
          {day(r.respond_by, 'short')}
          <span className="admin-privacy-sub">
            <DaysToAnswer days={r.days_left} />
          </span>
        </>
      ),
    },
    {
      label: intl.formatMessage(t.actions),
      cell: (r) => (
        <span className="admin-row-actions admin-privacy-actions">
          <button type="button" className="button button--secondary" aria-describedby={rowId(r.id)} disabled={busy} onClick={() => download(r)}>
            {intl.formatMessage(t.export)}
          </button>
          {r.kind === 'erasure' ? (
            <button type="button" className="button button--danger" aria-describedby={rowId(r.id)} disabled={busy} onClick={() => setAsking({ step: 'erase', request: r })}>
              {intl.formatMessage(t.erase)}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" aria-describedby={rowId(r.id)} disabled={busy} onClick={() => setAsking({ step: 'close', request: r })}>
            {intl.formatMessage(t.close)}
          </button>
        </span>
      ),
    },
  ];

  const heading = intl.formatMessage(t.openHeading);
  return (
    <Section title={heading}>
      {outcome ? <OutcomeNotice outcome={outcome} onHide={() => setOutcome(null)} /> : null}
      {error ? (
        <p role="alert" className="admin-error">
          {error}
        </p>
      ) : null}
      {!rows ? (
        query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">{intl.formatMessage(common.loading)}</p>
        )
      ) : rows.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(t.noOpen)}</p>
      ) : (
        <div aria-busy={query.isFetching}>
          <PlainTable caption={heading} columns={columns} rows={rows} rowKey={(r) => r.id} />
        </div>
      )}
      {rows && rows.length > 0 ? pagination : null}
      {asking ? <StepDialog asking={asking} onConfirm={() => take(asking.step, asking.request)} onCancel={() => setAsking(null)} /> : null}
    </Section>
  );
}

function StepDialog({ asking, onConfirm, onCancel }: { asking: { step: RequestStep; request: PrivacyRequest }; onConfirm: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const { step, request } = asking;
  const erase = step === 'erase';
  const title = erase ? v.eraseTitle : request.kind === 'erasure' ? v.closeErasureTitle : v.closeExportTitle;
  const text = erase
    ? intl.formatMessage(v.eraseText, { email: request.email ?? request.number })
    : intl.formatMessage(request.kind === 'erasure' ? t.closeErasureText : t.closeExportText);
  return (
    <ConfirmDialog
      title={intl.formatMessage(title, { number: request.number })}
      text={text}
      confirmLabel={intl.formatMessage(erase ? t.erase : t.closeConfirm)}
      cancelLabel={intl.formatMessage(common.cancel)}
      tone={erase ? 'danger' : 'primary'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export function DoneRequests() {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const { query, rows, pagination } = useRequests('done');
  const columns: PlainColumn<PrivacyRequest>[] = [
    { label: intl.formatMessage(t.number), cell: (r) => <span className="admin-nowrap">{r.number}</span> },
    { label: intl.formatMessage(t.request), cell: (r) => <RequestKind request={r} /> },
    { label: intl.formatMessage(t.doneAt), cell: (r) => (r.done_at ? dateTime(r.done_at) : intl.formatMessage(common.none)) },
    { label: intl.formatMessage(t.doneBy), cell: (r) => (r.done_by_email ? <span className="admin-privacy-email">{r.done_by_email}</span> : intl.formatMessage(t.byPerson)) },
    { label: intl.formatMessage(t.orders), cell: (r) => (r.orders.length > 0 ? <OrderNumbers numbers={r.orders} /> : intl.formatMessage(common.none)) },
    { label: intl.formatMessage(t.outcome), cell: (r) => <span className="admin-wrap">{r.outcome ?? intl.formatMessage(common.none)}</span> },
  ];
  const heading = intl.formatMessage(t.doneHeading);
  return (
    <Section title={heading}>
      {!rows ? (
        query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <p role="status">{intl.formatMessage(common.loading)}</p>
        )
      ) : rows.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(t.noDone)}</p>
      ) : (
        <div aria-busy={query.isFetching}>
          <PlainTable caption={heading} columns={columns} rows={rows} rowKey={(r) => r.id} />
        </div>
      )}
      {rows && rows.length > 0 ? pagination : null}
    </Section>
  );
}
