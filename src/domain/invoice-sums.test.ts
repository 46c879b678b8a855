import { describe, expect, it } from 'vitest';
import { invoiceSums, taxOn } from './invoice-sums.ts';
import { parseSignedMoney } from './money.ts';

describe('invoice sums', () => {
  it('adds the lines and the tax at a rate in basis points, rounded half away from zero', () => {
    expect(
      invoiceSums(
        [
          { quantity: 4, unit_amount: 4500 },
          { quantity: 1, unit_amount: -1000 },
        ],
        2000,
      ),
    ).toEqual({
      subtotal: 17000,
      tax: 3400,
      total: 20400,
    });
    expect(taxOn(18445, 2000)).toBe(3689);
    expect(taxOn(25, 2000)).toBe(5);
    expect(taxOn(1, 5000)).toBe(1);
    expect(taxOn(-1, 5000)).toBe(-1);
    expect(taxOn(12345, 0)).toBe(0);
  });

  it('reads signed amounts of at most two decimals', () => {
    expect(parseSignedMoney('-10.5')).toBe(-1050);
    expect(parseSignedMoney(' 45 ')).toBe(4500);
    expect(parseSignedMoney('4.555')).toBeNull();
    expect(parseSignedMoney('--1')).toBeNull();
  });
});
