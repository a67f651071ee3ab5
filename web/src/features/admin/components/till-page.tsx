// `/admin/till`, "Kasa" (docs/till.md): a day of the office's desk, today by default. Its figures (the cash
// it began with, cash sales, refunds paid out, cash put in or taken out, what the till should hold, the card
// terminal apart), its movements (each order's a link to its page), the refunds waiting at the desk with
// "Wypłać", the form for cash put in or taken out, and the day's close by counting the cash (a count that
// differs needs its reason, the difference shown as it is typed), or the close once made; the cash report
// as PDF and CSV. Every refusal is said in the page's words, by its code. A page of its own chunk.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { useFormatters, warsawDate } from '@/i18n/format';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { showTillDay, tillDayQuery, type TillDay, type TillMovement, type WaitingRefund } from '../api/till';
import { useAdminHref } from '../lib/admin-path';
import { refusalOf } from '../lib/refusal';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { tillTexts, tillValues } from '../messages/till-messages';

import { AdminPage } from './admin-page';
import { ServerWords } from './invoice-words';
import { LoadFailed } from './load-failed';
import { Facts, Section } from './order-section';
import { PayOutDialog } from './pay-out-dialog';
import { TableScroll } from './table-scroll';
import { TillCashForm, TillCloseForm, TillClosing } from './till-forms';
import { TillReport } from './till-report';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day in the address (`?day=`), else today in Warsaw; a day after today is today. */
function dayOf(search: URLSearchParams, today: string): string {
  const asked = search.get('day') ?? '';
  return DAY.test(asked) && asked <= today ? asked : today;
}

function Figures({ view }: { view: TillDay }) {
  const intl = useIntl();
  const { money, day } = useFormatters();
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  return (
    <Section title={intl.formatMessage(tillValues.figuresOf, { day: day(view.day, 'short') })}>
      <Facts
        items={[
          [t('state'), t(view.closed ? 'closed' : 'open')],
          [t('openingCash'), money(view.opening_cash)],
          [t('cashSales'), money(view.cash_sales)],
          [t('cashRefunds'), money(view.cash_refunds)],
          [t('cashCorrections'), money(view.cash_corrections)],
          [t('expectedCash'), <strong key="expected">{money(view.expected_cash)}</strong>],
          [t('cardSales'), money(view.card_sales)],
          [t('cardRefunds'), money(view.card_refunds)],
        ]}
      />
    </Section>
  );
}

const KINDS = {
  sale: tillTexts.kindSale,
  refund: tillTexts.kindRefund,
  cash_in: tillTexts.kindCashIn,
  cash_out: tillTexts.kindCashOut,
} as const;

function Movements({ view }: { view: TillDay }) {
  const intl = useIntl();
  const href = useAdminHref();
  const { money, time, day } = useFormatters();
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  const what = (movement: TillMovement) => intl.formatMessage(KINDS[movement.kind as keyof typeof KINDS] ?? tillTexts.kindSale);
  const documentOf = (movement: TillMovement) => {
    if (movement.order_id && movement.order_number) {
      return (
        <Link className="admin-nowrap" to={href(`order/order/${movement.order_id}`)}>
          {movement.order_number}
        </Link>
      );
    }
    return movement.order_number || t(movement.amount >= 0 ? 'cashIn' : 'cashOut');
  };
  const caption = intl.formatMessage(tillValues.movementsOf, { day: day(view.day, 'short') });
  return (
    <Section title={t('movements')}>
      {view.movements.length === 0 ? (
        <p className="admin-note">{t('noMovements')}</p>
      ) : (
        <TableScroll label={caption}>
          <table className="admin-inline-table admin-wide-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('time')}</th>
                <th scope="col">{t('what')}</th>
                <th scope="col">{t('document')}</th>
                <th scope="col">{t('method')}</th>
                <th scope="col" className="admin-table__num">{t('income')}</th>
                <th scope="col" className="admin-table__num">{t('expense')}</th>
                <th scope="col">{t('by')}</th>
              </tr>
            </thead>
            <tbody>
              {view.movements.map((movement) => (
                <tr key={movement.movement_id}>
                  <td>{time(movement.at)}</td>
                  <td>
                    {what(movement)}
                    {movement.note ? <span className="admin-till__note">{intl.formatMessage(tillValues.note, { note: movement.note })}</span> : null}
                  </td>
                  <td>{documentOf(movement)}</td>
                  <td className="admin-nowrap">{t(movement.method === 'card_terminal' ? 'methodCard' : 'methodCash')}</td>
                  <td className="admin-table__num admin-nowrap">{movement.amount > 0 ? money(movement.amount) : null}</td>
                  <td className="admin-table__num admin-nowrap">{movement.amount < 0 ? money(-movement.amount) : null}</td>
                  <td className="admin-nowrap">{movement.by || intl.formatMessage(common.none)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

function WaitingRefunds({ view }: { view: TillDay }) {
  const intl = useIntl();
  const href = useAdminHref();
  const queryClient = useQueryClient();
  const { money, dateTime } = useFormatters();
  const [paying, setPaying] = useState<WaitingRefund | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const t = (key: keyof typeof tillTexts) => intl.formatMessage(tillTexts[key]);
  return (
    <Section title={t('waiting')}>
      <p className="admin-note">{t('waitingNote')}</p>
      {refused ? (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      ) : null}
      {view.waiting_refunds.length === 0 ? (
        <p className="admin-note">{t('noWaiting')}</p>
      ) : (
        <TableScroll label={t('waiting')}>
          <table className="admin-inline-table admin-wide-table">
            <thead>
              <tr>
                <th scope="col">{t('order')}</th>
                <th scope="col">{t('reason')}</th>
                <th scope="col" className="admin-table__num">{t('amount')}</th>
                <th scope="col">{t('how')}</th>
                <th scope="col">{t('since')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {view.waiting_refunds.map((refund) => (
                <tr key={refund.refund_id}>
                  <th scope="row" className="admin-nowrap">
                    <Link to={href(`order/order/${refund.order_id}`)}>{refund.order_number}</Link>
                  </th>
                  <td>
                    <ServerWords text={refund.reason} />
                  </td>
                  <td className="admin-table__num">{money(refund.amount)}</td>
                  <td>{t(refund.method === 'card_terminal' ? 'howCard' : 'howCash')}</td>
                  <td>{dateTime(refund.created_at)}</td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={intl.formatMessage(tillValues.payOutOf, { number: refund.order_number })}
                      onClick={() => {
                        setRefused(null);
                        setPaying(refund);
                      }}
                    >
                      {t('payOut')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {paying ? (
        <PayOutDialog
          refund={{ ...paying, method: paying.method === 'card_terminal' ? 'card_terminal' : 'cash' }}
          onClose={() => setPaying(null)}
          onPaid={async (after) => {
            showToast({ type: 'success', message: { ...tillValues.paidOut, values: { amount: money(paying.amount) } } });
            await showTillDay(queryClient, after);
          }}
          onRefused={async (error) => {
            setRefused(refusalOf(intl, error, []).message);
            // Paid out meanwhile (another desk), or the till closed: the list says how it stands now.
            await queryClient.invalidateQueries({ queryKey: tillDayQuery(view.day).queryKey });
          }}
        />
      ) : null}
    </Section>
  );
}

function DayPicker({ day, today }: { day: string; today: string }) {
  const intl = useIntl();
  const id = useId();
  const [, setSearch] = useSearchParams();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('day');
    const chosen = typeof value === 'string' && DAY.test(value) && value <= today ? value : today;
    setSearch(chosen === today ? new URLSearchParams() : new URLSearchParams({ day: chosen }));
  };
  return (
    <form key={day} className="admin-filters" aria-label={intl.formatMessage(tillTexts.dayPicker)} onSubmit={submit}>
      <div className="form-field admin-filters__field">
        <label htmlFor={`${id}-day`} className="form-field__label">
          {intl.formatMessage(tillTexts.day)}
        </label>
        <input id={`${id}-day`} name="day" type="date" required max={today} className="form-field__input" defaultValue={day} />
      </div>
      <div className="admin-filters__actions">
        <Button type="submit">{intl.formatMessage(tillTexts.show)}</Button>
        {day !== today ? (
          <Button variant="secondary" onClick={() => setSearch(new URLSearchParams())}>
            {intl.formatMessage(tillTexts.today)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function TillPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const today = warsawDate();
  const day = dayOf(search, today);
  const query = useQuery(tillDayQuery(day));
  const view = query.data;
  return (
    <AdminPage title={intl.formatMessage(areaTitles.till)} actions={<TillReport day={day} />}>
      <p className="admin-notice">{intl.formatMessage(tillTexts.notFiscal)}</p>
      <DayPicker day={day} today={today} />
      {query.isPending ? <p role="status">{intl.formatMessage(common.loading)}</p> : null}
      {query.isError ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
      {view ? (
        <div className="admin-till">
          <div className="admin-order-grid">
            <Figures view={view} />
            {view.closing ? <TillClosing closing={view.closing} /> : <TillCloseForm view={view} />}
          </div>
          <WaitingRefunds view={view} />
          <Movements view={view} />
          {view.day !== today ? null : view.closed ? (
            <p className="admin-note">{intl.formatMessage(tillTexts.closedToday)}</p>
          ) : (
            <TillCashForm />
          )}
        </div>
      ) : null}
    </AdminPage>
  );
}
