import { addDays } from '#domain/dates';
import type { UnavailabilityPeriod } from '../api/unavailability.ts';

export const CALENDAR_WEEKS = 6;

/** 2032-01-10 → "Sat 10 Jan" (UTC, as the dates are stored). */
function dayLabel(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * Week-by-week view of the blocked days, one row per vehicle that has a period in the window:
 * each day is a cell of a CSS grid whose label says the day and why it is blocked.
 */
export function PeriodCalendar({ periods, firstDay }: { periods: UnavailabilityPeriod[]; firstDay: string }) {
  const days = Array.from({ length: CALENDAR_WEEKS * 7 }, (_, index) => addDays(firstDay, index));
  const lastDay = days.at(-1) ?? firstDay;
  const byVehicle = new Map<number, UnavailabilityPeriod[]>();
  for (const period of periods) {
    if (period.start_date > lastDay || period.end_date < firstDay) continue;
    byVehicle.set(period.vehicle, [...(byVehicle.get(period.vehicle) ?? []), period]);
  }
  if (byVehicle.size === 0)
    return <p className="unavailability-calendar__empty">No vehicle is blocked in the next {CALENDAR_WEEKS} weeks.</p>;
  return (
    <div className="unavailability-calendar">
      {[...byVehicle.values()].map((own) => {
        const { vehicle_details: vehicle } = own[0] as UnavailabilityPeriod;
        const name = `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
        return (
          <section key={vehicle.id} className="unavailability-calendar__vehicle" aria-label={`Calendar of ${name}`}>
            <h3>{name}</h3>
            <ol className="unavailability-calendar__days">
              {days.map((day) => {
                const period = own.find((item) => item.start_date <= day && item.end_date >= day);
                return (
                  <li
                    key={day}
                    className={`unavailability-calendar__day${period ? ` unavailability-calendar__day--${period.kind}` : ''}`}
                    aria-label={`${dayLabel(day)}: ${period ? `blocked (${period.kind})` : 'free'}`}
                    title={period ? `${dayLabel(day)}: ${period.kind}` : dayLabel(day)}
                  >
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
