/**
 * What a return inspection flags against the pickup (issue 19): fuel brought back lower than it
 * went out, and kilometres beyond the vehicle's allowance. The allowance is the vehicle's
 * `mileage_allowance` in km per day (its form says so) times the booking's rental days, counted
 * inclusively as everywhere else; an allowance of 0 means none is set, so nothing is flagged.
 * Shared by the return form (before saving) and the saved inspection view.
 */
import { addDays, rentalDays } from './dates.ts';
import { fuelLabel } from './schemas/inspection.ts';

export interface Readings {
  mileage: number;
  /** 0 (empty) to 8 (full). */
  fuel_eighths: number;
}

export interface Allowance {
  /** The vehicle's km per day; 0 when none is set. */
  kmPerDay: number;
  /** The booking's rental days. */
  days: number;
}

export interface ReturnFlags {
  /** Set when the car came back with less fuel than it went out with. */
  fuel: { pickup: number; returned: number } | null;
  /** Set when more km were driven than the allowance. */
  mileage: { driven: number; allowed: number; over: number } | null;
}

/** The allowance of a booking's vehicle over its days. */
export function bookingAllowance(kmPerDay: number, startDate: string, endDate: string): Allowance {
  return { kmPerDay, days: Math.max(1, rentalDays(startDate, endDate)) };
}

export function returnFlags(pickup: Readings, returned: Readings, allowance: Allowance): ReturnFlags {
  const driven = Math.max(0, returned.mileage - pickup.mileage);
  const allowed = allowance.kmPerDay * allowance.days;
  return {
    fuel:
      returned.fuel_eighths < pickup.fuel_eighths
        ? { pickup: pickup.fuel_eighths, returned: returned.fuel_eighths }
        : null,
    mileage: allowance.kmPerDay > 0 && driven > allowed ? { driven, allowed, over: driven - allowed } : null,
  };
}

const km = (value: number) => `${value.toLocaleString('en-GB')} km`;

/** The flags in words, one sentence each, in the order they are shown. */
export function returnFlagTexts(flags: ReturnFlags, allowance: Allowance): string[] {
  const texts: string[] = [];
  if (flags.fuel) {
    texts.push(
      `Fuel is lower than at pickup: ${fuelLabel(flags.fuel.returned)} now, ${fuelLabel(flags.fuel.pickup)} at pickup.`,
    );
  }
  if (flags.mileage) {
    const days = `${allowance.days} ${allowance.days === 1 ? 'day' : 'days'}`;
    texts.push(
      `${km(flags.mileage.over)} over the mileage allowance: ${km(flags.mileage.driven)} driven, ${km(flags.mileage.allowed)} allowed (${km(allowance.kmPerDay)} a day for ${days}).`,
    );
  }
  return texts;
}

/** How far a pickup is from the booking's start before it asks to be confirmed. */
export const PICKUP_DAYS_FROM_START = 1;

/**
 * Days between `today` and the booking's first day (negative before it) when that is more than
 * a day either way, else null: a pickup recorded then is likely on the wrong booking.
 */
export function pickupFarFromStart(today: string, startDate: string): number | null {
  if (today >= addDays(startDate, -PICKUP_DAYS_FROM_START) && today <= addDays(startDate, PICKUP_DAYS_FROM_START)) {
    return null;
  }
  return rentalDays(startDate, today) - 1;
}
