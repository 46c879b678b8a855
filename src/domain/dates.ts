/** Calendar dates travel as YYYY-MM-DD and times as HH:MM (24-hour). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 86_400_000;

/** Days in each month of a common year; February gains one in a leap year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date written YYYY-MM-DD (proleptic Gregorian, as `Date` reads it). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  // Counted, not parsed into a Date: a quote checks every season's dates (issue 21).
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (MONTH_DAYS[month - 1] ?? 0) + (month === 2 && leap ? 1 : 0);
}

/** `value` when it is a real calendar date (e.g. read from an address), else undefined. */
export function isoDateOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && isIsoDate(value) ? value : undefined;
}

export function isTime(text: string): boolean {
  return TIME.test(text);
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day `months` later; a day the month lacks becomes its last (31 January + 1 month is
 * 28 or 29 February), as a garage's "every 12 months" is read.
 */
export function addMonths(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Rental days counted inclusively: picking up and returning on the same day is one day,
 * 22nd to 25th is four. The same inclusive reading decides overlaps between bookings.
 */
export function rentalDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Two inclusive date ranges overlap when each starts no later than the other ends. */
export function rangesOverlap(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return aStart <= bEnd && bStart <= aEnd;
}

/** "YYYY-MM-DDTHH:MM": a real day and time on a wall clock, with no zone. */
export function isLocalDateTime(text: string): boolean {
  const [date = '', time = '', ...rest] = text.split('T');
  return rest.length === 0 && isIsoDate(date) && isTime(time);
}

/** The user's own clock as "YYYY-MM-DDTHH:MM": when something happened at the desk, in its local time. */
export function localIsoDateTime(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${localIsoDate(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** The date on the user's own calendar (not UTC's) as YYYY-MM-DD: "today" at a desk means the local day. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
