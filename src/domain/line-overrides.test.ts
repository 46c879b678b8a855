import { describe, expect, it } from 'vitest';
import {
  applyLineOverrides,
  linesTotal,
  TAX_NOT_OVERRIDDEN,
  TAX_REWORKED,
  type OverriddenLine,
} from './line-overrides.ts';

const line = (kind: OverriddenLine['kind'], code: string, amount: number, label = code): OverriddenLine => ({
  kind,
  code,
  label,
  quantity: 1,
  unitAmount: amount,
  amount,
  quotedAmount: null,
  overrideReason: null,
});

// 3 days at £45.00, a child seat, 20 % tax on top.
const quote = [
  line('rental', 'rental:base', 13500, 'Rental (3 days)'),
  line('extra', 'extra:2', 1800, 'Child seat × 1'),
  line('tax', 'tax', 3060, 'Tax 20 %'),
];

describe('applyLineOverrides', () => {
  it('replaces a line, keeps the quoted amount and reason, and re-works the tax on the other lines', () => {
    const result = applyLineOverrides(quote, [{ code: 'extra:2', amount: 0, reason: 'Seat on the house' }], 2000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines[1]).toMatchObject({ amount: 0, quotedAmount: 1800, overrideReason: 'Seat on the house' });
    expect(result.lines[2]).toMatchObject({ amount: 2700, quotedAmount: 3060, overrideReason: TAX_REWORKED });
    expect(linesTotal(result.lines)).toBe(16200);
  });

  it('gives a line its quoted amount back when its override is gone, so applying again changes nothing', () => {
    const once = applyLineOverrides(quote, [{ code: 'rental:base', amount: 12000, reason: 'Regular' }], 2000);
    if (!once.ok) throw new Error(once.message);
    const again = applyLineOverrides(once.lines, [{ code: 'rental:base', amount: 12000, reason: 'Regular' }], 2000);
    expect(again).toEqual(once);
    const undone = applyLineOverrides(once.lines, [], 2000);
    if (!undone.ok) throw new Error(undone.message);
    expect(undone.lines).toEqual(quote);
  });

  it('refuses the tax line, an unknown code, a negative rental and a total below nothing', () => {
    expect(applyLineOverrides(quote, [{ code: 'tax', amount: 0, reason: 'x' }], 2000)).toEqual({
      ok: false,
      message: TAX_NOT_OVERRIDDEN,
    });
    expect(applyLineOverrides(quote, [{ code: 'fee:one_way', amount: 0, reason: 'x' }], 2000)).toEqual({
      ok: false,
      message: 'The quote has no line "fee:one_way".',
    });
    expect(applyLineOverrides(quote, [{ code: 'rental:base', amount: -1, reason: 'x' }], 2000)).toEqual({
      ok: false,
      message: 'Rental (3 days): only a discount or a tier line may be negative.',
    });
    const withDiscount = [...quote.slice(0, 2), line('discount', 'discount', -1000), quote[2] as OverriddenLine];
    expect(applyLineOverrides(withDiscount, [{ code: 'discount', amount: -20000, reason: 'x' }], 2000)).toEqual({
      ok: false,
      message: 'With these overrides the lines add up to less than nothing.',
    });
  });
});
