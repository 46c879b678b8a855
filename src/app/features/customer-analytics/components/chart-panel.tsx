import type { ReactNode } from 'react';
import type { ChartFigures } from '../analytics-figures.ts';

interface ChartPanelProps {
  /** Unique on the page: ties the heading to the section and names its layout class. */
  id: string;
  title: string;
  /** One line under the heading, e.g. how a figure is defined. */
  note?: string;
  figures: ChartFigures;
  /** Said instead of drawing empty axes. */
  emptyMessage: string;
  /** The chart itself, drawn from the same figures. */
  children: ReactNode;
}

/**
 * One chart with its heading. The chart (children) is an image named by the figures' summary,
 * and the numbers are also a table behind "Show data" for screen-reader and keyboard users.
 */
export function ChartPanel({ id, title, note, figures, emptyMessage, children }: ChartPanelProps) {
  const titleId = `${id}-title`;
  return (
    <section className={`panel analytics-panel analytics-panel--${id}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="analytics-panel__title">
        {title}
      </h2>
      {note ? <p className="analytics-panel__note">{note}</p> : null}
      {figures.empty ? (
        <p className="analytics-panel__empty">{emptyMessage}</p>
      ) : (
        <>
          <div className={`analytics-chart analytics-chart--${id}`}>{children}</div>
          <details className="analytics-data">
            <summary>
              Show data<span className="visually-hidden"> for {title}</span>
            </summary>
            <div className="table-frame">
              <table className="table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{figures.category}</th>
                    {figures.series.map((series) => (
                      <th key={series.label} scope="col" className="table__cell--number">
                        {series.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {figures.labels.map((label, row) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      {figures.series.map((series) => (
                        <td key={series.label} className="table__cell--number">
                          {series.values[row] ?? 0}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
