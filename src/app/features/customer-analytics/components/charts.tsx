/**
 * The three kinds of chart the analytics screen draws. Only the chart.js pieces they use are
 * registered (tree-shaken), and only this screen imports this file, so chart.js loads with the
 * /customers/analytics route and never with `/`.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { ChartFigures } from '../analytics-figures.ts';
import { colorAt, readChartTheme } from '../chart-colors.ts';

ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  PieController,
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

const theme = readChartTheme();
ChartJS.defaults.font.family = theme.font;
ChartJS.defaults.color = theme.text;
ChartJS.defaults.borderColor = theme.grid;
if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) ChartJS.defaults.animation = false;

/**
 * Every chart fills its panel's box (the CSS gives it a height) and keeps the legend below. The
 * canvas is an image named by the figures' summary; its panel holds the numbers as a table.
 */
const base = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { position: 'bottom' as const, labels: { boxWidth: 12, boxHeight: 12, usePointStyle: true } } },
};

/** Counts are whole numbers: no 0.5 ticks on a small axis. */
const countAxis = (title: string, position: 'left' | 'right') => ({
  beginAtZero: true,
  position,
  ticks: { precision: 0 },
  title: { display: true, text: title },
});

/** New customers per month (left axis) and customers in total (right axis); monotone curves never dip below zero. */
export function GrowthChart({ figures }: { figures: ChartFigures }) {
  const [added, totals] = figures.series;
  return (
    <Chart
      role="img"
      aria-label={figures.summary}
      type="line"
      data={{
        labels: figures.labels,
        datasets: [
          {
            label: added?.label ?? '',
            data: added?.values ?? [],
            yAxisID: 'y',
            borderColor: colorAt(theme, 0),
            backgroundColor: colorAt(theme, 0),
            borderWidth: 2,
            pointStyle: 'circle',
            pointRadius: 4,
            cubicInterpolationMode: 'monotone',
          },
          {
            label: totals?.label ?? '',
            data: totals?.values ?? [],
            yAxisID: 'total',
            borderColor: colorAt(theme, 1),
            backgroundColor: colorAt(theme, 1),
            borderWidth: 2,
            // A second shape besides the second colour, for anyone who cannot tell the colours apart.
            pointStyle: 'rect',
            pointRadius: 4,
            cubicInterpolationMode: 'monotone',
          },
        ],
      }}
      options={{
        ...base,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false } },
          y: countAxis(added?.label ?? '', 'left'),
          total: { ...countAxis(totals?.label ?? '', 'right'), grid: { drawOnChartArea: false } },
        },
      }}
    />
  );
}

/** One series as slices, coloured in turn. */
export function PieFigure({ figures }: { figures: ChartFigures }) {
  const series = figures.series[0];
  return (
    <Chart
      role="img"
      aria-label={figures.summary}
      type="pie"
      data={{
        labels: figures.labels,
        datasets: [
          {
            label: series?.label ?? '',
            data: series?.values ?? [],
            backgroundColor: figures.labels.map((_, index) => colorAt(theme, index)),
            borderColor: theme.surface,
            borderWidth: 2,
          },
        ],
      }}
      options={base}
    />
  );
}

/** Side-by-side bars, one series per colour. */
export function BarFigure({ figures }: { figures: ChartFigures }) {
  return (
    <Chart
      role="img"
      aria-label={figures.summary}
      type="bar"
      data={{
        labels: figures.labels,
        datasets: figures.series.map((series, index) => ({
          label: series.label,
          data: series.values,
          backgroundColor: colorAt(theme, index),
          borderRadius: 4,
        })),
      }}
      options={{
        ...base,
        interaction: { mode: 'index', intersect: false },
        scales: { x: { grid: { display: false } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
      }}
    />
  );
}
