import { useState } from 'react';
import { localIsoDate } from '#domain/dates';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { SelectField } from '../../../components/text-field.tsx';
import { fleetChoiceName, useFleetChoices } from '../../fleet/index.ts';
import { useVehicleCalendar } from '../api/vehicle-calendar.ts';
import { CALENDAR_LEGEND, monthLabel, monthRange, MonthCalendar, shiftMonth } from './period-calendar.tsx';

/**
 * The calendar of one vehicle of the fleet, a month at a time: its blocked periods and its
 * bookings, so the free days between them show. Opens on this month and the first vehicle.
 */
export function VehicleCalendar({ preferredVehicle }: { preferredVehicle: number | undefined }) {
  const today = localIsoDate();
  const fleet = useFleetChoices();
  const [chosen, setChosen] = useState<number | null>(null);
  const [month, setMonth] = useState(today.slice(0, 7));
  const vehicles = fleet.data?.items ?? [];
  const vehicle =
    vehicles.find((item) => item.id === chosen) ?? vehicles.find((item) => item.id === preferredVehicle) ?? vehicles[0];

  if (!fleet.data)
    return (
      <QueryFallback
        query={fleet}
        loadingLabel="Loading the fleet..."
        failure="The fleet could not be loaded."
        offline="The calendar will appear when the connection returns."
      />
    );
  if (!vehicle) return <EmptyState message="No vehicles in the fleet yet." />;

  const name = fleetChoiceName(vehicle);
  return (
    <section className="vehicle-calendar" aria-labelledby="vehicle-calendar-month">
      <div className="vehicle-calendar__tools">
        <SelectField label="Calendar of" value={vehicle.id} onChange={(event) => setChosen(Number(event.target.value))}>
          {vehicles.map((item) => (
            <option key={item.id} value={item.id}>
              {fleetChoiceName(item)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="vehicle-calendar__months">
        <h3 id="vehicle-calendar-month" className="vehicle-calendar__month" aria-live="polite">
          {monthLabel(month)}
        </h3>
        <div className="vehicle-calendar__month-buttons">
          <Button variant="secondary" size="sm" onClick={() => setMonth(shiftMonth(month, -1))}>
            <span aria-hidden="true">‹ </span>Previous month
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setMonth(shiftMonth(month, 1))}>
            Next month<span aria-hidden="true"> ›</span>
          </Button>
          {month !== today.slice(0, 7) ? (
            <Button variant="ghost" size="sm" onClick={() => setMonth(today.slice(0, 7))}>
              This month
            </Button>
          ) : null}
        </div>
      </div>
      <VehicleMonth
        key={vehicle.id}
        vehicle={vehicle.id}
        name={name}
        month={month}
        today={today}
        onMonthChange={setMonth}
      />
      <ul className="vehicle-calendar__legend" aria-label="Legend">
        {CALENDAR_LEGEND.map((entry) => (
          <li key={entry.key}>
            <span className={`vehicle-calendar__swatch vehicle-calendar__day--${entry.key}`} aria-hidden="true">
              {entry.letter}
            </span>
            {entry.label}
          </li>
        ))}
        <li>
          <span className="vehicle-calendar__swatch vehicle-calendar__day--today" aria-hidden="true" />
          Today
        </li>
      </ul>
      <p className="vehicle-calendar__hint">
        Use the arrow keys to move between days, Page Up and Page Down to change month.
      </p>
    </section>
  );
}

interface VehicleMonthProps {
  vehicle: number;
  name: string;
  month: string;
  today: string;
  onMonthChange: (month: string) => void;
}

function VehicleMonth({ vehicle, name, month, today, onMonthChange }: VehicleMonthProps) {
  const { periods, bookings } = useVehicleCalendar({ vehicle, ...monthRange(month) });
  const failed = periods.data ? bookings : periods;
  if (!periods.data || !bookings.data)
    return (
      <QueryFallback
        query={failed}
        loadingLabel="Loading the calendar..."
        failure="The calendar could not be loaded."
        offline="The calendar will appear when the connection returns."
      />
    );
  return (
    <MonthCalendar
      month={month}
      today={today}
      periods={periods.data.items}
      bookings={bookings.data}
      onMonthChange={onMonthChange}
      label={`${name}, ${monthLabel(month)}`}
      busy={periods.isPlaceholderData || bookings.isPlaceholderData}
    />
  );
}
