import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import { addDays, rangesOverlap, rentalDays } from '#domain/dates';

/**
 * The planner's arithmetic (issue 23), free of React and the DOM so it is tested alone: where a
 * day and a bar sit, which bars share a row's lanes, the rows with their group headings, where the
 * keyboard goes next, and what a move changes.
 */

export type Zoom = 'day' | 'week' | 'month';
export type Grouping = 'category' | 'location';

/** The days a zoom fits across the grid, and the narrowest a day may get to fit them. */
const ZOOM_FIT: Record<Zoom, { days: number; min: number }> = {
  day: { days: 1, min: 24 * 24 },
  week: { days: 7, min: 72 },
  month: { days: 30, min: 24 },
};

/** A day's width in pixels: the zoom's days fill the room beside the vehicle column. */
export function dayWidthFor(zoom: Zoom, room: number): number {
  const fit = ZOOM_FIT[zoom];
  return Math.max(fit.min, Math.floor(room / fit.days));
}
export const ROW_HEIGHT = 52;
export const GROUP_HEIGHT = 32;
/** The days one window covers: two weeks before the chosen day and seven after it. */
export const WINDOW_DAYS = 63;
export const WINDOW_LEAD_DAYS = 14;
/** How far Earlier / Later go at each zoom. */
export const STEP_DAYS: Record<Zoom, number> = { day: 1, week: 7, month: 28 };

/** The first day of the window that shows `date`. */
export function windowStart(date: string): string {
  return addDays(date, -WINDOW_LEAD_DAYS);
}

/** Days from `from` to `date` (negative before it). */
export function dayIndex(from: string, date: string): number {
  return rentalDays(from, date) - 1;
}

/** The hours of "HH:MM" as a fraction of a day. */
function dayFraction(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return (hours * 60 + minutes) / (24 * 60);
}

/**
 * A bar's left edge and width in days from the window's start. Whole days in the week and month
 * views; in the day view a booking runs from its pickup time to its dropoff time.
 */
export function barSpan(bar: PlannerBar, from: string, zoom: Zoom): { start: number; width: number } {
  const first = dayIndex(from, bar.start_date);
  const last = dayIndex(from, bar.end_date);
  if (zoom === 'day' && bar.kind !== 'unavailability') {
    const start = first + dayFraction(bar.pickup_time);
    const end = last + dayFraction(bar.dropoff_time);
    return { start, width: Math.max(end - start, 1 / 24) };
  }
  return { start: first, width: last - first + 1 };
}

/** Bars that overlap go on lanes of their own, first come first served; lane 0 is the row's top. */
export function barLanes(bars: readonly PlannerBar[]): { lanes: Map<PlannerBar, number>; count: number } {
  const lanes = new Map<PlannerBar, number>();
  const laneEnds: string[] = [];
  const sorted = [...bars].sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
  for (const bar of sorted) {
    let lane = laneEnds.findIndex((end) => end < bar.start_date);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = bar.end_date;
    lanes.set(bar, lane);
  }
  return { lanes, count: Math.max(1, laneEnds.length) };
}

/** A booking or a held request keeps its vehicle busy; cancelled bookings are not on the planner. */
function occupies(bar: PlannerBar): boolean {
  return bar.kind !== 'unavailability';
}

/** The share of [first, last] a vehicle is booked or held, 0–100, rounded. */
export function utilisation(bars: readonly PlannerBar[], first: string, last: string): number {
  const total = rentalDays(first, last);
  if (total <= 0) return 0;
  const taken = new Set<string>();
  for (const bar of bars) {
    if (!occupies(bar) || !rangesOverlap(bar.start_date, bar.end_date, first, last)) continue;
    const start = bar.start_date < first ? first : bar.start_date;
    const end = bar.end_date > last ? last : bar.end_date;
    for (let day = start; day <= end; day = addDays(day, 1)) taken.add(day);
  }
  return Math.round((taken.size / total) * 100);
}

/** How a bar is coloured: SPEC §4's booking colours, requests hatched, periods grey. */
export type BarTone = 'completed' | 'upcoming' | 'active' | 'other' | 'request' | 'blocked';

export function barTone(bar: PlannerBar): BarTone {
  if (bar.kind === 'request') return 'request';
  if (bar.kind === 'unavailability') return 'blocked';
  switch (bar.status) {
    case 'completed':
      return 'completed';
    case 'active':
      return 'active';
    case 'pending':
    case 'confirmed':
      return 'upcoming';
    default:
      return 'other';
  }
}

/** A booking that may still move: one that is not over or cancelled. */
export function isMovable(bar: PlannerBar): bar is Extract<PlannerBar, { kind: 'booking' }> {
  return bar.kind === 'booking' && (bar.status === 'pending' || bar.status === 'confirmed' || bar.status === 'active');
}

export interface GroupLine {
  type: 'group';
  key: string;
  title: string;
  count: number;
}
export interface VehicleLine {
  type: 'vehicle';
  key: string;
  row: PlannerRow;
}
export type PlannerLine = GroupLine | VehicleLine;

export interface NamedLocation {
  id: number;
  name: string;
}

const UNCATEGORISED = 'No category';
const NO_LOCATION = 'No pickup location';

/**
 * The rows under their group headings. By category the server's order is kept (it sorts by
 * category); by location a vehicle picked up at two places is under both, places by name.
 */
export function groupRows(
  rows: readonly PlannerRow[],
  grouping: Grouping,
  locations: readonly NamedLocation[],
): PlannerLine[] {
  const groups = new Map<string, { title: string; rows: PlannerRow[] }>();
  const add = (key: string, title: string, row: PlannerRow) => {
    let group = groups.get(key);
    if (!group) {
      group = { title, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  };
  const nameOf = new Map(locations.map((location) => [location.id, location.name]));
  for (const row of rows) {
    if (grouping === 'category') {
      add(`c${row.vehicle.category_id ?? 'none'}`, row.vehicle.category_name ?? UNCATEGORISED, row);
    } else if (row.vehicle.location_ids.length === 0) {
      add('lnone', NO_LOCATION, row);
    } else {
      for (const id of row.vehicle.location_ids) add(`l${id}`, nameOf.get(id) ?? `Location ${id}`, row);
    }
  }
  let ordered = [...groups.entries()];
  if (grouping === 'location') {
    const rank = (key: string, title: string) => (key === 'lnone' ? `\uffff${title}` : title);
    ordered = ordered.sort(([a, x], [b, y]) => rank(a, x.title).localeCompare(rank(b, y.title)));
  }
  const lines: PlannerLine[] = [];
  for (const [key, group] of ordered) {
    lines.push({ type: 'group', key, title: group.title, count: group.rows.length });
    for (const row of group.rows) lines.push({ type: 'vehicle', key: `${key}:${row.vehicle.id}`, row });
  }
  return lines;
}

/** Each line's top in pixels, and the whole height after the last. */
export function lineTops(lines: readonly PlannerLine[]): { tops: number[]; height: number } {
  const tops: number[] = [];
  let top = 0;
  for (const line of lines) {
    tops.push(top);
    top += line.type === 'group' ? GROUP_HEIGHT : ROW_HEIGHT;
  }
  return { tops, height: top };
}

/** The index of the line at `y` (the last line whose top is at or above it). */
export function lineAt(tops: readonly number[], y: number): number {
  let low = 0;
  let high = tops.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((tops[middle] ?? 0) <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The vehicle line nearest `index` going `step` (±1), or null past either end. */
export function vehicleLineFrom(lines: readonly PlannerLine[], index: number, step: 1 | -1): number | null {
  for (let at = index; at >= 0 && at < lines.length; at += step) {
    if (lines[at]?.type === 'vehicle') return at;
  }
  return null;
}

/** Where the keyboard is: a day of a vehicle's line, on a bar there or on the empty day. */
export interface Spot {
  line: number;
  day: number;
  /** The bar's key (see barKey) when a bar has the focus. */
  bar: string | null;
}

export const barKey = (bar: PlannerBar) => `${bar.kind}:${bar.id}`;

/** The bars of a row covering day `day` of the window, top lane first. */
export function barsOn(row: PlannerRow, from: string, day: number): PlannerBar[] {
  const date = addDays(from, day);
  return row.bars.filter((bar) => bar.start_date <= date && date <= bar.end_date);
}

/** The spot for day `day` of line `line`: the first bar covering it, else the day itself. */
export function spotOn(lines: readonly PlannerLine[], from: string, line: number, day: number): Spot {
  const target = lines[line];
  if (target?.type !== 'vehicle') return { line, day, bar: null };
  const bar = barsOn(target.row, from, day)[0];
  return { line, day, bar: bar ? barKey(bar) : null };
}

/**
 * Where an arrow key takes the focus. Left and right step past a bar's days to the day before or
 * after it (or to a bar starting inside it); up and down keep the day on the next vehicle's line.
 */
export function nextSpot(
  lines: readonly PlannerLine[],
  from: string,
  days: number,
  spot: Spot,
  key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End',
): Spot {
  const clampDay = (day: number) => Math.min(days - 1, Math.max(0, day));
  if (key === 'Home') return spotOn(lines, from, spot.line, 0);
  if (key === 'End') return spotOn(lines, from, spot.line, days - 1);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const line = vehicleLineFrom(lines, spot.line + (key === 'ArrowDown' ? 1 : -1), key === 'ArrowDown' ? 1 : -1);
    return line === null ? spot : spotOn(lines, from, line, spot.day);
  }
  const current = lines[spot.line];
  const bar = current?.type === 'vehicle' && spot.bar ? current.row.bars.find((b) => barKey(b) === spot.bar) : null;
  if (current?.type !== 'vehicle' || !bar) {
    const day = clampDay(spot.day + (key === 'ArrowRight' ? 1 : -1));
    return spotOn(lines, from, spot.line, day);
  }
  const first = dayIndex(from, bar.start_date);
  const last = dayIndex(from, bar.end_date);
  if (key === 'ArrowRight') {
    // A bar starting later inside this one comes before the day after it.
    const inside = current.row.bars
      .filter((other) => other !== bar && other.start_date > bar.start_date && other.start_date <= bar.end_date)
      .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
    if (inside) return { line: spot.line, day: clampDay(dayIndex(from, inside.start_date)), bar: barKey(inside) };
    if (last >= days - 1) return spot;
    return spotOn(lines, from, spot.line, last + 1);
  }
  if (first <= 0) return spot;
  const before = spotOn(lines, from, spot.line, first - 1);
  return before;
}

/** Where a booking is or is going: its vehicle and inclusive days. */
export interface Place {
  vehicle: number;
  start_date: string;
  end_date: string;
}

/** The place after moving by `days`, onto `vehicle`; with `endOnly` only the end moves (never before the start). */
export function movedPlace(place: Place, days: number, vehicle: number, endOnly: boolean): Place {
  if (endOnly) {
    const end = addDays(place.end_date, days);
    return { vehicle, start_date: place.start_date, end_date: end < place.start_date ? place.start_date : end };
  }
  return { vehicle, start_date: addDays(place.start_date, days), end_date: addDays(place.end_date, days) };
}

export const samePlace = (a: Place, b: Place) =>
  a.vehicle === b.vehicle && a.start_date === b.start_date && a.end_date === b.end_date;

/** The rows with moved bookings drawn where they are going (moves not yet confirmed by the server). */
export function withMoves(rows: readonly PlannerRow[], moves: ReadonlyMap<number, Place>): PlannerRow[] {
  if (moves.size === 0) return rows as PlannerRow[];
  const moving = new Map<number, PlannerBar>();
  const stripped = rows.map((row) => {
    const bars = row.bars.filter((bar) => {
      if (bar.kind !== 'booking' || !moves.has(bar.id)) return true;
      moving.set(bar.id, bar);
      return false;
    });
    return bars.length === row.bars.length ? row : { ...row, bars };
  });
  return stripped.map((row) => {
    const arriving: PlannerBar[] = [];
    for (const [id, place] of moves) {
      const bar = moving.get(id);
      if (bar && place.vehicle === row.vehicle.id) arriving.push({ ...bar, ...place });
    }
    if (arriving.length === 0) return row;
    const bars = [...row.bars, ...arriving].sort(
      (a, b) => a.start_date.localeCompare(b.start_date) || a.kind.localeCompare(b.kind) || a.id - b.id,
    );
    return { ...row, bars };
  });
}
