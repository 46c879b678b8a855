import { describe, expect, it } from 'vitest';
import { formatDate, formatKm, formatMoney } from './format.ts';

describe('display formats', () => {
  it('shows dates day/month/year', () => {
    expect(formatDate('2026-11-02')).toBe('02/11/2026');
    expect(formatDate('2026-01-31T23:30:00.000Z')).toBe('31/01/2026');
    expect(formatDate(null)).toBe('');
  });

  it('shows money in the configured currency', () => {
    expect(formatMoney('45.00', 'GBP')).toBe('£45.00');
    expect(formatMoney('1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('10.00', 'EUR')).toBe('€10.00');
  });

  it('shows mileage in km with grouping', () => {
    expect(formatKm(57632)).toBe('57,632 km');
  });
});
