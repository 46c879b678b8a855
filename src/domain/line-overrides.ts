import { taxOn } from './invoice-sums.ts';
import { formatMoney, MAX_AMOUNT } from './money.ts';
import type { QuoteLine } from './rate-plan.ts';

/** A quote line as a booking keeps it: an overridden one keeps the quoted amount and why. */
export interface OverriddenLine extends QuoteLine {
  quotedAmount: number | null;
  overrideReason: string | null;
}

/** Staff's word on one line: its code, the amount (minor units) it takes instead, and why. */
export interface LineOverrideInput {
  code: string;
  amount: number;
  reason: string;
}

export type OverrideResult = { ok: true; lines: OverriddenLine[] } | { ok: false; message: string };

/** Why the tax line takes no override of its own. */
export const TAX_NOT_OVERRIDDEN = 'The tax line follows the other lines: override those instead.';
/** What a re-worked tax line says as its reason. */
export const TAX_REWORKED = 'Tax on the overridden lines.';

export function linesTotal(lines: readonly QuoteLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/** Only a reduction (a discount's or a tier's line) may be negative. */
export function mayBeNegative(line: Pick<QuoteLine, 'kind'>): boolean {
  return line.kind === 'discount' || line.kind === 'tier';
}

/** The message for a negative amount on a line that is no reduction. */
export const notNegative = (label: string) => `${label}: only a discount or a tier line may be negative.`;

/**
 * Staff's overrides applied to a quote's lines (issue 21), the one rule the server stores and the
 * staff booking form shows. Each override names a line by its code and replaces its amount, keeping
 * the quoted amount and the reason on the line; a line no longer overridden gets its quoted amount
 * back, so the same overrides applied again change nothing. A code the quote has no line for, a
 * negative amount on a line that is not a discount or a tier, and the tax line itself are refused.
 * When a line changed and the prices exclude tax (a tax line exists), the tax line is worked out
 * again on the other lines at `taxRate` (basis points), so the total stays the lines' sum.
 */
export function applyLineOverrides(
  lines: readonly OverriddenLine[],
  overrides: readonly LineOverrideInput[],
  taxRate: number,
): OverrideResult {
  const byCode = new Map(overrides.map((override) => [override.code, override]));
  for (const override of overrides) {
    const line = lines.find((candidate) => candidate.code === override.code);
    if (!line) return { ok: false, message: `The quote has no line "${override.code}".` };
    if (line.kind === 'tax') return { ok: false, message: TAX_NOT_OVERRIDDEN };
    if (override.amount < 0 && !mayBeNegative(line)) return { ok: false, message: notNegative(line.label) };
  }
  const overridden = lines.map((line): OverriddenLine => {
    const quoted = line.quotedAmount ?? line.amount;
    const override = byCode.get(line.code);
    if (line.kind === 'tax') return line;
    if (!override || override.amount === quoted) {
      return { ...line, amount: quoted, quotedAmount: null, overrideReason: null };
    }
    return { ...line, amount: override.amount, quotedAmount: quoted, overrideReason: override.reason };
  });
  const tax = overridden.find((line) => line.kind === 'tax');
  const changed = overridden.some((line) => line.kind !== 'tax' && line.quotedAmount !== null);
  let result = overridden;
  if (tax) {
    const quotedTax = tax.quotedAmount ?? tax.amount;
    const net = linesTotal(overridden.filter((line) => line.kind !== 'tax'));
    const amount = changed ? taxOn(net, taxRate) : quotedTax;
    const line: OverriddenLine =
      amount === quotedTax
        ? { ...tax, amount, unitAmount: amount, quotedAmount: null, overrideReason: null }
        : { ...tax, amount, unitAmount: amount, quotedAmount: quotedTax, overrideReason: TAX_REWORKED };
    result = overridden.map((candidate) => (candidate === tax ? line : candidate));
  }
  const total = linesTotal(result);
  if (total < 0) return { ok: false, message: 'With these overrides the lines add up to less than nothing.' };
  if (total > MAX_AMOUNT) {
    return { ok: false, message: `With these overrides the lines add up to more than ${formatMoney(MAX_AMOUNT)}.` };
  }
  return { ok: true, lines: result };
}
