import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import { formatDate } from '../../lib/format.ts';
import type { Zoom } from './planner-model.ts';

/** "Toyota Yaris (AB12 CDE)". */
export const vehicleName = (vehicle: Pick<PlannerRow['vehicle'], 'make' | 'model' | 'registration_number'>) =>
  `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;

const STATUS_WORDS: Record<string, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  accepted: 'accepted, holding the vehicle',
  maintenance: 'maintenance',
  damage: 'damage',
  reserved: 'reserved',
  other: 'other',
};

/**
 * A bar's accessible name: who, what, which vehicle, which days, its status — e.g. "Booking of
 * Jane Doe, Toyota Yaris (AB12 CDE), 12/05/2026 – 15/05/2026, confirmed".
 */
export function barName(bar: PlannerBar, vehicle: string, pending: boolean): string {
  const days = `${formatDate(bar.start_date)} – ${formatDate(bar.end_date)}`;
  const status = STATUS_WORDS[bar.status] ?? bar.status;
  if (bar.kind === 'booking') {
    return `Booking of ${bar.label}, ${vehicle}, ${days}, ${status}${pending ? ', move waiting to be sent' : ''}`;
  }
  if (bar.kind === 'request') return `Booking request from ${bar.label}, ${vehicle}, ${days}, ${status}`;
  return `Unavailable (${status}${bar.label ? `: ${bar.label}` : ''}), ${vehicle}, ${days}`;
}

const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });
const longFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** A day's column heading: "Mon 12" in the week view, "12" in the month view, "Monday 12 May" in the day view. */
export function dayLabel(date: string, zoom: Zoom): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (zoom === 'day') return longFormat.format(value);
  return (zoom === 'week' ? weekdayFormat : dayFormat).format(value);
}

/** "Monday 12 May": a day as the agenda heads it. */
export const longDay = (date: string) => longFormat.format(new Date(`${date}T00:00:00Z`));
