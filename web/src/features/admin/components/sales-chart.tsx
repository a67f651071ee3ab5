// A chart of the home page, drawn with Chart.js (a well-kept canvas charting library, tree-shaken to the
// bar and line charts used here). It is imported by the admin panel's chunk only, so the customer's
// pages never download it. The canvas is an image with a name; its numbers are in the table beside it.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';

import { valueScale, type ChartValues } from '../lib/chart-scales';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

interface SalesChartProps {
  /** The chart's name for screen readers (its title). */
  label: string;
  kind: 'bar' | 'line';
  /** Money (its ticks in zł) or counts (whole steps). */
  values: ChartValues;
  labels: string[];
  series: ChartSeries[];
  /** Horizontal bars (a category per route). */
  horizontal?: boolean;
}

export function SalesChart({ label, kind, values, labels, series, horizontal = false }: SalesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { locale } = useIntl();
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return undefined;
    const chart = new Chart(context, {
      type: kind,
      data: {
        labels,
        datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color, borderColor: s.color, tension: 0.2 })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // The value axis is y, or x for horizontal bars.
        scales: horizontal ? { x: valueScale(values, locale), y: { beginAtZero: true } } : { x: { beginAtZero: true }, y: valueScale(values, locale) },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [kind, values, locale, labels, series, horizontal]);
  return (
    <div className="admin-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
