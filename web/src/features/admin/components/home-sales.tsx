// The home page's sales of the last 30 days: today's and the period's sums, then per day and per route
// a chart (Chart.js, see sales-chart.tsx), its table and its CSV file. The table is the chart's text:
// the exact numbers, for screen readers and for a spreadsheet.
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { RouteSales, SalesDay, SalesSums } from '../api/admin-home';
import { csvHref, daysCsv, routesCsv, type SalesHeaders } from '../lib/home-csv';
import { fileNameValues } from '../messages/file-name-messages';
import { homeTexts } from '../messages/home-messages';

import { SalesChart, type ChartSeries } from './sales-chart';
import { TableScroll } from './table-scroll';

type Summary = { from: string; to: string; days: SalesDay[]; routes: RouteSales[]; totals: SalesSums };

const COLORS = { revenue: '#1f6f43', refunded: '#b3261e', orders: '#1d4f91', tickets: '#7a4fb0', returns: '#b3261e' };

function SumsList({ title, sums }: { title: string; sums: SalesSums }) {
  const intl = useIntl();
  const format = useFormatters();
  const titleId = useId();
  const items: [string, string][] = [
    [intl.formatMessage(homeTexts.orders), String(sums.orders)],
    [intl.formatMessage(homeTexts.tickets), String(sums.tickets)],
    [intl.formatMessage(homeTexts.revenue), format.money(sums.revenue)],
    [intl.formatMessage(homeTexts.returns), String(sums.returns)],
    [intl.formatMessage(homeTexts.refunded), format.money(sums.refunded)],
  ];
  return (
    <section className="admin-home__sums" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <dl>
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface SalesTableProps {
  label: string;
  first: string;
  rows: { key: string; name: string; sums: SalesSums }[];
  totals: SalesSums;
}

function SalesTable({ label, first, rows, totals }: SalesTableProps) {
  const intl = useIntl();
  const format = useFormatters();
  const cells = (s: SalesSums) => [s.orders, s.tickets, format.money(s.revenue), s.returns, format.money(s.refunded)];
  return (
    <TableScroll label={label}>
      <table className="admin-inline-table admin-home__table">
        <thead>
          <tr>
            {[first, homeTexts.orders, homeTexts.tickets, homeTexts.revenue, homeTexts.returns, homeTexts.refunded].map((h) => {
              const text = typeof h === 'string' ? h : intl.formatMessage(h);
              return (
                <th key={text} scope="col">
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {cells(row.sums).map((value, index) => (
                <td key={index}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{intl.formatMessage(homeTexts.total)}</th>
            {cells(totals).map((value, index) => (
              <td key={index}>{value}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="admin-home__part" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {children}
    </section>
  );
}

export function HomeSales({ sales, today }: { sales: Summary; today: string }) {
  const intl = useIntl();
  const format = useFormatters();
  const titleId = useId();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const headers = (first: string): SalesHeaders => ({
    first,
    orders: t(homeTexts.orders),
    tickets: t(homeTexts.tickets),
    revenue: t(homeTexts.revenue),
    returns: t(homeTexts.returns),
    refunded: t(homeTexts.refunded),
  });
  const dayLabels = useMemo(() => sales.days.map((d) => format.day(d.day, 'short').slice(0, 5)), [sales.days, format]);
  const revenueSeries: ChartSeries[] = useMemo(
    () => [
      { label: t(homeTexts.revenue), values: sales.days.map((d) => d.revenue / 100), color: COLORS.revenue },
      { label: t(homeTexts.refunded), values: sales.days.map((d) => d.refunded / 100), color: COLORS.refunded },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language, which remounts the page
    [sales.days],
  );
  const countSeries: ChartSeries[] = useMemo(
    () => [
      { label: t(homeTexts.orders), values: sales.days.map((d) => d.orders), color: COLORS.orders },
      { label: t(homeTexts.tickets), values: sales.days.map((d) => d.tickets), color: COLORS.tickets },
      { label: t(homeTexts.returns), values: sales.days.map((d) => d.returns), color: COLORS.returns },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
    [sales.days],
  );
  const routeLabels = useMemo(() => sales.routes.map((r) => r.route_name), [sales.routes]);
  const routeSeries: ChartSeries[] = useMemo(
    () => [{ label: t(homeTexts.revenue), values: sales.routes.map((r) => r.revenue / 100), color: COLORS.revenue }],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
    [sales.routes],
  );
  const todaySums = sales.days.find((d) => d.day === today) ?? { orders: 0, tickets: 0, revenue: 0, returns: 0, refunded: 0 };
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 className="admin-section__title" id={titleId}>
        {t(homeTexts.sales)}
      </h2>
      <div className="admin-home__sums-row">
        <SumsList title={t(homeTexts.salesToday)} sums={todaySums} />
        <SumsList title={t(homeTexts.salesPeriod)} sums={sales.totals} />
      </div>
      <Part title={t(homeTexts.perDay)}>
        <SalesChart label={t(homeTexts.revenueChart)} kind="bar" values="money" labels={dayLabels} series={revenueSeries} />
        <SalesChart label={t(homeTexts.countsChart)} kind="line" values="count" labels={dayLabels} series={countSeries} />
        <p className="admin-note">{t(homeTexts.chartNote)}</p>
        <details className="admin-home__details">
          <summary>{t(homeTexts.showTable)}</summary>
          <SalesTable
            label={t(homeTexts.perDay)}
            first={t(homeTexts.day)}
            rows={sales.days.map((d) => ({ key: d.day, name: format.day(d.day, 'short'), sums: d }))}
            totals={sales.totals}
          />
        </details>
        <a className="button button--secondary" href={csvHref(daysCsv(headers(t(homeTexts.day)), sales.days))} download={`${intl.formatMessage(fileNameValues.salesDays, { from: sales.from, to: sales.to })}.csv`}>
          {t(homeTexts.csv)}
        </a>
      </Part>
      <Part title={t(homeTexts.perRoute)}>
        {sales.routes.length === 0 ? (
          <p className="admin-note">{t(homeTexts.noSales)}</p>
        ) : (
          <>
            <SalesChart label={t(homeTexts.routesChart)} kind="bar" values="money" labels={routeLabels} series={routeSeries} horizontal />
            <SalesTable
              label={t(homeTexts.perRoute)}
              first={t(homeTexts.route)}
              rows={sales.routes.map((r) => ({ key: String(r.route_id), name: r.route_name, sums: r }))}
              totals={sales.totals}
            />
            <a className="button button--secondary" href={csvHref(routesCsv(headers(t(homeTexts.route)), sales.routes))} download={`${intl.formatMessage(fileNameValues.salesRoutes, { from: sales.from, to: sales.to })}.csv`}>
              {t(homeTexts.csv)}
            </a>
          </>
        )}
      </Part>
    </section>
  );
}
