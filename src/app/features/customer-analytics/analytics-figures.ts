/**
 * Turns the server's analytics into what each chart shows: category labels, one or more series,
 * the one-sentence summary screen readers hear, and whether there is anything to draw. The same
 * figures fill the chart and its "Show data" table, so the two can never disagree.
 */
import type {
  BookingDurationBucket,
  BookingFrequencyBucket,
  CustomerAnalyticsOverview,
} from '#domain/api/customer-analytics';
import { paymentMethodLabel } from '../../lib/booking-labels.ts';

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartFigures {
  /** What the labels are ("Month", "Rental length"): the first column of the data table. */
  category: string;
  labels: string[];
  series: ChartSeries[];
  /** What the chart says, in one sentence: its accessible name. */
  summary: string;
  /** Nothing to draw: the panel says so instead of showing empty axes. */
  empty: boolean;
}

const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const toDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  return monthShort.format(toDate(month));
}

/** "2026-11" → "November". */
export function monthName(month: string): string {
  return monthLong.format(toDate(month));
}

const FREQUENCY_LABELS: Record<BookingFrequencyBucket, string> = {
  '1': '1 booking',
  '2-3': '2–3 bookings',
  '4-5': '4–5 bookings',
  '6+': '6+ bookings',
};

const DURATION_LABELS: Record<BookingDurationBucket, string> = {
  '1-3': '1–3 days',
  '4-7': '4–7 days',
  '8-14': '8–14 days',
  '15+': '15+ days',
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function period(labels: string[]): string {
  return `${labels[0] ?? ''} to ${labels.at(-1) ?? ''}`;
}

/** The month with the highest value (the earliest on a tie), or null when all are zero. */
function peak(labels: string[], values: number[]): { label: string; value: number } | null {
  let best: { label: string; value: number } | null = null;
  for (const [index, value] of values.entries()) {
    if (value > 0 && (best === null || value > best.value)) best = { label: labels[index] ?? '', value };
  }
  return best;
}

function pieFigures(
  category: string,
  what: string,
  labels: string[],
  values: number[],
  unit: [string, string],
): ChartFigures {
  const total = sum(values);
  const parts = labels.map((label, index) => {
    const value = values[index] ?? 0;
    return `${label}: ${value} (${percent(value, total)}%)`;
  });
  return {
    category,
    labels,
    series: [{ label: unit[1].replace(/^./, (first) => first.toUpperCase()), values }],
    summary: `Pie chart of ${plural(total, unit[0], unit[1])} by ${what}. ${parts.join(', ')}.`,
    empty: total === 0,
  };
}

export function growthFigures(overview: CustomerAnalyticsOverview): ChartFigures {
  const labels = overview.growth.map((point) => monthLabel(point.month));
  const added = overview.growth.map((point) => point.new_customers);
  const totals = overview.growth.map((point) => point.total_customers);
  const first = overview.growth[0];
  const startTotal = first ? first.total_customers - first.new_customers : 0;
  const busiest = peak(labels, added);
  return {
    category: 'Month',
    labels,
    series: [
      { label: 'New customers', values: added },
      { label: 'Customers in total', values: totals },
    ],
    summary:
      `Line chart of new customers per month and customers in total, ${period(labels)}: ` +
      `${plural(sum(added), 'new customer', 'new customers')}, ` +
      `from ${startTotal} to ${totals.at(-1) ?? 0} in total.` +
      (busiest ? ` Most new customers in ${busiest.label} (${busiest.value}).` : ''),
    empty: (totals.at(-1) ?? 0) === 0,
  };
}

export function frequencyFigures(overview: CustomerAnalyticsOverview): ChartFigures {
  return pieFigures(
    'Bookings per customer',
    'number of bookings',
    overview.booking_frequency.map((entry) => FREQUENCY_LABELS[entry.bucket]),
    overview.booking_frequency.map((entry) => entry.customers),
    ['customer', 'customers'],
  );
}

export function durationFigures(overview: CustomerAnalyticsOverview): ChartFigures {
  return pieFigures(
    'Rental length',
    'rental length',
    overview.booking_duration.map((entry) => DURATION_LABELS[entry.bucket]),
    overview.booking_duration.map((entry) => entry.bookings),
    ['booking', 'bookings'],
  );
}

export function paymentFigures(overview: CustomerAnalyticsOverview): ChartFigures {
  return pieFigures(
    'Payment method',
    'payment method',
    overview.payment_methods.map((entry) => paymentMethodLabel(entry.method)),
    overview.payment_methods.map((entry) => entry.bookings),
    ['booking', 'bookings'],
  );
}

export function conversionFigures(overview: CustomerAnalyticsOverview): ChartFigures {
  const labels = overview.conversion.map((point) => monthLabel(point.month));
  const requests = overview.conversion.map((point) => point.requests);
  const converted = overview.conversion.map((point) => point.converted);
  const received = sum(requests);
  const booked = sum(converted);
  return {
    category: 'Month',
    labels,
    series: [
      { label: 'Booking requests', values: requests },
      { label: 'Became bookings', values: converted },
    ],
    summary:
      `Bar chart of booking requests received and those that became bookings per month, ${period(labels)}: ` +
      `${plural(received, 'request', 'requests')}, ${plural(booked, 'became a booking', 'became bookings')} (${percent(booked, received)}%).`,
    empty: received === 0,
  };
}

/** Nothing at all yet: no customers, no bookings, no requests in the window. */
export function hasNoData(overview: CustomerAnalyticsOverview): boolean {
  return (
    overview.total_customers === 0 &&
    sum(overview.booking_duration.map((entry) => entry.bookings)) === 0 &&
    sum(overview.conversion.map((point) => point.requests)) === 0
  );
}
