import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingDayRate,
  MARK_MATCH_RADIUS,
  minutesLate,
  newDamageMarks,
  proposeReturnCharges,
  settleDeposit,
  type ReturnChargeInput,
} from './return-charges.ts';

/** Three days at £40 (12 000), 100 km a day, £0.20 a km, £10 an eighth, 30 minutes' grace, 10 % an hour. */
function input(changes: Partial<ReturnChargeInput> = {}): ReturnChargeInput {
  return {
    booking: {
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      dropoffTime: '10:00',
      lines: [
        { kind: 'rental', amount: 12_000 },
        { kind: 'extra', amount: 1_500 },
      ],
      bookingAmount: 13_500,
    },
    terms: {
      mileageAllowancePerDay: 100,
      pricePerExtraKm: 20,
      fuelPolicy: 'full_to_full',
      fuelPricePerEighth: 1_000,
      lateGraceMinutes: 30,
      hourlyBasisPoints: 1_000,
    },
    pickup: { mileage: 10_000, fuelEighths: 8, damageMarks: [{ x: 0.2, y: 0.3, note: 'scratch' }] },
    returned: {
      mileage: 10_450,
      fuelEighths: 5,
      damageMarks: [
        { x: 0.21, y: 0.31, note: 'scratch' },
        { x: 0.7, y: 0.8, note: 'dent rear door' },
      ],
    },
    returnedAt: '2026-03-03T12:00',
    currency: 'GBP',
    ...changes,
  };
}

describe('proposeReturnCharges', () => {
  it('proposes the issue’s return: 150 km over, 3/8 fuel short, 2 hours late, one new damage mark', () => {
    const charges = proposeReturnCharges(input());
    expect(charges.map(({ code, quantity, unitAmount, amount }) => ({ code, quantity, unitAmount, amount }))).toEqual([
      { code: 'mileage', quantity: 150, unitAmount: 20, amount: 3_000 },
      { code: 'fuel', quantity: 3, unitAmount: 1_000, amount: 3_000 },
      { code: 'late', quantity: 2, unitAmount: 400, amount: 800 },
      { code: 'damage:1', quantity: 1, unitAmount: null, amount: null },
    ]);
    expect(charges.map((charge) => charge.working)).toEqual([
      '450 km driven (10,000 km at pickup, 10,450 km at return) against 300 km allowed (100 km a day for 3 days): 150 km × £0.20 = £30.00.',
      'Fuel at pickup Full, at return 5/8: 3/8 short × £10.00 an eighth = £30.00.',
      "Due back at 10:00 on 2026-03-03, returned 2026-03-03 12:00: 2 started hours late, beyond the 30 minutes' grace. 2 hours × £4.00 (the booking's day rate £40.00) = £8.00.",
      'A mark at return (70 % across, 80 % down the outline, "dent rear door") with none within 5 % of it at pickup; its cost is set by staff.',
    ]);
    expect(charges.map((charge) => charge.label)).toEqual([
      'Kilometres over the allowance (150 km)',
      'Fuel short of the pickup level (3/8 of a tank)',
      'Late return (2 hours)',
      'Damage: dent rear door',
    ]);
    expect(charges[3]?.mark).toEqual({ x: 0.7, y: 0.8, note: 'dent rear door', index: 1 });
  });

  it('proposes nothing for a return within the allowance, as full, on time and unmarked', () => {
    const same = input({
      returned: { mileage: 10_300, fuelEighths: 8, damageMarks: [{ x: 0.2, y: 0.3, note: '' }] },
      returnedAt: '2026-03-03T10:30',
    });
    expect(proposeReturnCharges(same)).toEqual([]);
  });

  it('charges no km without an allowance and no fuel when it was prepaid', () => {
    const terms = { ...input().terms, mileageAllowancePerDay: 0, fuelPolicy: 'prepaid' as const };
    expect(proposeReturnCharges(input({ terms })).map((charge) => charge.code)).toEqual(['late', 'damage:1']);
  });

  it('charges a late return from the due time once the grace is passed, a day at the most for hours', () => {
    const late = (returnedAt: string, hourlyBasisPoints = 1_000) =>
      proposeReturnCharges(input({ returnedAt, terms: { ...input().terms, hourlyBasisPoints } })).find(
        (charge) => charge.code === 'late',
      );
    expect(late('2026-03-03T10:30')).toBeUndefined();
    expect(late('2026-03-03T10:31')).toMatchObject({ quantity: 1, unitAmount: 400, amount: 400 });
    // 11 hours at £4 would be £44: a day's £40 instead.
    expect(late('2026-03-03T21:00')).toMatchObject({ label: 'Late return (1 day)', quantity: 1, amount: 4_000 });
    // 26 hours: a day and 2 hours.
    expect(late('2026-03-04T12:00')).toMatchObject({ quantity: 1, unitAmount: 4_800, amount: 4_800 });
    expect(late('2026-03-05T10:00')).toMatchObject({ label: 'Late return (2 days)', quantity: 2, unitAmount: 4_000 });
    // Without hourly pricing any part of a day is a day.
    expect(late('2026-03-03T11:00', 0)).toMatchObject({ quantity: 1, unitAmount: 4_000, amount: 4_000 });
    expect(proposeReturnCharges(input({ returnedAt: null })).map((charge) => charge.code)).not.toContain('late');
  });

  it('prices a late day from the booking’s rental and tier lines, not its extras', () => {
    const booking = {
      ...input().booking,
      lines: [
        { kind: 'rental' as const, amount: 7_000 },
        { kind: 'rental' as const, amount: 5_001 },
        { kind: 'tier' as const, amount: -1_200 },
        { kind: 'extra' as const, amount: 900 },
      ],
    };
    expect(bookingDayRate(booking, 3)).toBe(3_600); // 10 801 / 3 = 3 600.33
    expect(bookingDayRate({ ...booking, lines: [] }, 3)).toBe(4_500);
  });

  it('counts minutes late on the desk’s clock', () => {
    expect(minutesLate('2026-03-03', '10:00', '2026-03-03T09:45')).toBe(-15);
    expect(minutesLate('2026-03-03', '23:30', '2026-03-04T00:15')).toBe(45);
  });
});

describe('newDamageMarks', () => {
  it('matches marks one to one within the radius', () => {
    const pickup = [{ x: 0.5, y: 0.5, note: 'dent' }];
    const returned = [
      { x: 0.52, y: 0.5, note: 'dent' },
      { x: 0.5, y: 0.53, note: 'second dent' },
    ];
    expect(newDamageMarks(pickup, returned)).toEqual([{ x: 0.5, y: 0.53, note: 'second dent', index: 1 }]);
    expect(newDamageMarks(pickup, [{ x: 0.5 + MARK_MATCH_RADIUS + 0.001, y: 0.5, note: '' }])).toHaveLength(1);
  });
});

const mark = fc.record({
  x: fc.double({ min: 0, max: 1, noNaN: true }),
  y: fc.double({ min: 0, max: 1, noNaN: true }),
  note: fc.constant(''),
});

describe('properties', () => {
  it('every priced charge is quantity × unit, and a damage has no amount', () => {
    fc.assert(
      fc.property(
        fc.record({
          driven: fc.integer({ min: 0, max: 5_000 }),
          pickupFuel: fc.integer({ min: 0, max: 8 }),
          returnFuel: fc.integer({ min: 0, max: 8 }),
          lateMinutes: fc.integer({ min: -600, max: 10_000 }),
          allowance: fc.integer({ min: 0, max: 500 }),
          hourly: fc.integer({ min: 0, max: 10_000 }),
          dayRate: fc.integer({ min: 1, max: 50_000 }),
          marks: fc.array(mark, { maxLength: 5 }),
        }),
        (c) => {
          const base = input();
          const back = new Date(Date.parse('2026-03-03T10:00:00Z') + c.lateMinutes * 60_000).toISOString();
          const charges = proposeReturnCharges({
            ...base,
            booking: { ...base.booking, lines: [{ kind: 'rental', amount: c.dayRate * 3 }] },
            terms: { ...base.terms, mileageAllowancePerDay: c.allowance, hourlyBasisPoints: c.hourly },
            pickup: { mileage: 1_000, fuelEighths: c.pickupFuel, damageMarks: [] },
            returned: { mileage: 1_000 + c.driven, fuelEighths: c.returnFuel, damageMarks: c.marks },
            returnedAt: back.slice(0, 16),
          });
          for (const charge of charges) {
            if (charge.kind === 'damage') expect(charge.amount).toBeNull();
            else expect(charge.amount).toBe(charge.quantity * (charge.unitAmount ?? NaN));
          }
          expect(charges.filter((charge) => charge.kind === 'damage')).toHaveLength(c.marks.length);
          const late = charges.find((charge) => charge.kind === 'late');
          if (c.lateMinutes <= 30) expect(late).toBeUndefined();
          else {
            const hours = Math.ceil(c.lateMinutes / 60);
            expect(late?.amount).toBeLessThanOrEqual(Math.ceil(hours / 24) * c.dayRate);
            expect(late?.amount).toBeGreaterThanOrEqual(Math.floor(hours / 24) * c.dayRate);
          }
        },
      ),
    );
  });

  it('a later return never costs less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 10_000 }),
        (minutes, more, hourly) => {
          const at = (late: number) =>
            new Date(Date.parse('2026-03-03T10:00:00Z') + late * 60_000).toISOString().slice(0, 16);
          const cost = (late: number) =>
            proposeReturnCharges(
              input({ returnedAt: at(late), terms: { ...input().terms, hourlyBasisPoints: hourly } }),
            ).find((charge) => charge.kind === 'late')?.amount ?? 0;
          expect(cost(minutes + more)).toBeGreaterThanOrEqual(cost(minutes));
        },
      ),
    );
  });

  it('marks as at pickup are never new; marks far from every pickup mark always are', () => {
    fc.assert(
      fc.property(fc.array(mark, { maxLength: 8 }), fc.array(mark, { maxLength: 8 }), (pickup, extra) => {
        expect(newDamageMarks(pickup, pickup)).toEqual([]);
        const returned = [...pickup, ...extra];
        const fresh = newDamageMarks(pickup, returned);
        expect(fresh.length).toBeGreaterThanOrEqual(extra.length);
        expect(fresh.length).toBeLessThanOrEqual(returned.length);
        returned.forEach((m, index) => {
          const far = pickup.every((p) => Math.hypot(m.x - p.x, m.y - p.y) > MARK_MATCH_RADIUS);
          if (far) expect(fresh.map((f) => f.index)).toContain(index);
        });
      }),
    );
  });

  it('the deposit pays the charges first; the rest is refunded or due', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 0, max: 1e8 }), (held, charges) => {
        const { applied, refund, due } = settleDeposit(held, charges);
        expect(applied + refund).toBe(held);
        expect(applied + due).toBe(charges);
        expect(refund === 0 || due === 0).toBe(true);
      }),
    );
    expect(settleDeposit(30_000, 12_000)).toEqual({ applied: 12_000, refund: 18_000, due: 0 });
  });
});
