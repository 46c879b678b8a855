import { describe, expect, it } from 'vitest';
import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import {
  conversionFigures,
  durationFigures,
  frequencyFigures,
  growthFigures,
  hasNoData,
  monthLabel,
  monthName,
  paymentFigures,
} from './analytics-figures.ts';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

function overview(overrides: Partial<CustomerAnalyticsOverview> = {}): CustomerAnalyticsOverview {
  return {
    month: '2026-11',
    total_customers: 0,
    repeat_customers: 0,
    new_customers_this_month: 0,
    growth: months.map((month) => ({ month, new_customers: 0, total_customers: 0 })),
    booking_frequency: (['1', '2-3', '4-5', '6+'] as const).map((bucket) => ({ bucket, customers: 0 })),
    booking_duration: (['1-3', '4-7', '8-14', '15+'] as const).map((bucket) => ({ bucket, bookings: 0 })),
    payment_methods: (['cash', 'mobile transfer', 'debit_card'] as const).map((method) => ({ method, bookings: 0 })),
    conversion: months.map((month) => ({ month, requests: 0, converted: 0 })),
    top_customers: [],
    ...overrides,
  };
}

describe('analytics figures', () => {
  it('names months in English, whatever the time zone', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthName('2026-11')).toBe('November');
    expect(monthName('2026-01')).toBe('January');
  });

  it('says there is nothing to draw when there is no data', () => {
    const empty = overview();
    expect(hasNoData(empty)).toBe(true);
    for (const figures of [growthFigures, frequencyFigures, durationFigures, paymentFigures, conversionFigures]) {
      expect(figures(empty).empty).toBe(true);
    }
  });

  it('summarises growth from the total before the first month to the last', () => {
    const growth = months.map((month, index) => ({
      month,
      new_customers: index === 3 ? 4 : index === 11 ? 1 : 0,
      total_customers: 10 + (index >= 3 ? 4 : 0) + (index === 11 ? 1 : 0),
    }));
    const figures = growthFigures(overview({ total_customers: 15, growth }));
    expect(figures.empty).toBe(false);
    expect(figures.labels[0]).toBe('Dec 2025');
    expect(figures.series.map((series) => series.label)).toEqual(['New customers', 'Customers in total']);
    expect(figures.summary).toBe(
      'Line chart of new customers per month and customers in total, Dec 2025 to Nov 2026: 5 new customers, from 10 to 15 in total. Most new customers in Mar 2026 (4).',
    );
  });

  it('labels pie slices and gives each share', () => {
    const figures = paymentFigures(
      overview({
        payment_methods: [
          { method: 'cash', bookings: 3 },
          { method: 'mobile transfer', bookings: 1 },
          { method: 'debit_card', bookings: 0 },
        ],
      }),
    );
    expect(figures.labels).toEqual(['Cash', 'Mobile transfer', 'Debit card']);
    expect(figures.category).toBe('Payment method');
    expect(figures.summary).toBe(
      'Pie chart of 4 bookings by payment method. Cash: 3 (75%), Mobile transfer: 1 (25%), Debit card: 0 (0%).',
    );
    const frequency = frequencyFigures(
      overview({
        booking_frequency: [
          { bucket: '1', customers: 1 },
          { bucket: '2-3', customers: 0 },
          { bucket: '4-5', customers: 0 },
          { bucket: '6+', customers: 0 },
        ],
      }),
    );
    expect(frequency.labels).toEqual(['1 booking', '2–3 bookings', '4–5 bookings', '6+ bookings']);
    expect(frequency.summary).toMatch(/^Pie chart of 1 customer by number of bookings\./);
  });

  it('gives the conversion rate over the year', () => {
    const conversion = months.map((month, index) => ({
      month,
      requests: index === 11 ? 3 : 0,
      converted: index === 11 ? 1 : 0,
    }));
    const figures = conversionFigures(overview({ conversion }));
    expect(figures.series.map((series) => series.values.at(-1))).toEqual([3, 1]);
    expect(figures.summary).toMatch(/: 3 requests, 1 became a booking \(33%\)\.$/);
    expect(hasNoData(overview({ conversion }))).toBe(false);
  });
});
