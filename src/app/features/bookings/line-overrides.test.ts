import { describe, expect, it } from 'vitest';
import type { StoredQuoteView } from '#domain/api/quotes';
import type { QuoteLine } from '#domain/rate-plan';
import {
  checkOverride,
  keepOverrides,
  overriddenLines,
  overridesBody,
  removeOverride,
  setOverride,
  storedQuote,
} from './line-overrides.ts';

const line = (kind: QuoteLine['kind'], code: string, amount: number, label = code): QuoteLine => ({
  kind,
  code,
  label,
  quantity: 1,
  unitAmount: amount,
  amount,
});

const rental = line('rental', 'rental:base', 13500, 'Rental (3 days)');
const seat = line('extra', 'extra:2', 1800, 'Child seat × 1');
const tier = line('tier', 'tier:1', -1350, '7+ days −10 %');
const tax = line('tax', 'tax', 3060, 'Tax 20 %');

describe('checkOverride', () => {
  it('takes an amount of at most two decimals and a reason', () => {
    expect(checkOverride(seat, { amount: ' 10.5 ', reason: ' Loyal customer ' })).toEqual({
      ok: true,
      override: { code: 'extra:2', amount: 1050, reason: 'Loyal customer' },
    });
  });

  it('says what is wrong beside each field', () => {
    expect(checkOverride(seat, { amount: '', reason: '' })).toEqual({
      ok: false,
      errors: { amount: 'Amount is required.', reason: 'Reason is required.' },
    });
    expect(checkOverride(seat, { amount: '10.555', reason: 'x' })).toEqual({
      ok: false,
      errors: { amount: 'Amount must be an amount of at most two decimals, e.g. 45.00.' },
    });
    expect(checkOverride(seat, { amount: '12', reason: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { reason: 'Reason must be at most 200 characters.' },
    });
  });

  it('lets only a reduction be negative', () => {
    expect(checkOverride(rental, { amount: '-5.00', reason: 'x' })).toEqual({
      ok: false,
      errors: { amount: 'Rental (3 days): only a discount or a tier line may be negative.' },
    });
    expect(checkOverride(tier, { amount: '-20.00', reason: 'Long rental' })).toEqual({
      ok: true,
      override: { code: 'tier:1', amount: -2000, reason: 'Long rental' },
    });
  });
});

describe('the overrides list', () => {
  const a = { code: 'extra:2', amount: 0, reason: 'Free seat' };
  const b = { code: 'rental:base', amount: 12000, reason: 'Regular' };

  it('sets one override per line, a new word replacing the old, and undoes one', () => {
    const both = setOverride(setOverride([], a), b);
    expect(both).toEqual([a, b]);
    const changed = setOverride(both, { ...a, amount: 500 });
    expect(changed).toEqual([{ ...a, amount: 500 }, b]);
    expect(removeOverride(changed, 'extra:2')).toEqual([b]);
  });

  it('keeps by code the overrides whose line is still quoted, and names those dropped', () => {
    expect(keepOverrides([a, b], [rental, tax])).toEqual({ kept: [b], dropped: [a] });
    expect(keepOverrides([{ code: 'tax', amount: 0, reason: 'x' }], [rental, tax]).kept).toEqual([]);
  });

  it('sends amounts as decimal strings', () => {
    expect(overridesBody([a, { code: 'tier:1', amount: -2000, reason: 'Long' }])).toEqual([
      { code: 'extra:2', amount: '0.00', reason: 'Free seat' },
      { code: 'tier:1', amount: '-20.00', reason: 'Long' },
    ]);
  });
});

describe('overriddenLines', () => {
  it('shows the quote with the overrides and the tax re-worked, dropping overrides of lines now gone', () => {
    const result = overriddenLines(
      [rental, seat, tax],
      [
        { code: 'extra:2', amount: 0, reason: 'Free seat' },
        { code: 'fee:one_way', amount: 0, reason: 'Gone' },
      ],
      2000,
    );
    expect(result).toMatchObject({ ok: true, total: 16200 });
    if (!result.ok) return;
    expect(result.lines.map((shown) => [shown.code, shown.amount, shown.quotedAmount])).toEqual([
      ['rental:base', 13500, null],
      ['extra:2', 0, 1800],
      ['tax', 2700, 3060],
    ]);
  });

  it('is the quote itself without overrides', () => {
    expect(overriddenLines([rental, seat, tax], [], 2000)).toMatchObject({ ok: true, total: 18360 });
  });
});

describe('storedQuote', () => {
  it('reads a booking’s lines, total and the overrides staff made (not the re-worked tax)', () => {
    const view: StoredQuoteView = {
      plan_version: 3,
      total: '162.00',
      extras: [{ extra_id: 2, name: 'Child seat', quantity: 1 }],
      lines: [
        { kind: 'rental', code: 'rental:base', label: 'Rental', quantity: 3, unit_amount: '45.00', amount: '135.00' },
        {
          kind: 'extra',
          code: 'extra:2',
          label: 'Child seat × 1',
          quantity: 1,
          unit_amount: '18.00',
          amount: '0.00',
          quoted_amount: '18.00',
          override_reason: 'Free seat',
        },
        {
          kind: 'tax',
          code: 'tax',
          label: 'Tax 20 %',
          quantity: 1,
          unit_amount: '27.00',
          amount: '27.00',
          quoted_amount: '30.60',
          override_reason: 'Tax on the overridden lines.',
        },
      ],
    };
    const stored = storedQuote(view);
    expect(stored.total).toBe(16200);
    expect(stored.overrides).toEqual([{ code: 'extra:2', amount: 0, reason: 'Free seat' }]);
    expect(stored.lines[2]).toMatchObject({ amount: 2700, quotedAmount: 3060 });
    // Applied again to the stored lines, the same overrides give the same lines.
    expect(overriddenLines(stored.lines, stored.overrides, 2000)).toEqual({
      ok: true,
      lines: stored.lines,
      total: 16200,
    });
  });
});
