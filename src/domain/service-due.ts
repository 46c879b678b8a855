/**
 * Maintenance: what a record may be, and when a vehicle's service is due — one rule for the
 * server's filters and the app's flags. Apart from constants.ts, which the landing page loads.
 */
import { addDays, addMonths } from './dates.ts';

/** What a maintenance record is for; a `service` moves the vehicle's next service date. */
export const MAINTENANCE_TYPES = ['service', 'repair', 'tyres', 'inspection', 'other'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
/** Months from a service to the next, unless the agency sets its own (Settings). */
export const DEFAULT_SERVICE_INTERVAL_MONTHS = 12;
export const MAX_SERVICE_INTERVAL_MONTHS = 60;
/** A vehicle is flagged when its next service is this many days away or fewer, or past. */
export const SERVICE_DUE_WITHIN_DAYS = 14;

/** The last next-service date that counts as due on `today`: within 14 days, or past. */
export function serviceDueBy(today: string): string {
  return addDays(today, SERVICE_DUE_WITHIN_DAYS);
}

export type ServiceState = 'overdue' | 'due' | 'ok';

export function serviceState(nextServiceDate: string, today: string): ServiceState {
  if (nextServiceDate < today) return 'overdue';
  return nextServiceDate <= serviceDueBy(today) ? 'due' : 'ok';
}

/**
 * The next service date after a service on `serviceDate`: the interval later, but never earlier
 * than the date the vehicle already has (recording an old service does not pull it back).
 */
export function nextServiceAfter(serviceDate: string, intervalMonths: number, current: string): string {
  const next = addMonths(serviceDate, intervalMonths);
  return next > current ? next : current;
}
