import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths } from '#domain/dates';
import type { UnavailabilityPeriod } from '../api/unavailability.ts';
import type { VehicleBooking } from '../api/vehicle-calendar.ts';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** What each kind of day looks like: a colour and a letter, so colour is never the only cue. */
export const CALENDAR_LEGEND = [
  { key: 'free', letter: '', label: 'Free' },
  { key: 'booked', letter: 'B', label: 'Booked' },
  { key: 'maintenance', letter: 'M', label: 'Maintenance' },
  { key: 'damage', letter: 'D', label: 'Damage' },
  { key: 'reserved', letter: 'R', label: 'Reserved' },
  { key: 'other', letter: 'O', label: 'Other' },
] as const;

const LETTERS = Object.fromEntries(CALENDAR_LEGEND.map((entry) => [entry.key, entry.letter]));

/** "2026-11" → its first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** "2026-11" moved by `delta` months. */
export const shiftMonth = (month: string, delta: number) => addMonths(`${month}-01`, delta).slice(0, 7);

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 2026-11-26 → "Thursday 26 November". */
const dayLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** 0 for Monday … 6 for Sunday. */
const weekdayIndex = (isoDate: string) => (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;

/** What the keys of the grid pattern do to the focused day. */
function movedDay(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayIndex(day));
    case 'End':
      return addDays(day, 6 - weekdayIndex(day));
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

interface MonthCalendarProps {
  /** YYYY-MM. */
  month: string;
  /** The desk's own day, marked with aria-current="date". */
  today: string;
  periods: UnavailabilityPeriod[];
  bookings: VehicleBooking[];
  /** Called when the keyboard moves past the month's edge (arrows, Page Up/Down). */
  onMonthChange: (month: string) => void;
  /** Names the grid, e.g. "Toyota Yaris (AB12 CDE), November 2026". */
  label: string;
  /** The month's days are still being read (the previous month's stand in). */
  busy: boolean;
}

/**
 * One vehicle's month, Monday first: blocked periods and bookings in their own styles, free days
 * plain, today ringed. A grid in the keyboard's sense: one day is in the tab order, the arrows
 * move by day and week, Home/End to the week's ends, Page Up/Down by month.
 */
export function MonthCalendar({ month, today, periods, bookings, onMonthChange, label, busy }: MonthCalendarProps) {
  const { from, to } = monthRange(month);
  const [active, setActive] = useState<string | null>(null);
  const current = active && active >= from && active <= to ? active : today >= from && today <= to ? today : from;
  const grid = useRef<HTMLTableElement>(null);
  const focusNext = useRef(false);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${current}"]`)?.focus();
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = movedDay(current, event.key);
    if (!next) return;
    event.preventDefault();
    focusNext.current = true;
    setActive(next);
    if (next.slice(0, 7) !== month) onMonthChange(next.slice(0, 7));
  };

  const lead = weekdayIndex(from);
  const days = Array.from({ length: Number(to.slice(8)) }, (_, index) => addDays(from, index));
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  return (
    <table
      ref={grid}
      role="grid"
      className="vehicle-calendar__grid"
      aria-label={label}
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long}>
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? 'empty'}>
            {week.map((day, index) =>
              day ? (
                <CalendarDay
                  key={day}
                  day={day}
                  today={day === today}
                  focusable={day === current}
                  period={periods.find((item) => item.start_date <= day && item.end_date >= day)}
                  booking={bookings.find((item) => item.start_date <= day && item.end_date >= day)}
                  onFocus={() => setActive(day)}
                />
              ) : (
                <td key={`blank-${index}`} className="vehicle-calendar__blank" aria-hidden="true" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface CalendarDayProps {
  day: string;
  today: boolean;
  focusable: boolean;
  period: UnavailabilityPeriod | undefined;
  booking: VehicleBooking | undefined;
  onFocus: () => void;
}

function CalendarDay({ day, today, focusable, period, booking, onFocus }: CalendarDayProps) {
  const states = [
    booking ? `booked by ${booking.customer_name} (booking #${booking.id}, ${booking.status})` : null,
    period ? `blocked, ${period.kind}${period.reason ? ` (${period.reason})` : ''}` : null,
  ].filter(Boolean);
  const description = `${dayLabel(day)}: ${states.length ? states.join('; ') : 'free'}`;
  const classes = [
    'vehicle-calendar__day',
    booking ? 'vehicle-calendar__day--booked' : null,
    period ? `vehicle-calendar__day--${period.kind}` : null,
    today ? 'vehicle-calendar__day--today' : null,
  ].filter(Boolean);
  return (
    <td
      data-day={day}
      className={classes.join(' ')}
      tabIndex={focusable ? 0 : -1}
      aria-label={description}
      aria-current={today ? 'date' : undefined}
      title={description}
      onFocus={onFocus}
    >
      <span className="vehicle-calendar__number" aria-hidden="true">
        {Number(day.slice(8))}
      </span>
      <span className="vehicle-calendar__marks" aria-hidden="true">
        {booking ? LETTERS.booked : null}
        {period ? LETTERS[period.kind] : null}
      </span>
    </td>
  );
}
