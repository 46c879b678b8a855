import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import { addDays } from '#domain/dates';
import { formatDate } from '../../../lib/format.ts';
import { longDay, vehicleName } from '../planner-names.ts';

type Booking = Extract<PlannerBar, { kind: 'booking' }>;

/** Days the agenda lists, from the day in view. */
const AGENDA_DAYS = 7;
const VIEWS = [
  { value: 'day', label: 'By day' },
  { value: 'vehicle', label: 'By vehicle' },
] as const;

/** Bookings listed under each vehicle. */
const NEXT_PER_VEHICLE = 3;

interface Entry {
  booking: Booking;
  row: PlannerRow;
}

const bookingsOf = (rows: readonly PlannerRow[]): Entry[] =>
  rows.flatMap((row) =>
    row.bars.filter((bar): bar is Booking => bar.kind === 'booking').map((booking) => ({ booking, row })),
  );

/**
 * The planner on a phone (issue 23): per day, the pick-ups, the returns and the vehicles out; per
 * vehicle, its next bookings. Each booking opens its details.
 */
export function PlannerAgenda({ rows, from, today }: { rows: readonly PlannerRow[]; from: string; today: string }) {
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('day');
  return (
    <div className="planner-agenda">
      <div className="planner-zoom" role="group" aria-label="Agenda view">
        {VIEWS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="planner-zoom__option"
            aria-pressed={view === option.value}
            onClick={() => setView(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {view === 'day' ? <ByDay rows={rows} from={from} /> : <ByVehicle rows={rows} today={today} />}
    </div>
  );
}

function ByDay({ rows, from }: { rows: readonly PlannerRow[]; from: string }) {
  const entries = bookingsOf(rows);
  const live = entries.filter(({ booking }) => booking.status !== 'cancelled');
  return (
    <>
      {Array.from({ length: AGENDA_DAYS }, (_, offset) => {
        const day = addDays(from, offset);
        const pickups = live.filter(
          ({ booking }) =>
            booking.start_date === day && (booking.status === 'pending' || booking.status === 'confirmed'),
        );
        const returns = live.filter(({ booking }) => booking.end_date === day && booking.status !== 'completed');
        const out = live.filter(
          ({ booking }) => booking.status === 'active' && booking.start_date <= day && day <= booking.end_date,
        );
        return (
          <section key={day} className="planner-agenda__day" aria-labelledby={`agenda-${day}`}>
            <h2 id={`agenda-${day}`}>{longDay(day)}</h2>
            {pickups.length + returns.length + out.length === 0 ? (
              <p className="planner-agenda__empty">No pick-ups, returns or vehicles out.</p>
            ) : (
              <>
                <AgendaList title="Pick-ups" entries={pickups} time={(booking) => booking.pickup_time} />
                <AgendaList title="Returns" entries={returns} time={(booking) => booking.dropoff_time} />
                <AgendaList title="Vehicles out" entries={out} />
              </>
            )}
          </section>
        );
      })}
    </>
  );
}

/** A day's pick-ups, returns or vehicles out; an empty list is left out. */
function AgendaList({
  title,
  entries,
  time,
}: {
  title: string;
  entries: readonly Entry[];
  time?: (booking: Booking) => string;
}) {
  if (entries.length === 0) return null;
  return (
    <div className="planner-agenda__group">
      <h3>
        {title} ({entries.length})
      </h3>
      <ul>
        {entries.map(({ booking, row }) => (
          <li key={`${booking.id}:${row.vehicle.id}`}>
            <Link to="/booking-details/$id" params={{ id: booking.id }} className="planner-agenda__item">
              <span
                className={`planner-agenda__dot planner-bar--${booking.status === 'active' ? 'active' : 'upcoming'}`}
                aria-hidden="true"
              />
              <span>
                <strong>{booking.label}</strong>
                <span className="planner-agenda__meta">
                  {time ? `${time(booking)} · ` : ''}
                  {vehicleName(row.vehicle)} · {formatDate(booking.start_date)} – {formatDate(booking.end_date)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ByVehicle({ rows, today }: { rows: readonly PlannerRow[]; today: string }) {
  return (
    <ul className="planner-agenda__vehicles">
      {rows.map((row) => {
        const next = row.bars
          .filter(
            (bar): bar is Booking =>
              bar.kind === 'booking' &&
              bar.end_date >= today &&
              bar.status !== 'cancelled' &&
              bar.status !== 'completed',
          )
          .slice(0, NEXT_PER_VEHICLE);
        return (
          <li key={row.vehicle.id} className="planner-agenda__vehicle">
            <h2>{vehicleName(row.vehicle)}</h2>
            {next.length === 0 ? (
              <p className="planner-agenda__empty">No bookings coming.</p>
            ) : (
              <ul>
                {next.map((booking) => (
                  <li key={booking.id}>
                    <Link to="/booking-details/$id" params={{ id: booking.id }} className="planner-agenda__item">
                      <span
                        className={`planner-agenda__dot planner-bar--${booking.status === 'active' ? 'active' : 'upcoming'}`}
                        aria-hidden="true"
                      />
                      <span>
                        <strong>{booking.label}</strong>
                        <span className="planner-agenda__meta">
                          {formatDate(booking.start_date)} – {formatDate(booking.end_date)} · {booking.status}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
