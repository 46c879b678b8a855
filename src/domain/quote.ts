import { addDays, isIsoDate, isTime, rentalDays } from './dates.ts';
import type {
  LengthTier,
  Quote,
  QuoteInput,
  QuoteLine,
  QuoteLineKind,
  QuoteProblem,
  QuoteResult,
  QuoteVehicle,
  RateAdjustment,
  RatePlan,
  Season,
} from './rate-plan.ts';

/**
 * The quote (issue 21): an agency's rate plan and one choice of vehicle, dates, times, places,
 * extras and driver in, itemised lines out. Pure, so the server (the authority) and the app (an
 * estimate from the cached plan, offline too) give the same lines for the same inputs. The rules
 * — rounding, overlapping seasons, tiers, hours, tax — are docs/decisions/044-quote-rules.md.
 */

/** Basis points in a whole: 10 000 = 100 %. */
const WHOLE = 10_000;

export const DISCOUNT_OVER_RENTAL = 'The discount is more than the rental.';

/**
 * numerator / denominator (> 0) rounded half away from zero to a whole number, in integers, so a
 * float's 0.49999… never decides a penny. Every share of an amount in the quote is rounded here.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const absolute = Math.abs(numerator);
  const quotient = Math.floor(absolute / denominator);
  const rounded = 2 * (absolute - quotient * denominator) >= denominator ? quotient + 1 : quotient;
  return numerator < 0 ? -rounded || 0 : rounded;
}

/** `basisPoints` of `amount`, rounded once: 1000 of 4550 is 455, -1000 of 4555 is -456. */
function shareOf(amount: number, basisPoints: number): number {
  return divideRounded(amount * basisPoints, WHOLE);
}

/** A day rate changed by a season or a tier; a percent never takes it below zero. */
function adjusted(rate: number, adjustment: RateAdjustment): number {
  return adjustment.kind === 'day_rate'
    ? adjustment.dayRate
    : Math.max(0, rate + shareOf(rate, adjustment.basisPoints));
}

/** Basis points as people read a share: -1000 → "−10 %", 1050 → "+10.5 %". */
function percentText(basisPoints: number): string {
  const sign = basisPoints < 0 ? '\u2212' : '+';
  return `${sign}${String(Math.abs(basisPoints) / 100)} %`;
}

function count(quantity: number, unit: 'day' | 'hour'): string {
  return `${quantity} ${unit}${quantity === 1 ? '' : 's'}`;
}

function line(kind: QuoteLineKind, code: string, label: string, quantity: number, unitAmount: number): QuoteLine {
  return { kind, code, label, quantity, unitAmount, amount: quantity * unitAmount };
}

/** One hour's price at `dayRate`: the plan's share of it, rounded once. */
export function hourlyRate(dayRate: number, plan: Pick<RatePlan, 'hourlyBasisPoints'>): number {
  return shareOf(dayRate, plan.hourlyBasisPoints);
}

/**
 * What `hours` (started hours count whole) cost at `dayRate` when priced by the hour, never more
 * than the day rate; without hourly pricing any part of a day costs the day. A short rental is
 * priced so, and a late return (the next issue) can be.
 */
export function hourlyCharge(dayRate: number, hours: number, plan: Pick<RatePlan, 'hourlyBasisPoints'>): number {
  if (hours <= 0) return 0;
  if (plan.hourlyBasisPoints <= 0) return dayRate;
  return Math.min(dayRate, Math.ceil(hours) * hourlyRate(dayRate, plan));
}

/** What the day rates read of a plan and of a vehicle: its categories' base rates and its seasons. */
export type DayRatePlan = Pick<RatePlan, 'categories' | 'seasons'>;
export type DayRateVehicle = Pick<QuoteVehicle, 'pricePerDay' | 'categoryId'>;

/** The vehicle's own day rate, or its category's when it has none. */
export function baseDayRate(plan: DayRatePlan, vehicle: DayRateVehicle): number {
  const { pricePerDay, categoryId } = vehicle;
  if (pricePerDay > 0) return pricePerDay;
  return plan.categories.find((category) => category.id === categoryId)?.baseDayRate ?? 0;
}

/** Of two seasons covering a day, the one with the shorter range wins; on a tie, the later (higher) id. */
function beats(season: Season, other: Season): boolean {
  const length = rentalDays(season.startDate, season.endDate);
  const otherLength = rentalDays(other.startDate, other.endDate);
  return length !== otherLength ? length < otherLength : season.id > other.id;
}

/** Rental days priced alike: a code and name for the line, the day rate, and how many days. */
export interface DayRun {
  code: string;
  name: string;
  rate: number;
  days: number;
}

/**
 * The days from `start` to `end` grouped by what prices them (the base or a season), in the order
 * each first appears. The range is cut where a season starts or ends, so the work grows with the
 * seasons, not with the length of the rental.
 */
export function dayRuns(plan: DayRatePlan, vehicle: DayRateVehicle, start: string, end: string): DayRun[] {
  const base = baseDayRate(plan, vehicle);
  const { categoryId } = vehicle;
  const seasons = plan.seasons.filter(
    (season) =>
      isIsoDate(season.startDate) &&
      isIsoDate(season.endDate) &&
      season.startDate <= end &&
      season.endDate >= start &&
      season.startDate <= season.endDate &&
      (season.categoryIds.length === 0 || (categoryId !== null && season.categoryIds.includes(categoryId))),
  );
  const cuts = new Set([start]);
  for (const season of seasons) {
    if (season.startDate > start) cuts.add(season.startDate);
    if (season.endDate < end) cuts.add(addDays(season.endDate, 1));
  }
  const starts = [...cuts].sort();
  const runs = new Map<string, DayRun>();
  starts.forEach((from, index) => {
    const next = starts[index + 1];
    const days = rentalDays(from, next === undefined ? end : addDays(next, -1));
    const season = seasons
      .filter((candidate) => candidate.startDate <= from && from <= candidate.endDate)
      .reduce<Season | null>((best, candidate) => (best === null || beats(candidate, best) ? candidate : best), null);
    const run = season
      ? { code: `rental:season:${season.id}`, name: season.name, rate: adjusted(base, season.adjustment) }
      : { code: 'rental:base', name: 'Base rate', rate: base };
    const known = runs.get(run.code);
    if (known) known.days += days;
    else runs.set(run.code, { ...run, days });
  });
  return [...runs.values()];
}

/** The tier with the highest `minDays` the rental reaches (on a tie, the higher id); null when none. */
function tierFor(plan: RatePlan, days: number): LengthTier | null {
  return plan.tiers
    .filter((tier) => tier.minDays <= days)
    .reduce<LengthTier | null>(
      (best, tier) =>
        best === null || tier.minDays > best.minDays || (tier.minDays === best.minDays && tier.id > best.id)
          ? tier
          : best,
      null,
    );
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Outside [opens, closes); hours that close after midnight (opens > closes) wrap; equal: always open. */
function outsideHours(time: string, opens: string, closes: string): boolean {
  if (opens < closes) return time < opens || time >= closes;
  if (opens > closes) return time >= closes && time < opens;
  return false;
}

function problem(field: string, message: string): { ok: false; problem: QuoteProblem } {
  return { ok: false, problem: { field, message } };
}

/** The first thing wrong with the input, said for its field; null when it can be priced. */
function inputProblem(plan: RatePlan, input: QuoteInput): QuoteProblem | null {
  const { startDate, endDate, pickupTime, dropoffTime, driverAge, discount = 0 } = input;
  if (!isIsoDate(startDate)) return { field: 'start_date', message: 'Start date must be a date (YYYY-MM-DD).' };
  if (!isIsoDate(endDate)) return { field: 'end_date', message: 'End date must be a date (YYYY-MM-DD).' };
  if (endDate < startDate) return { field: 'end_date', message: 'End date cannot be before start date.' };
  if (!isTime(pickupTime)) return { field: 'pickup_time', message: 'Pickup time must be a time (HH:MM).' };
  if (!isTime(dropoffTime)) return { field: 'dropoff_time', message: 'Dropoff time must be a time (HH:MM).' };
  if (driverAge !== null && !(Number.isInteger(driverAge) && driverAge >= 0)) {
    return { field: 'driver_age', message: "The driver's age must be a whole number of years." };
  }
  if (!(Number.isSafeInteger(discount) && discount >= 0)) {
    return { field: 'discount_amount', message: 'Discount amount must be an amount of at least 0.00.' };
  }
  const chosen = new Set<number>();
  for (const { extraId, quantity } of input.extras) {
    const extra = plan.extras.find((offered) => offered.id === extraId);
    if (!extra) return { field: 'extras', message: 'One of the extras chosen is no longer offered.' };
    if (chosen.has(extraId)) return { field: 'extras', message: `${extra.name} is chosen more than once.` };
    chosen.add(extraId);
    if (!Number.isInteger(quantity) || quantity < 1) {
      return { field: 'extras', message: `Choose at least one ${extra.name}, or leave it out.` };
    }
    if (quantity > extra.maxQuantity) {
      return { field: 'extras', message: `At most ${extra.maxQuantity} × ${extra.name} per rental.` };
    }
  }
  return null;
}

/** The rental's lines: its days grouped by rate, or its hours when it is priced by the hour. */
function rentalLines(plan: RatePlan, input: QuoteInput, days: number, tier: LengthTier | null) {
  const runs: DayRun[] =
    tier?.adjustment.kind === 'day_rate'
      ? [{ code: `rental:tier:${tier.id}`, name: tier.name, rate: tier.adjustment.dayRate, days }]
      : dayRuns(plan, input.vehicle, input.startDate, input.endDate);
  const minutes = minutesOf(input.dropoffTime) - minutesOf(input.pickupTime);
  const [only] = runs;
  if (plan.hourlyBasisPoints > 0 && days === 1 && minutes > 0 && only) {
    const hours = Math.ceil(minutes / 60);
    const perHour = hourlyRate(only.rate, plan);
    if (hourlyCharge(only.rate, hours, plan) < only.rate) {
      return { hours, lines: [line('rental', only.code, `${only.name} (${count(hours, 'hour')})`, hours, perHour)] };
    }
  }
  return {
    hours: null,
    lines: runs.map((run) => line('rental', run.code, `${run.name} (${count(run.days, 'day')})`, run.days, run.rate)),
  };
}

function extraLines(plan: RatePlan, input: QuoteInput, days: number): QuoteLine[] {
  return [...input.extras]
    .sort((a, b) => a.extraId - b.extraId)
    .flatMap(({ extraId, quantity }) => {
      const extra = plan.extras.find((offered) => offered.id === extraId);
      if (!extra) return [];
      const uncapped = extra.charge === 'per_day' ? extra.price * days : extra.price;
      const perUnit = extra.capPerRental === null ? uncapped : Math.min(uncapped, extra.capPerRental);
      const label = quantity === 1 ? extra.name : `${extra.name} × ${quantity}`;
      return [line('extra', `extra:${extra.id}`, label, quantity, perUnit)];
    });
}

function feeLines(plan: RatePlan, input: QuoteInput, days: number): QuoteLine[] {
  const { oneWay, youngDriver, outOfHours } = plan.fees;
  const lines: QuoteLine[] = [];
  const { pickupLocationId: from, dropoffLocationId: to } = input;
  if (from !== null && to !== null && from !== to) {
    // The pair's amount (the lowest, should a plan ever name a pair twice), else the flat fee.
    const pairs = oneWay.pairs.filter((pair) => pair.fromLocationId === from && pair.toLocationId === to);
    const amount = pairs.length > 0 ? Math.min(...pairs.map((pair) => pair.amount)) : oneWay.flat;
    if (amount) lines.push(line('fee', 'fee:one_way', 'One-way fee', 1, amount));
  }
  if (youngDriver && youngDriver.amount > 0 && input.driverAge !== null && input.driverAge < youngDriver.underAge) {
    const label = `Young driver (under ${youngDriver.underAge})`;
    const quantity = youngDriver.charge === 'per_day' ? days : 1;
    lines.push(line('fee', 'fee:young_driver', label, quantity, youngDriver.amount));
  }
  if (outOfHours && outOfHours.amount > 0) {
    const times = [
      ['pickup', input.pickupTime],
      ['dropoff', input.dropoffTime],
    ] as const;
    const outside = times
      .filter(([, time]) => outsideHours(time, outOfHours.opens, outOfHours.closes))
      .map(([what]) => what);
    if (outside.length > 0) {
      const label = `Out-of-hours ${outside.join(' and ')}`;
      lines.push(line('fee', 'fee:out_of_hours', label, outside.length, outOfHours.amount));
    }
  }
  return lines;
}

const sum = (lines: QuoteLine[]) => lines.reduce((total, each) => total + each.amount, 0);

/** A priced rental, before the refusal of a discount larger than what it is taken off. */
export type PricedRental =
  { ok: true; quote: Quote; discountExceedsRental: boolean } | { ok: false; problem: QuoteProblem };

/**
 * The quote's arithmetic, once: `quoteRental` refuses a discount over the lines before it, and
 * `priceRental` (pricing.ts, the same code with an empty plan) flags it instead, as it always has.
 */
export function priceWithPlan(plan: RatePlan, input: QuoteInput): PricedRental {
  const invalid = inputProblem(plan, input);
  if (invalid) return { ok: false, problem: invalid };
  const days = rentalDays(input.startDate, input.endDate);
  const tier = tierFor(plan, days);
  const rental = rentalLines(plan, input, days, tier);
  const lines = [...rental.lines];
  if (tier?.adjustment.kind === 'percent') {
    const rentalAmount = sum(rental.lines);
    const amount = Math.max(-rentalAmount, shareOf(rentalAmount, tier.adjustment.basisPoints));
    lines.push(line('tier', `tier:${tier.id}`, `${tier.name} ${percentText(tier.adjustment.basisPoints)}`, 1, amount));
  }
  lines.push(...extraLines(plan, input, days), ...feeLines(plan, input, days));

  const discount = input.discount ?? 0;
  const beforeDiscount = sum(lines);
  if (discount > 0) lines.push(line('discount', 'discount', 'Discount', 1, -discount));

  const priced = sum(lines);
  let tax = 0;
  if (plan.taxRate > 0 && plan.pricesIncludeTax) {
    tax = divideRounded(priced * plan.taxRate, WHOLE + plan.taxRate);
  } else if (plan.taxRate > 0) {
    tax = shareOf(priced, plan.taxRate);
    lines.push(line('tax', 'tax', `Tax (${String(plan.taxRate / 100)} %)`, 1, tax));
  }
  const total = sum(lines);
  if (!lines.every((each) => Number.isSafeInteger(each.amount)) || !Number.isSafeInteger(total)) {
    return problem('end_date', 'This rental is too long to price.');
  }
  return {
    ok: true,
    discountExceedsRental: discount > beforeDiscount,
    quote: {
      planVersion: plan.version,
      currency: plan.currency,
      days,
      hours: rental.hours,
      lines,
      tier: tier?.name ?? null,
      tax,
      taxIncluded: plan.pricesIncludeTax,
      total,
      deposit: input.vehicle.deposit,
      terms: { ...plan.terms, mileageAllowanceKm: input.vehicle.mileageAllowance * days },
    },
  };
}

/**
 * The itemised price of one rental under `plan`, or the first problem with the input, said for
 * its field. Stock of extras is the server's to check (it needs the other bookings); the rest is here.
 */
export function quoteRental(plan: RatePlan, input: QuoteInput): QuoteResult {
  const priced = priceWithPlan(plan, input);
  if (!priced.ok) return priced;
  if (priced.discountExceedsRental) return problem('discount_amount', DISCOUNT_OVER_RENTAL);
  return { ok: true, quote: priced.quote };
}
