import type { QuoteLineView, StoredQuoteView } from '#domain/api/quotes';
import {
  applyLineOverrides,
  linesTotal,
  mayBeNegative,
  notNegative,
  type LineOverrideInput,
  type OverriddenLine,
} from '#domain/line-overrides';
import { formatMoney, MAX_AMOUNT, parseMoney, parseSignedMoney } from '#domain/money';
import type { QuoteLine } from '#domain/rate-plan';

/** The most characters a reason takes (as the server's `line_overrides`). */
export const REASON_MAX = 200;

/** What staff typed in a line's Override editor. */
export interface OverrideDraft {
  amount: string;
  reason: string;
}

export type OverrideCheck =
  { ok: true; override: LineOverrideInput } | { ok: false; errors: { amount?: string; reason?: string } };

/**
 * One line's override as typed, checked as the server checks it: the amount a money value of at
 * most two decimals (negative only on a discount's or a tier's line), a reason of 1–200 characters.
 */
export function checkOverride(line: Pick<QuoteLine, 'code' | 'kind' | 'label'>, draft: OverrideDraft): OverrideCheck {
  const errors: { amount?: string; reason?: string } = {};
  const text = draft.amount.trim();
  const amount = text === '' ? null : parseSignedMoney(text);
  if (text === '') errors.amount = 'Amount is required.';
  else if (amount === null) errors.amount = 'Amount must be an amount of at most two decimals, e.g. 45.00.';
  else if (amount < 0 && !mayBeNegative(line)) errors.amount = notNegative(line.label);
  else if (Math.abs(amount) > MAX_AMOUNT) errors.amount = `Amount must be at most ${formatMoney(MAX_AMOUNT)}.`;
  const reason = draft.reason.trim();
  if (reason === '') errors.reason = 'Reason is required.';
  else if (reason.length > REASON_MAX) errors.reason = `Reason must be at most ${REASON_MAX} characters.`;
  if (errors.amount !== undefined || errors.reason !== undefined || amount === null) return { ok: false, errors };
  return { ok: true, override: { code: line.code, amount, reason } };
}

/** The overrides with this one set (a line is overridden once: a new word on it replaces the old). */
export function setOverride(overrides: readonly LineOverrideInput[], override: LineOverrideInput): LineOverrideInput[] {
  const at = overrides.findIndex((candidate) => candidate.code === override.code);
  return at === -1
    ? [...overrides, override]
    : overrides.map((candidate, index) => (index === at ? override : candidate));
}

/** "Undo override": the line takes the quoted amount again. */
export function removeOverride(overrides: readonly LineOverrideInput[], code: string): LineOverrideInput[] {
  return overrides.filter((candidate) => candidate.code !== code);
}

/**
 * The overrides that still apply to a quote made again: those whose line is still there (by code,
 * the tax line never); `dropped` are those whose line is gone, to say so.
 */
export function keepOverrides(
  overrides: readonly LineOverrideInput[],
  lines: readonly Pick<QuoteLine, 'code' | 'kind'>[],
): { kept: LineOverrideInput[]; dropped: LineOverrideInput[] } {
  const kept: LineOverrideInput[] = [];
  const dropped: LineOverrideInput[] = [];
  for (const override of overrides) {
    const line = lines.find((candidate) => candidate.code === override.code);
    (line && line.kind !== 'tax' && (override.amount >= 0 || mayBeNegative(line)) ? kept : dropped).push(override);
  }
  return { kept, dropped };
}

/** The lines as the booking will store them: the quote's with the overrides, tax re-worked (the domain's rule). */
export function overriddenLines(
  lines: readonly (QuoteLine & Partial<Pick<OverriddenLine, 'quotedAmount' | 'overrideReason'>>)[],
  overrides: readonly LineOverrideInput[],
  taxRate: number,
): { ok: true; lines: OverriddenLine[]; total: number } | { ok: false; message: string } {
  // A stored line keeps what the quote gave; a fresh quote's line is its own quoted amount.
  const base = lines.map((line) => ({
    ...line,
    quotedAmount: line.quotedAmount ?? null,
    overrideReason: line.overrideReason ?? null,
  }));
  const result = applyLineOverrides(base, keepOverrides(overrides, lines).kept, taxRate);
  return result.ok ? { ok: true, lines: result.lines, total: linesTotal(result.lines) } : result;
}

/** `line_overrides` as the API takes them: amounts as decimal strings. */
export function overridesBody(
  overrides: readonly LineOverrideInput[],
): { code: string; amount: string; reason: string }[] {
  return overrides.map((override) => ({
    code: override.code,
    amount: formatMoney(override.amount),
    reason: override.reason,
  }));
}

function minor(text: string): number {
  return parseSignedMoney(text) ?? 0;
}

/** A stored line (GET bookings/{id}/'s `quote`) as the form shows it. */
function storedLine(line: QuoteLineView): OverriddenLine {
  return {
    kind: line.kind,
    code: line.code,
    label: line.label,
    quantity: line.quantity,
    unitAmount: minor(line.unit_amount),
    amount: minor(line.amount),
    quotedAmount: line.quoted_amount === null || line.quoted_amount === undefined ? null : minor(line.quoted_amount),
    overrideReason: line.override_reason ?? null,
  };
}

/** A booking's stored quote: its lines and total, and the overrides staff made on it (not the tax line's). */
export function storedQuote(quote: StoredQuoteView): {
  lines: OverriddenLine[];
  total: number;
  overrides: LineOverrideInput[];
} {
  const lines = quote.lines.map(storedLine);
  const overrides = lines
    .filter((line) => line.kind !== 'tax' && line.quotedAmount !== null)
    .map((line) => ({ code: line.code, amount: line.amount, reason: line.overrideReason ?? '' }));
  return { lines, total: parseMoney(quote.total) ?? linesTotal(lines), overrides };
}

/** The amount a draft opens with: the line's current amount as the API writes it. */
export function draftOf(line: Pick<QuoteLine, 'amount'>, reason = ''): OverrideDraft {
  return { amount: formatMoney(line.amount), reason };
}
