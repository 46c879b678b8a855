/**
 * Shares are typed as people say them ("10", "-12.5": percent) and travel as basis points
 * (1000 = 10 %). The schemas check basis points, so their words about a share are said again
 * here in percent, for the field the person typed in.
 */
import { BASIS_POINTS_REQUIRED } from '#domain/schemas/price-list-fields';
import { SEASON_BASIS_POINTS_ZERO } from '#domain/schemas/season';
import { TIER_REDUCTION } from '#domain/schemas/length-tier';

const PERCENT = /^[+-]?\d{1,6}(\.\d{1,2})?$/;

/**
 * "10" → 1000, "-12.5" → -1250, "" → null. Text that is not a percentage with at most two
 * decimals is passed on as typed, so the form's schema refuses it with its own words.
 */
export function percentToBasisPoints(text: string): number | string | null {
  const trimmed = text.trim().replace('\u2212', '-').replace(/\s*%$/, '');
  if (trimmed === '') return null;
  if (!PERCENT.test(trimmed)) return trimmed;
  const [whole = '0', fraction = ''] = trimmed.replace(/^[+-]/, '').split('.');
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return trimmed.startsWith('-') ? -magnitude : magnitude;
}

/** 1000 → "10", -1250 → "-12.5", null → "" (what the field shows). */
export function basisPointsToPercent(value: unknown): string {
  if (typeof value === 'number') return String(value / 100);
  if (typeof value === 'string') return value;
  return '';
}

/** -1000 → "−10 %", 2000 → "+20 %": a share in a sentence. */
export function percentText(basisPoints: number): string {
  const sign = basisPoints < 0 ? '\u2212' : '+';
  return `${sign}${String(Math.abs(basisPoints) / 100)} %`;
}

const SAID_IN_PERCENT: Record<string, string> = {
  [BASIS_POINTS_REQUIRED]: 'Percentage is required when the adjustment is a percentage.',
  [SEASON_BASIS_POINTS_ZERO]: 'Percentage cannot be 0: a season changes the price.',
  [TIER_REDUCTION]: 'A tier takes a share off: a percentage from -90 to -0.01 (-10 is 10 % off).',
};

/**
 * A schema's or the server's message about a share, said in percent under the field `label`:
 * "Basis points must be at least -9000." → "Percentage must be at least -90 %."
 */
export function percentMessage(message: string | undefined, label: string): string | undefined {
  if (message === undefined) return undefined;
  const known = SAID_IN_PERCENT[message];
  if (known) return known;
  const bound = /^.+ must be (at least|at most) (-?\d+)\.$/.exec(message);
  if (bound) return `${label} must be ${bound[1]} ${Number(bound[2]) / 100} %.`;
  if (/ must be a whole number\.$/.test(message)) return `${label} may have at most two decimals.`;
  if (/ must be a number\.$/.test(message)) return `${label} must be a number, e.g. 10 or -10.`;
  if (/ is required\.$/.test(message)) return `${label} is required.`;
  return message;
}
