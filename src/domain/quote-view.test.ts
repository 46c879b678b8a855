import { describe, expect, it } from 'vitest';
import { quoteFromView, quotesDiffer, quoteToView } from './quote-view.ts';
import type { Quote } from './rate-plan.ts';

const base = { kind: 'rental', code: 'rental:base', label: 'Base rate (3 days)', quantity: 3 } as const;

const quote: Quote = {
  planVersion: 4,
  currency: 'GBP',
  days: 3,
  hours: null,
  lines: [
    { kind: 'rental', code: 'rental:base', label: 'Base rate (3 days)', quantity: 3, unitAmount: 4550, amount: 13650 },
    { kind: 'discount', code: 'discount', label: 'Discount', quantity: 1, unitAmount: -1005, amount: -1005 },
  ],
  tier: null,
  tax: 2108,
  taxIncluded: true,
  total: 12645,
  deposit: 20000,
  terms: { mileageAllowanceKm: 600, pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1250 },
};

describe('quote view', () => {
  it('sends money as decimal strings, negative amounts with their sign', () => {
    const view = quoteToView(quote);
    expect(view.total).toBe('126.45');
    expect(view.lines[1]?.amount).toBe('-10.05');
    expect(view.terms.price_per_extra_km).toBe('0.25');
  });

  it('reads back what it sent', () => {
    expect(quoteFromView(quoteToView(quote))).toEqual(quote);
  });

  it('tells a changed price from the same one', () => {
    expect(quotesDiffer(quote, structuredClone(quote))).toBe(false);
    const dearer = structuredClone(quote);
    dearer.lines[0] = { ...base, unitAmount: 4600, amount: 13800 };
    dearer.total = 12795;
    expect(quotesDiffer(quote, dearer)).toBe(true);
    const sameTotalOtherLines = structuredClone(quote);
    sameTotalOtherLines.lines[0] = { ...base, code: 'rental:season:2', unitAmount: 4550, amount: 13650 };
    expect(quotesDiffer(quote, sameTotalOtherLines)).toBe(true);
  });
});
