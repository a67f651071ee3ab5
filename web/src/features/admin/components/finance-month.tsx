// `/admin/order/invoice/month`, "Miesiąc VAT (JPK)" (docs/finance.md): the month's JPK_V7M(3) and its sales
// register. A month from February 2026 (when JPK_V7M(3) begins) to the current one and the tax office's
// code (remembered in this browser) give what the file holds (the declaration's sums, the rows, and a
// warning naming every document due for KSeF that has no KSeF number yet, marked OFF), and the file to
// download; the register lists the file's rows (FP marked and left out of the sums) with its totals per rate,
// as CSV (the server's) or XLSX (written here). Purchases are not in the file: the accountant adds them.
// A page of its own chunk.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { withMessages } from '@/i18n/catalogues';
import { useFormatters, warsawDate } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { Button } from '@/shared/ui/button';

import { jpkSummaryQuery, jpkUrl, salesRegisterCsvUrl, salesRegisterQuery, type JpkInput, type JpkSummary, type SalesRegister } from '../api/finance';
import { useAdminHref } from '../lib/admin-path';
import { exportTable, salesRegisterExport } from '../lib/exports';
import { refusalOf } from '../lib/refusal';
import { saveFile } from '../lib/save-file';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fileNameValues } from '../messages/file-name-messages';
import { monthTexts, monthValues } from '../messages/month-messages';
import { useTaxOfficeStore } from '../stores/tax-office-store';

import { AdminPage } from './admin-page';
import { Facts, Section } from './order-section';
import { TableScroll } from './table-scroll';

/** The first month JPK_V7M(3) covers. */
export const FIRST_MONTH = '2026-02';
const MONTH = /^\d{4}-\d{2}$/;
const TAX_OFFICE = /^\d{4}$/;

const monthOk = (month: string, current: string) => MONTH.test(month) && month >= FIRST_MONTH && month <= current;

type T = (key: keyof typeof monthTexts) => string;

function ByRate({ sums, t }: { sums: JpkSummary['by_rate']; t: T }) {
  const intl = useIntl();
  const { money } = useFormatters();
  if (sums.length === 0) return null;
  return (
    <TableScroll label={t('byRate')}>
      <table className="admin-inline-table">
        <caption className="admin-caption">{t('byRate')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rate')}</th>
            <th scope="col" className="admin-table__num">{t('net')}</th>
            <th scope="col" className="admin-table__num">{t('vat')}</th>
            <th scope="col" className="admin-table__num">{t('gross')}</th>
          </tr>
        </thead>
        <tbody>
          {sums.map((sum) => (
            <tr key={sum.rate}>
              <th scope="row">{intl.formatMessage(monthValues.rate, { rate: sum.rate })}</th>
              <td className="admin-table__num">{money(sum.net)}</td>
              <td className="admin-table__num">{money(sum.vat)}</td>
              <td className="admin-table__num">{money(sum.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** What the month's file holds, the documents not in KSeF, and the file. */
function JpkFile({ input }: { input: JpkInput }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { money } = useFormatters();
  const t: T = (key) => intl.formatMessage(monthTexts[key]);
  const query = useQuery(jpkSummaryQuery(input));
  const download = useMutation({
    mutationFn: async () => saveFile(await apiClient.file(jpkUrl(input)), `${intl.formatMessage(fileNameValues.jpk, { month: input.month })}.xml`),
  });
  if (query.isPending) return <p role="status">{intl.formatMessage(common.loading)}</p>;
  if (query.isError) {
    // A month or a tax office the server refused, or the company's settings incomplete: said by its code.
    const refusal = refusalOf(intl, query.error, []);
    const company = isApiError(query.error) && query.error.status === 409;
    return (
      <div className="admin-error" role="alert">
        <p>{refusal.message}</p>
        {company ? <Link to={href('company/company/settings')}>{t('settings')}</Link> : null}
      </div>
    );
  }
  const summary = query.data;
  return (
    <Section title={t('summary')}>
      {summary.not_in_ksef.length > 0 ? (
        <div className="admin-warning" role="alert">
          <p>
            <strong>{t('notInKsef')}</strong>
          </p>
          <ul className="admin-plain-list">
            {summary.not_in_ksef.map((number) => (
              <li key={number}>
                <span className="admin-nowrap">{intl.formatMessage(monthValues.off, { number })}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Facts
        items={[
          [t('rows'), String(summary.rows)],
          [t('invoices'), String(summary.invoices)],
          [t('corrections'), String(summary.corrections)],
          [t('dayDocuments'), String(summary.day_documents)],
          [t('fp'), String(summary.fp)],
          [t('taxDue'), money(summary.tax_due)],
          [t('p37'), String(summary.p37)],
          [t('p38'), String(summary.p38)],
          [t('p51'), String(summary.p51)],
        ]}
      />
      <ByRate sums={summary.by_rate} t={t} />
      <div className="admin-form__actions">
        <Button disabled={download.isPending} onClick={() => download.mutate()}>
          {t('download')}
        </Button>
      </div>
    </Section>
  );
}

function RegisterFiles({ month, register }: { month: string; register: SalesRegister }) {
  const intl = useIntl();
  const t: T = (key) => intl.formatMessage(monthTexts[key]);
  const name = intl.formatMessage(fileNameValues.salesRegister, { month });
  const download = useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob =
        format === 'csv'
          ? await apiClient.file(salesRegisterCsvUrl(month), { toast: false })
          : await (await withMessages(import('../lib/xlsx'))).toXlsx(exportTable(salesRegisterExport(register), register.rows, intl));
      saveFile(blob, `${name}.${format}`);
    },
  });
  return (
    <span className="admin-export" role="group" aria-label={t('files')}>
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate('csv')}>
        {t('csv')}
      </Button>
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate('xlsx')}>
        {t('xlsx')}
      </Button>
      {download.isPending ? <span role="status">{t('working')}</span> : null}
      {download.isError ? <span role="alert">{t('failed')}</span> : null}
    </span>
  );
}

function Register({ month }: { month: string }) {
  const intl = useIntl();
  const { money, day } = useFormatters();
  const t: T = (key) => intl.formatMessage(monthTexts[key]);
  const query = useQuery(salesRegisterQuery(month));
  const caption = intl.formatMessage(monthValues.registerOf, { month });
  return (
    <Section title={t('register')}>
      <p className="admin-note">{t('registerNote')}</p>
      {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {query.isError ? (
        <p className="admin-error" role="alert">
          {refusalOf(intl, query.error, []).message}
        </p>
      ) : null}
      {query.data ? (
        <>
          <p className="admin-list-actions">
            <RegisterFiles month={month} register={query.data} />
          </p>
          {query.data.rows.length === 0 ? (
            <p className="admin-note">{t('registerEmpty')}</p>
          ) : (
            <TableScroll label={caption}>
              <table className="admin-table admin-month__register">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('lp')}</th>
                    <th scope="col">{t('document')}</th>
                    <th scope="col">{t('kind')}</th>
                    <th scope="col">{t('issueDate')}</th>
                    <th scope="col">{t('saleDate')}</th>
                    <th scope="col">{t('buyer')}</th>
                    <th scope="col">{t('ksef')}</th>
                    <th scope="col" className="admin-table__num">{t('rate')}</th>
                    <th scope="col" className="admin-table__num">{t('net')}</th>
                    <th scope="col" className="admin-table__num">{t('vat')}</th>
                    <th scope="col" className="admin-table__num">{t('gross')}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.rows.map((row) => (
                    <tr key={row.lp} className={row.fp ? 'admin-month__fp' : undefined}>
                      <td data-label={t('lp')}>{row.lp}</td>
                      <td data-label={t('document')} className="admin-nowrap">
                        {row.document}
                        {row.fp ? <span className="admin-tag">{t('fpTag')}</span> : null}
                      </td>
                      <td data-label={t('kind')}>{row.kind}</td>
                      <td data-label={t('issueDate')} className="admin-nowrap">{day(row.issue_date, 'short')}</td>
                      <td data-label={t('saleDate')} className="admin-nowrap">{row.sale_date ? day(row.sale_date, 'short') : intl.formatMessage(common.none)}</td>
                      <td data-label={t('buyer')} className="admin-month__buyer">
                        {row.buyer_name}
                        {row.buyer_tax_id && row.buyer_tax_id !== 'BRAK' ? <span className="admin-note admin-month__nip">{row.buyer_tax_id}</span> : null}
                      </td>
                      <td data-label={t('ksef')} className="admin-month__ksef">{row.ksef}</td>
                      <td data-label={t('rate')} className="admin-table__num">{intl.formatMessage(monthValues.rate, { rate: row.rate })}</td>
                      <td data-label={t('net')} className="admin-table__num admin-nowrap">{money(row.net)}</td>
                      <td data-label={t('vat')} className="admin-table__num admin-nowrap">{money(row.vat)}</td>
                      <td data-label={t('gross')} className="admin-table__num admin-nowrap">{money(row.gross)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {query.data.totals.map((total) => (
                    <tr key={total.rate} className="admin-table__totals">
                      <th scope="row" colSpan={7}>
                        {intl.formatMessage(monthValues.totalAt, { rate: total.rate })}
                      </th>
                      <td data-label={t('rate')} className="admin-table__num">{intl.formatMessage(monthValues.rate, { rate: total.rate })}</td>
                      <td data-label={t('net')} className="admin-table__num admin-nowrap">{money(total.net)}</td>
                      <td data-label={t('vat')} className="admin-table__num admin-nowrap">{money(total.vat)}</td>
                      <td data-label={t('gross')} className="admin-table__num admin-nowrap">{money(total.gross)}</td>
                    </tr>
                  ))}
                  <tr className="admin-table__totals">
                    <th scope="row" colSpan={9}>
                      {t('taxDue')}
                    </th>
                    <td data-label={t('vat')} className="admin-table__num admin-nowrap">{money(query.data.tax_due)}</td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </TableScroll>
          )}
        </>
      ) : null}
    </Section>
  );
}

export function FinanceMonth() {
  const intl = useIntl();
  const id = useId();
  const href = useAdminHref();
  const t: T = (key) => intl.formatMessage(monthTexts[key]);
  const current = warsawDate().slice(0, 7);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = monthOk(asked, current) ? asked : current;
  const remembered = useTaxOfficeStore((state) => state.code);
  const remember = useTaxOfficeStore((state) => state.remember);
  const [office, setOffice] = useState(remembered);
  const [correction, setCorrection] = useState(false);
  const [shown, setShown] = useState<{ tax_office: string; correction: boolean } | null>(TAX_OFFICE.test(remembered) ? { tax_office: remembered, correction: false } : null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('month');
    const chosen = typeof value === 'string' ? value : '';
    const code = office.trim();
    const next = { month: monthOk(chosen, current) ? undefined : t('monthBad'), tax_office: TAX_OFFICE.test(code) ? undefined : t('taxOfficeBad') };
    setErrors(next);
    if (next.month || next.tax_office) return;
    remember(code);
    setShown({ tax_office: code, correction });
    setSearch(new URLSearchParams({ month: chosen }));
  };
  const described = (field: string, hint: string) => [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ');
  return (
    <AdminPage
      title={intl.formatMessage(areaTitles.month)}
      actions={
        <Link className="button button--secondary" to={href('order/invoice')}>
          {intl.formatMessage(areaTitles.invoices)}
        </Link>
      }
    >
      <p className="admin-note">{t('intro')}</p>
      <p className="admin-notice">{t('noPurchases')}</p>
      <form key={month} className="admin-filters" noValidate aria-label={t('choose')} onSubmit={submit}>
        <div className="form-field admin-filters__field">
          <label htmlFor={`${id}-month`} className="form-field__label">
            {t('month')}
          </label>
          <input
            id={`${id}-month`}
            name="month"
            type="month"
            required
            min={FIRST_MONTH}
            max={current}
            className="form-field__input"
            defaultValue={month}
            aria-invalid={errors.month ? true : undefined}
            aria-describedby={described('month', `${id}-month-hint`)}
          />
          <p id={`${id}-month-hint`} className="form-field__hint">
            {t('monthHint')}
          </p>
          {errors.month ? (
            <p id={`${id}-month-error`} className="form-field__error">
              {errors.month}
            </p>
          ) : null}
        </div>
        <div className="form-field admin-filters__field">
          <label htmlFor={`${id}-office`} className="form-field__label">
            {t('taxOffice')}
          </label>
          <input
            id={`${id}-office`}
            name="tax_office"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            required
            className="form-field__input"
            value={office}
            aria-invalid={errors.tax_office ? true : undefined}
            aria-describedby={described('tax_office', `${id}-office-hint`)}
            onChange={(event) => setOffice(event.target.value)}
          />
          <p id={`${id}-office-hint`} className="form-field__hint">
            {t('taxOfficeHint')}
          </p>
          {errors.tax_office ? (
            <p id={`${id}-tax_office-error`} className="form-field__error">
              {errors.tax_office}
            </p>
          ) : null}
        </div>
        <div className="form-check admin-filters__field">
          <input id={`${id}-correction`} type="checkbox" checked={correction} onChange={(event) => setCorrection(event.target.checked)} />
          <label htmlFor={`${id}-correction`}>{t('correction')}</label>
        </div>
        <div className="admin-filters__actions">
          <Button type="submit">{t('show')}</Button>
        </div>
      </form>
      {shown ? <JpkFile key={`${month}-${shown.tax_office}-${String(shown.correction)}`} input={{ month, ...shown }} /> : null}
      <Register month={month} />
    </AdminPage>
  );
}
