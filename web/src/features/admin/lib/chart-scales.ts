// The value axis of the home page's charts, by what it measures: counts of orders, tickets and returns
// go in whole steps (never a tick at 0,5 of an order), and money says its unit on every tick ("70 zł"),
// as an office reads a chart at a glance, without looking up the chart's name.

/** What a chart's values are: złoty, or whole things counted. */
export type ChartValues = 'money' | 'count';

/** Chart.js's options of the value axis (a linear scale starting at zero) for `values`, in `locale`. */
export function valueScale(values: ChartValues, locale: string) {
  if (values === 'count') return { beginAtZero: true, ticks: { precision: 0 } };
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return { beginAtZero: true, ticks: { callback: (value: number | string) => `${number.format(Number(value))} zł` } };
}
