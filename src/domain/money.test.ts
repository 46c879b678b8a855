import { describe, expect, it } from 'vitest';
import { formatMoney, moneyText, parseMoney } from './money.ts';

describe('money', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    ['0.07', 7],
    [' 12.30 ', 1230],
    ['0', 0],
  ])('parses %j as %i minor units', (text, minor) => {
    expect(parseMoney(text)).toBe(minor);
  });

  it.each(['', '12.345', '-1', '1e3', 'abc', '12.', '.5', '1,000.00'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('formats minor units with two decimals', () => {
    expect(formatMoney(4550)).toBe('45.50');
    expect(formatMoney(7)).toBe('0.07');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-1250)).toBe('-12.50');
  });

  it('round-trips without floating point drift', () => {
    for (const text of ['0.10', '0.20', '0.30', '19.99', '1000000.01']) {
      expect(formatMoney(parseMoney(text) ?? Number.NaN)).toBe(text);
    }
  });
});

describe('moneyText', () => {
  it('says an amount with its currency sign, for sentences such as refusals', () => {
    expect(moneyText(4000, 'GBP')).toBe('£40.00');
    expect(moneyText(5, 'EUR')).toBe('€0.05');
    expect(moneyText(123456, 'USD')).toBe('US$1,234.56');
  });
});
