import { describe, expect, it } from 'vitest';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { choiceAge, choiceChanged, initialChoice } from './wizard-price.tsx';

const quoted = {
  id: 7,
  start_date: '2030-06-10',
  end_date: '2030-06-12',
  driver_age: 22,
  quote: {
    plan_version: 3,
    lines: [],
    total: '120.00',
    extras: [
      { extra_id: 9, name: 'Child seat', quantity: 2 },
      { extra_id: 4, name: 'Additional driver', quantity: 1 },
    ],
  },
} as unknown as CustomerBookingRequest;

const beforeQuotes = { ...quoted, driver_age: null, quote: null } as CustomerBookingRequest;

describe("the wizard's price choice", () => {
  it("starts from the request's extras (in id order) and age, which is no change", () => {
    const choice = initialChoice(quoted);
    expect(choice).toEqual({
      extras: [
        { extraId: 4, quantity: 1 },
        { extraId: 9, quantity: 2 },
      ],
      ageText: '22',
    });
    expect(choiceChanged(quoted, choice, null)).toBe(false);
  });

  it('is changed by another quantity, a dropped extra or another age', () => {
    const choice = initialChoice(quoted);
    expect(choiceChanged(quoted, { ...choice, extras: [{ extraId: 4, quantity: 1 }] }, null)).toBe(true);
    expect(
      choiceChanged(
        quoted,
        {
          ...choice,
          extras: [
            { extraId: 4, quantity: 1 },
            { extraId: 9, quantity: 1 },
          ],
        },
        null,
      ),
    ).toBe(true);
    expect(choiceChanged(quoted, { ...choice, ageText: '30' }, null)).toBe(true);
  });

  it('reads the age from a date of birth when there is one, as the server does', () => {
    const choice = initialChoice(quoted);
    expect(choiceAge(quoted, choice, '2000-06-10')).toBe(30);
    expect(choiceAge(quoted, choice, '2000-06-11')).toBe(29);
    expect(choiceChanged(quoted, choice, '2008-01-01')).toBe(false);
    expect(choiceChanged(quoted, choice, '2000-01-01')).toBe(true);
  });

  it('leaves a request sent before quotes unchanged until an extra or an age is given', () => {
    const choice = initialChoice(beforeQuotes);
    expect(choice).toEqual({ extras: [], ageText: '' });
    expect(choiceChanged(beforeQuotes, choice, null)).toBe(false);
    expect(choiceChanged(beforeQuotes, choice, '1990-01-01')).toBe(false);
    expect(choiceChanged(beforeQuotes, { ...choice, ageText: '40' }, null)).toBe(true);
    expect(choiceChanged(beforeQuotes, { ...choice, extras: [{ extraId: 4, quantity: 1 }] }, null)).toBe(true);
  });
});
