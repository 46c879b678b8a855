import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label.ts';

describe('countLabel', () => {
  it('says "1 vehicle", not "1 of 1 vehicles"', () => {
    expect(countLabel(1, 1, 'vehicles')).toBe('1 vehicle');
    expect(countLabel(1, 1, 'booking requests')).toBe('1 booking request');
  });

  it('says the plural when everything is shown, and zero as a plural', () => {
    expect(countLabel(12, 12, 'customers')).toBe('12 customers');
    expect(countLabel(0, 0, 'payments')).toBe('0 payments');
  });

  it('says "N of M" only when fewer than the total are shown', () => {
    expect(countLabel(24, 30, 'vehicles')).toBe('Showing 24 of 30 vehicles');
    expect(countLabel(1, 2, 'bookings')).toBe('Showing 1 of 2 bookings');
  });

  it('says the server stopped counting with a +', () => {
    expect(countLabel(50, 1000, 'bookings', true)).toBe('Showing 50 of 1000+ bookings');
    expect(countLabel(1000, 1000, 'bookings', true)).toBe('Showing 1000 of 1000+ bookings');
  });
});
