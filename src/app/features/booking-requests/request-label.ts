import { formatDate } from '../../lib/format.ts';

/** How a request reads in the sync panel: "Booking request: Toyota Yaris, 12/05/2026 – 15/05/2026". */
export function requestLabel(vehicle: { make: string; model: string }, startDate: string, endDate: string): string {
  return `Booking request: ${vehicle.make} ${vehicle.model}, ${formatDate(startDate)} – ${formatDate(endDate)}`;
}

/** The sync panel's action on a request the server refused: its form, with what was typed. */
export const CHANGE_THE_DATES = 'Change the dates';
