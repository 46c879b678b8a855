/**
 * The charges a return proposes (issue 22): the return inspection read against the pickup one and
 * the booking's own terms. Pure, so the server (the authority, GET bookings/{id}/return-charges/)
 * and a screen give the same charges with the same working. The rules — which damage marks are
 * new, how a late return is priced, rounding — are docs/decisions/051-return-charges.md.
 *
 * Units: money in minor units, distances in km, fuel in eighths of a tank, dates as ISO days and
 * times as "HH:MM" on the desk's own clock.
 */
import { rentalDays } from './dates.ts';
import { moneyText } from './money.ts';
import { divideRounded, hourlyCharge, hourlyRate } from './quote.ts';
import type { FuelPolicy, QuoteLineKind } from './rate-plan.ts';
import { fuelLabel, type DamageMark } from './schemas/inspection.ts';

/** A return mark within this distance of a pickup mark (on the 0–1 outline) is the same damage. */
export const MARK_MATCH_RADIUS = 0.05;

export type ProposedChargeKind = 'mileage' | 'fuel' | 'late' | 'damage';
/** Charges staff add at return beside the proposed ones. */
export type AddedChargeKind = 'cleaning' | 'other';
export type ReturnChargeKind = ProposedChargeKind | AddedChargeKind;
export const ADDED_CHARGE_KINDS = ['cleaning', 'other'] as const satisfies readonly AddedChargeKind[];
/** What staff decided: charged, let off with a reason, or (a damage) already known. */
export const RETURN_CHARGE_STATUSES = ['confirmed', 'waived', 'dismissed'] as const;
export type ReturnChargeStatus = (typeof RETURN_CHARGE_STATUSES)[number];

/** The rate plan's terms the return is charged by, and the agency's grace period. */
export interface ReturnTerms {
  /** Km per day included; 0: no allowance is set, so no kilometres are charged. */
  mileageAllowancePerDay: number;
  pricePerExtraKm: number;
  fuelPolicy: FuelPolicy;
  fuelPricePerEighth: number;
  /** Minutes after the due time a return is still on time. */
  lateGraceMinutes: number;
  /** One hour's share of the day rate (decision 044); 0: any part of a day costs the day. */
  hourlyBasisPoints: number;
}

/** A line of the booking's stored quote, as far as a late return's day rate needs it. */
export interface BookingRateLine {
  kind: QuoteLineKind;
  amount: number;
}

export interface ReturnBooking {
  startDate: string;
  endDate: string;
  /** When it was due back, "HH:MM". */
  dropoffTime: string;
  /** The booking's stored quote lines; empty for a booking made before quotes. */
  lines: BookingRateLine[];
  /** Used when there are no rental lines: the booking's amount before any discount. */
  bookingAmount: number;
}

export interface ReturnReading {
  mileage: number;
  /** 0 (empty) to 8 (full). */
  fuelEighths: number;
  damageMarks: DamageMark[];
}

export interface ReturnChargeInput {
  booking: ReturnBooking;
  terms: ReturnTerms;
  pickup: ReturnReading;
  returned: ReturnReading;
  /** When the car came back on the desk's clock: "YYYY-MM-DDTHH:MM"; null: not known, no late charge. */
  returnedAt: string | null;
  currency: string;
}

export interface ProposedCharge {
  /** Stable per booking: 'mileage', 'fuel', 'late', 'damage:<index of the mark at return>'. */
  code: string;
  kind: ProposedChargeKind;
  /** The invoice line's words: "Kilometres over the allowance (150 km)". */
  label: string;
  /** How it was worked out, as a sentence with its numbers. */
  working: string;
  /** A line of quantity × unit; a damage's cost is for staff to set (null). */
  quantity: number;
  unitAmount: number | null;
  amount: number | null;
  /** The damage mark found at return (with its index among the return's marks). */
  mark: (DamageMark & { index: number }) | null;
}

const km = (value: number) => `${value.toLocaleString('en-GB')} km`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Kilometres beyond the allowance (km per day × rental days) at the price per km. */
function mileageCharge(input: ReturnChargeInput, days: number): ProposedCharge | null {
  const { terms, pickup, returned, currency } = input;
  if (terms.mileageAllowancePerDay <= 0 || terms.pricePerExtraKm <= 0) return null;
  const driven = Math.max(0, returned.mileage - pickup.mileage);
  const allowed = terms.mileageAllowancePerDay * days;
  const over = driven - allowed;
  if (over <= 0) return null;
  return {
    code: 'mileage',
    kind: 'mileage',
    label: `Kilometres over the allowance (${km(over)})`,
    working:
      `${km(driven)} driven (${km(pickup.mileage)} at pickup, ${km(returned.mileage)} at return) against ` +
      `${km(allowed)} allowed (${km(terms.mileageAllowancePerDay)} a day for ${plural(days, 'day')}): ` +
      `${km(over)} × ${moneyText(terms.pricePerExtraKm, currency)} = ${moneyText(over * terms.pricePerExtraKm, currency)}.`,
    quantity: over,
    unitAmount: terms.pricePerExtraKm,
    amount: over * terms.pricePerExtraKm,
    mark: null,
  };
}

/** Fuel short of the pickup level, in eighths, at the price per eighth; none when fuel was prepaid. */
function fuelCharge(input: ReturnChargeInput): ProposedCharge | null {
  const { terms, pickup, returned, currency } = input;
  if (terms.fuelPolicy === 'prepaid' || terms.fuelPricePerEighth <= 0) return null;
  const short = pickup.fuelEighths - returned.fuelEighths;
  if (short <= 0) return null;
  return {
    code: 'fuel',
    kind: 'fuel',
    label: `Fuel short of the pickup level (${short}/8 of a tank)`,
    working:
      `Fuel at pickup ${fuelLabel(pickup.fuelEighths)}, at return ${fuelLabel(returned.fuelEighths)}: ` +
      `${short}/8 short × ${moneyText(terms.fuelPricePerEighth, currency)} an eighth = ` +
      `${moneyText(short * terms.fuelPricePerEighth, currency)}.`,
    quantity: short,
    unitAmount: terms.fuelPricePerEighth,
    amount: short * terms.fuelPricePerEighth,
    mark: null,
  };
}

/**
 * The day rate a late return is priced at: what the booking's rental lines (and its length tier)
 * cost over its days, rounded once; without stored lines, its amount over its days.
 */
export function bookingDayRate(booking: ReturnBooking, days: number): number {
  const rental = booking.lines.filter((line) => line.kind === 'rental' || line.kind === 'tier');
  const sum = rental.length > 0 ? rental.reduce((total, line) => total + line.amount, 0) : booking.bookingAmount;
  return Math.max(0, divideRounded(sum, Math.max(1, days)));
}

/** Minutes from the due time to the return, on the same wall clock (negative when early). */
export function minutesLate(endDate: string, dropoffTime: string, returnedAt: string): number {
  const due = Date.parse(`${endDate}T${dropoffTime}:00Z`);
  const back = Date.parse(`${returnedAt.slice(0, 16)}:00Z`);
  return Math.round((back - due) / 60_000);
}

const HOURS_A_DAY = 24;

function dueText(date: string, time: string): string {
  return `${time} on ${date}`;
}

/**
 * A return later than the grace period: its started hours from the due time, each whole 24 hours a
 * day at the booking's day rate, the hours left over priced by the hour up to a day's rate
 * (`hourlyCharge`, decision 044).
 */
function lateCharge(input: ReturnChargeInput, days: number): ProposedCharge | null {
  const { booking, terms, returnedAt, currency } = input;
  if (returnedAt === null) return null;
  const late = minutesLate(booking.endDate, booking.dropoffTime, returnedAt);
  if (late <= terms.lateGraceMinutes) return null;
  const dayRate = bookingDayRate(booking, days);
  if (dayRate <= 0) return null;
  const hours = Math.ceil(late / 60);
  const wholeDays = Math.floor(hours / HOURS_A_DAY);
  const leftHours = hours % HOURS_A_DAY;
  const plan = { hourlyBasisPoints: terms.hourlyBasisPoints };
  const hoursCost = hourlyCharge(dayRate, leftHours, plan);
  const amount = wholeDays * dayRate + hoursCost;
  const perHour = hourlyRate(dayRate, plan);
  const hoursAsDay = leftHours > 0 && hoursCost === dayRate;
  const chargedDays = wholeDays + (hoursAsDay ? 1 : 0);

  const parts: string[] = [];
  if (wholeDays > 0) parts.push(`${plural(wholeDays, 'day')} × ${moneyText(dayRate, currency)}`);
  if (leftHours > 0) {
    parts.push(
      hoursAsDay
        ? `${plural(leftHours, 'hour')} charged as a day (${moneyText(dayRate, currency)})`
        : `${plural(leftHours, 'hour')} × ${moneyText(perHour, currency)}`,
    );
  }
  const back = returnedAt.slice(0, 16).replace('T', ' ');
  const working =
    `Due back at ${dueText(booking.endDate, booking.dropoffTime)}, returned ${back}: ${plural(hours, 'started hour')} late, ` +
    `beyond the ${plural(terms.lateGraceMinutes, 'minute')}' grace. ${parts.join(' + ')} ` +
    `(the booking's day rate ${moneyText(dayRate, currency)}) = ${moneyText(amount, currency)}.`;

  const byHour = wholeDays === 0 && !hoursAsDay;
  const onlyDays = leftHours === 0 || hoursAsDay;
  const [quantity, unitAmount] = byHour ? [leftHours, perHour] : onlyDays ? [chargedDays, dayRate] : [1, amount];
  return {
    code: 'late',
    kind: 'late',
    label: byHour ? `Late return (${plural(hours, 'hour')})` : `Late return (${plural(chargedDays, 'day')})`,
    working,
    quantity,
    unitAmount,
    amount,
    mark: null,
  };
}

/**
 * The return's marks with no pickup mark within `MARK_MATCH_RADIUS`: pairs are matched one to one,
 * nearest first (on a tie, the earlier return mark, then the earlier pickup mark), so two dents side
 * by side at return are not both excused by one dent seen at pickup. Indexes are the return's.
 */
export function newDamageMarks(pickup: DamageMark[], returned: DamageMark[]): (DamageMark & { index: number })[] {
  const pairs: { r: number; p: number; distance: number }[] = [];
  returned.forEach((mark, r) => {
    pickup.forEach((seen, p) => {
      const distance = Math.hypot(mark.x - seen.x, mark.y - seen.y);
      if (distance <= MARK_MATCH_RADIUS) pairs.push({ r, p, distance });
    });
  });
  pairs.sort((a, b) => a.distance - b.distance || a.r - b.r || a.p - b.p);
  const matchedReturn = new Set<number>();
  const matchedPickup = new Set<number>();
  for (const pair of pairs) {
    if (matchedReturn.has(pair.r) || matchedPickup.has(pair.p)) continue;
    matchedReturn.add(pair.r);
    matchedPickup.add(pair.p);
  }
  return returned.flatMap((mark, index) => (matchedReturn.has(index) ? [] : [{ ...mark, index }]));
}

function damageCharge(mark: DamageMark & { index: number }): ProposedCharge {
  const where = `${Math.round(mark.x * 100)} % across, ${Math.round(mark.y * 100)} % down the outline`;
  const note = mark.note === '' ? 'no note' : `"${mark.note}"`;
  return {
    code: `damage:${mark.index}`,
    kind: 'damage',
    label: mark.note === '' ? 'Damage found at return' : `Damage: ${mark.note}`,
    working: `A mark at return (${where}, ${note}) with none within ${MARK_MATCH_RADIUS * 100} % of it at pickup; its cost is set by staff.`,
    quantity: 1,
    unitAmount: null,
    amount: null,
    mark,
  };
}

/** Every charge the return proposes, in this order: kilometres, fuel, late return, then each new damage mark. */
export function proposeReturnCharges(input: ReturnChargeInput): ProposedCharge[] {
  const days = Math.max(1, rentalDays(input.booking.startDate, input.booking.endDate));
  return [
    mileageCharge(input, days),
    fuelCharge(input),
    lateCharge(input, days),
    ...newDamageMarks(input.pickup.damageMarks, input.returned.damageMarks).map(damageCharge),
  ].filter((charge): charge is ProposedCharge => charge !== null);
}

/**
 * The deposit settlement (issue 22): the deposit held pays the charges first; what is left of it
 * is refunded, and what the deposit does not cover is due.
 */
export function settleDeposit(depositHeld: number, charges: number): { applied: number; refund: number; due: number } {
  const held = Math.max(0, depositHeld);
  const owed = Math.max(0, charges);
  const applied = Math.min(held, owed);
  return { applied, refund: held - applied, due: owed - applied };
}

/** Why a return cannot be finalized yet: the proposed charges nobody has decided (the server's 409, a screen's own check). */
export function undecidedCharges(labels: readonly string[]): string {
  const left = labels.length === 1 ? 'one is' : `${labels.length} are`;
  return `Decide every proposed charge before finalizing: ${left} left (${labels.join('; ')}).`;
}
