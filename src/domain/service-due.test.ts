import { describe, expect, it } from 'vitest';
import { addMonths } from './dates.ts';
import { nextServiceAfter, serviceDueBy, serviceState } from './service-due.ts';

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('takes the last day of a shorter month, leap years included', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('service due', () => {
  it('flags a date within 14 days as due and a past one as overdue', () => {
    expect(serviceDueBy('2026-11-23')).toBe('2026-12-07');
    expect(serviceState('2026-11-22', '2026-11-23')).toBe('overdue');
    expect(serviceState('2026-11-23', '2026-11-23')).toBe('due');
    expect(serviceState('2026-12-07', '2026-11-23')).toBe('due');
    expect(serviceState('2026-12-08', '2026-11-23')).toBe('ok');
  });

  it('moves the next service date forward only', () => {
    expect(nextServiceAfter('2026-11-20', 12, '2026-11-01')).toBe('2027-11-20');
    expect(nextServiceAfter('2026-11-20', 6, '2027-09-01')).toBe('2027-09-01');
  });
});
