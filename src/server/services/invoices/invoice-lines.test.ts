import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceSums, taxOn } from '#domain/invoice-sums';
import type { QuoteLineKind } from '#domain/rate-plan';
import type { InvoiceableBooking } from '../../repositories/invoices.ts';
import type { StoredQuoteLine } from '../../repositories/quote-lines.ts';
import { linesFromQuote, netOf } from './invoice-lines.ts';

const booking = (values: Partial<InvoiceableBooking>): InvoiceableBooking => ({
  id: 1,
  agency_id: 1,
  start_date: '2031-01-01',
  end_date: '2031-01-10',
  booking_amount: 0,
  discount_amount: 0,
  discount_description: null,
  price_per_day: 4500,
  make: 'Toyota',
  model: 'Corolla',
  registration_number: 'AA11 AAA',
  tax_rate: 0,
  prices_include_tax: 0,
  ...values,
});

const line = (kind: QuoteLineKind, quantity: number, unit: number): StoredQuoteLine => ({
  kind,
  code: `${kind}:${String(quantity)}:${String(unit)}`,
  label: `${kind} line`,
  quantity,
  unitAmount: unit,
  amount: quantity * unit,
  quotedAmount: null,
  overrideReason: null,
});

const gross = fc.array(
  fc.record({ quantity: fc.integer({ min: 1, max: 30 }), unit: fc.integer({ min: 1, max: 50_000 }) }),
  { minLength: 1, maxLength: 6 },
);

describe('invoice lines from a quote (decision 045)', () => {
  it('netOf finds the net whose tax makes the total, within a minor unit when none does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (total, rate) => {
        const net = netOf(total, rate);
        expect(Math.abs(net + taxOn(net, rate) - total)).toBeLessThanOrEqual(1);
      }),
    );
    expect(netOf(13_500, 2000)).toBe(11_250);
    expect(netOf(65_000, 0)).toBe(65_000);
  });

  it('invoices prices that include tax net, every line exact, totalling the booking amount', () => {
    fc.assert(
      fc.property(gross, fc.integer({ min: 1, max: 5000 }), (items, rate) => {
        const lines = items.map((item) => line('rental', item.quantity, item.unit));
        const total = lines.reduce((sum, each) => sum + each.amount, 0);
        const drafted = linesFromQuote(
          booking({ booking_amount: total, tax_rate: rate, prices_include_tax: 1 }),
          lines,
        );
        expect(drafted.taxIncluded).toBe(true);
        const body = drafted.lines.filter((each) => !each.description.startsWith('Adjustment'));
        expect(body).toHaveLength(lines.length);
        const sums = invoiceSums(drafted.lines, rate);
        expect(Math.abs(sums.total - total)).toBeLessThanOrEqual(1);
        // Each share is at most the line's gross amount, never negative.
        body.forEach((each, index) => {
          const amount = each.quantity * each.unit_amount;
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(lines[index]?.amount ?? 0);
        });
      }),
    );
  });

  it('takes lines as they are when tax is on top, the tax line left to the invoice', () => {
    const lines = [line('rental', 3, 4500), line('discount', 1, -1000), line('tax', 1, 2500)];
    const drafted = linesFromQuote(booking({ booking_amount: 15_000, tax_rate: 2000 }), lines);
    expect(drafted).toEqual({
      taxIncluded: false,
      lines: [
        { description: 'rental line', quantity: 3, unit_amount: 4500 },
        { description: 'discount line', quantity: 1, unit_amount: -1000 },
      ],
    });
    expect(invoiceSums(drafted.lines, 2000)).toEqual({ subtotal: 12_500, tax: 2500, total: 15_000 });
  });

  it('writes an overridden line that its quantity does not divide as one unit, and adjusts to a typed amount', () => {
    const overridden: StoredQuoteLine = { ...line('rental', 3, 4500), amount: 12_001, quotedAmount: 13_500 };
    const drafted = linesFromQuote(booking({ booking_amount: 10_000 }), [overridden]);
    expect(drafted.lines).toEqual([
      { description: 'rental line', quantity: 1, unit_amount: 12_001 },
      { description: 'Adjustment to the agreed booking amount', quantity: 1, unit_amount: -2001 },
    ]);
  });
});
