import type { ReactNode } from 'react';
import { useLoadedAfterFirstPaint } from '../../../first-paint.ts';
import { useOnline } from '../../../offline/connectivity.ts';

/** The chart code (chart.js): its own chunk, left out of the precache and kept once fetched (decision 046). */
const loadCharts = () => import('./charts.tsx');

export type ChartModule = Awaited<ReturnType<typeof loadCharts>>;

/** The charts once their code is here; null while it loads (or, offline, until the connection returns). */
export function useCharts(): ChartModule | null {
  return useLoadedAfterFirstPaint(loadCharts);
}

/**
 * Where a chart goes: drawn once the chart code is here. Until then the panel keeps its size and
 * says why it is empty; the figures themselves are always under "Show data" beside it.
 */
export function ChartSlot({
  charts,
  children,
}: {
  charts: ChartModule | null;
  children: (charts: ChartModule) => ReactNode;
}) {
  const online = useOnline();
  if (charts) return children(charts);
  return (
    <p className="analytics-chart__pending" role="status">
      {online
        ? 'Loading the chart...'
        : 'The charts are shown once this device has been online on this screen. The figures are under Show data.'}
    </p>
  );
}
