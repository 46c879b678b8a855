import type { SeasonView } from '#domain/api/rate-plan';
import { seasonTimeline } from '../season-timeline.ts';

/**
 * The seasons on a strip of months, one row each, so overlaps show at a glance. A picture only
 * (hidden from screen readers): the list under it says the same dates and names the overlaps.
 */
export function SeasonStrip({ seasons }: { seasons: readonly SeasonView[] }) {
  const { months, bars } = seasonTimeline(seasons);
  if (months.length === 0) return null;
  return (
    <div className="season-strip" aria-hidden="true">
      <div className="season-strip__months" style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}>
        {months.map((month) => (
          <span key={month.key} className="season-strip__month">
            {month.label}
          </span>
        ))}
      </div>
      <div className="season-strip__rows" style={{ backgroundSize: `${100 / months.length}% 100%` }}>
        {bars.map((bar, index) => (
          <div key={bar.id} className="season-strip__row">
            <span
              className={`season-strip__bar season-strip__bar--${index % 4}`}
              style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
              title={bar.name}
            >
              <span className="season-strip__label">{bar.name}</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
