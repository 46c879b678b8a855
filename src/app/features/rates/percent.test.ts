import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { lengthTierSchema } from '#domain/schemas/length-tier';
import { seasonSchema } from '#domain/schemas/season';
import { basisPointsToPercent, percentMessage, percentText, percentToBasisPoints } from './percent.ts';

const messageFor = (schema: typeof seasonSchema | typeof lengthTierSchema, input: Record<string, unknown>) => {
  const result = v.safeParse(schema, input);
  const issue = result.issues?.find((candidate) => v.getDotPath(candidate) === 'basis_points');
  return percentMessage(issue?.message, 'Percentage');
};

describe('percent fields', () => {
  it('turns typed percentages into basis points and back', () => {
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('-10')).toBe(-1000);
    expect(percentToBasisPoints(' +12.5 ')).toBe(1250);
    expect(percentToBasisPoints('\u22127.25 %')).toBe(-725);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('')).toBeNull();
    expect(percentToBasisPoints('ten')).toBe('ten');
    expect(percentToBasisPoints('1.234')).toBe('1.234');
    expect(basisPointsToPercent(-1250)).toBe('-12.5');
    expect(basisPointsToPercent(null)).toBe('');
    expect(percentText(-1000)).toBe('\u221210 %');
    expect(percentText(2050)).toBe('+20.5 %');
  });

  it('says the schemas’ refusals of a share in percent', () => {
    const season = { name: 'Summer', start_date: '2026-07-01', end_date: '2026-08-31', adjustment_kind: 'percent' };
    expect(messageFor(seasonSchema, { ...season, basis_points: percentToBasisPoints('-95') })).toBe(
      'Percentage must be at least -90 %.',
    );
    expect(messageFor(seasonSchema, { ...season, basis_points: percentToBasisPoints('600') })).toBe(
      'Percentage must be at most 500 %.',
    );
    expect(messageFor(seasonSchema, { ...season, basis_points: percentToBasisPoints('0') })).toBe(
      'Percentage cannot be 0: a season changes the price.',
    );
    expect(messageFor(seasonSchema, { ...season, basis_points: null })).toBe(
      'Percentage is required when the adjustment is a percentage.',
    );
    expect(messageFor(seasonSchema, { ...season, basis_points: percentToBasisPoints('abc') })).toBe(
      'Percentage must be a number, e.g. 10 or -10.',
    );
    const tier = { name: '7+ days', min_days: 7, adjustment_kind: 'percent' };
    expect(messageFor(lengthTierSchema, { ...tier, basis_points: percentToBasisPoints('10') })).toMatch(
      /^A tier takes a share off: a percentage from -90/,
    );
    expect(messageFor(lengthTierSchema, { ...tier, basis_points: percentToBasisPoints('-10') })).toBeUndefined();
    expect(percentMessage('Hourly share must be at most 10000.', 'Hourly share')).toBe(
      'Hourly share must be at most 100 %.',
    );
  });
});
