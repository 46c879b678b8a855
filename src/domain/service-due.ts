/** When a vehicle's service is due: one rule for the server's filters and the app's flags. */
import { SERVICE_DUE_WITHIN_DAYS } from './constants.ts';
import { addDays, addMonths } from './dates.ts';

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
