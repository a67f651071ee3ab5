// `/admin/order/invoice/register`: the register of invoices and corrections issued in a period, as
// the books stood on a day (`as_of`), with its totals; the same as a CSV or XLSX file for the accountant.
import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { useFormatters, warsawDate } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import { registerQuery, type RegisterInput } from '../api/invoices';
import { useAdminHref } from '../lib/admin-path';
import { registerExport } from '../lib/exports';
import { common } from '../messages/common-messages';
import { fileNameValues } from '../messages/file-name-messages';
import { invoiceTexts, invoiceValues } from '../messages/invoice-messages';
import { ksefTexts } from '../messages/ksef-messages';

import { AdminPage } from './admin-page';
import { ExportButtons } from './export-buttons';
import { LoadFailed } from './load-failed';
import { TableScroll } from './table-scroll';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The register asked for in the URL, or null until all three days are given. */
function inputOf(search: URLSearchParams): RegisterInput | null {
  const input = { as_of: search.get('as_of') ?? '', from: search.get('from') ?? '', to: search.get('to') ?? '' };
  return DAY.test(input.as_of) && DAY.test(input.from) && DAY.test(input.to) ? input : null;
}

function RegisterTable({ input }: { input: RegisterInput }) {
  const intl = useIntl();
  const { money, day } = useFormatters();
  const query = useQuery(registerQuery(input));
  const t = (message: keyof typeof invoiceTexts) => intl.formatMessage(invoiceTexts[message]);
  if (query.isPending) return <p role="status">{intl.formatMessage(common.loading)}</p>;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const { rows, totals } = query.data;
  return (
    <>
      <p className="admin-list-actions">
        <ExportButtons spec={registerExport(rows)} name={intl.formatMessage(fileNameValues.register, { from: input.from, to: input.to, asOf: input.as_of })} load={() => Promise.resolve(rows)} />
      </p>
      {rows.length === 0 ? (
        <p className="admin-note">{t('registerEmpty')}</p>
      ) : (
        <TableScroll label={intl.formatMessage(invoiceValues.registerCaption, input)}>
          <table className="admin-table">
            <caption className="visually-hidden">{intl.formatMessage(invoiceValues.registerCaption, input)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('number')}</th>
                <th scope="col">{t('kind')}</th>
                <th scope="col">{t('issueDate')}</th>
                <th scope="col">{t('saleDate')}</th>
                <th scope="col">{t('buyer')}</th>
                <th scope="col">{t('taxId')}</th>
                <th scope="col" className="admin-table__num">{t('net')}</th>
                <th scope="col" className="admin-table__num">{t('vat')}</th>
                <th scope="col" className="admin-table__num">{t('gross')}</th>
                <th scope="col">{t('corrects')}</th>
                <th scope="col">{intl.formatMessage(ksefTexts.number)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.number}>
                  <td data-label={t('number')}>{row.number}</td>
                  <td data-label={t('kind')}>{row.kind}</td>
                  <td data-label={t('issueDate')}>{day(row.issue_date, 'short')}</td>
                  <td data-label={t('saleDate')}>{day(row.sale_date ?? row.issue_date, 'short')}</td>
                  <td data-label={t('buyer')}>{row.buyer_name}</td>
                  <td data-label={t('taxId')}>{row.buyer_tax_id}</td>
                  <td data-label={t('net')} className="admin-table__num">{money(row.net)}</td>
                  <td data-label={t('vat')} className="admin-table__num">{money(row.vat)}</td>
                  <td data-label={t('gross')} className="admin-table__num">{money(row.gross)}</td>
                  <td data-label={t('corrects')}>{row.corrects_number ?? intl.formatMessage(common.none)}</td>
                  <td data-label={intl.formatMessage(ksefTexts.number)}>{row.ksef_number ?? intl.formatMessage(common.none)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="admin-table__totals">
                <th scope="row" colSpan={6}>{t('totals')}</th>
                <td data-label={t('net')} className="admin-table__num">{money(totals.net)}</td>
                <td data-label={t('vat')} className="admin-table__num">{money(totals.vat)}</td>
                <td data-label={t('gross')} className="admin-table__num">{money(totals.gross)}</td>
                <td />
                <td />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </>
  );
}

export function InvoiceRegister() {
  const intl = useIntl();
  const id = useId();
  const href = useAdminHref();
  const [search, setSearch] = useSearchParams();
  const input = inputOf(search);
  const today = warsawDate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSearch(new URLSearchParams(['as_of', 'from', 'to'].map((key) => {
      const value = data.get(key);
      return [key, typeof value === 'string' ? value : ''];
    })));
  };
  const fields = [
    ['from', invoiceTexts.from, input?.from ?? `${today.slice(0, 8)}01`],
    ['to', invoiceTexts.to, input?.to ?? today],
    ['as_of', invoiceTexts.asOf, input?.as_of ?? today],
  ] as const;
  return (
    <AdminPage
      title={intl.formatMessage(invoiceTexts.register)}
      actions={
        <Link className="button button--secondary" to={href('order/invoice')}>
          {intl.formatMessage(common.backToList)}
        </Link>
      }
    >
      <p className="admin-note">{intl.formatMessage(invoiceTexts.registerNote)}</p>
      <form key={search.toString()} className="admin-filters" aria-label={intl.formatMessage(invoiceTexts.registerPeriod)} onSubmit={submit}>
        {fields.map(([name, label, value]) => (
          <div key={name} className="form-field admin-filters__field">
            <label htmlFor={`${id}-${name}`} className="form-field__label">
              {intl.formatMessage(label)}
            </label>
            <input id={`${id}-${name}`} name={name} type="date" required className="form-field__input" defaultValue={value} />
          </div>
        ))}
        <div className="admin-filters__actions">
          <Button type="submit">{intl.formatMessage(invoiceTexts.showRegister)}</Button>
        </div>
      </form>
      {input ? <RegisterTable input={input} /> : null}
    </AdminPage>
  );
}
