import { taxOn } from '#domain/invoice-sums';
import { formatMoney, MAX_AMOUNT } from '#domain/money';
import type { QuoteLine } from '#domain/rate-plan';
import type { LineOverride } from '#domain/schemas/booking';
import type { QuoteRequest } from '#domain/schemas/quote';
import type { AuthUser, Deps } from '../../context.ts';
import { agencyTaxRate } from '../../repositories/booking-quotes.ts';
import type { ExtraTaken } from '../../repositories/extra-reservations.ts';
import type { StoredQuoteLine } from '../../repositories/quote-lines.ts';
import { Conflict, fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { priceRental } from '../quotes/quote-rental.ts';

/** A staff booking's price: the quote's lines with staff's overrides, their total and the extras taken. */
export interface PricedBooking {
  planVersion: number;
  lines: StoredQuoteLine[];
  /** The sum of the lines: the booking's amount when staff leave it empty. */
  total: number;
  extras: ExtraTaken[];
}

const FIELD = 'line_overrides';
export const NOT_PRICEABLE =
  'This vehicle cannot be priced: it is retired or its agency is not approved. Keep its dates, extras and places.';

export function linesTotal(lines: readonly QuoteLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * Staff's overrides applied to a quote's lines (issue 21). Each override names a line by its code
 * and replaces its amount, keeping the quoted amount and the reason on the line; a line no longer
 * overridden gets its quoted amount back, so the same overrides sent again change nothing. A code
 * the quote has no line for, a negative amount on a line that is not a discount or a tier, and the
 * tax line itself are refused on `line_overrides` (400). When a line changed and the prices exclude
 * tax, the tax line is worked out again on the other lines at `taxRate()` (the agency's rate), so
 * the total stays the lines' sum with their tax.
 */
export async function withOverrides(
  lines: readonly StoredQuoteLine[],
  overrides: readonly LineOverride[],
  taxRate: () => Promise<number>,
): Promise<StoredQuoteLine[]> {
  const byCode = new Map(overrides.map((override) => [override.code, override]));
  for (const override of overrides) {
    const line = lines.find((candidate) => candidate.code === override.code);
    if (!line) throw fieldRefusal(Invalid, FIELD, `The quote has no line "${override.code}".`);
    if (line.kind === 'tax') {
      throw fieldRefusal(Invalid, FIELD, 'The tax line follows the other lines: override those instead.');
    }
    if (override.amount < 0 && line.kind !== 'discount' && line.kind !== 'tier') {
      throw fieldRefusal(Invalid, FIELD, `${line.label}: only a discount or a tier line may be negative.`);
    }
  }
  const overridden = lines.map((line): StoredQuoteLine => {
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
    const amount = changed ? taxOn(net, await taxRate()) : quotedTax;
    const line: StoredQuoteLine =
      amount === quotedTax
        ? { ...tax, amount, unitAmount: amount, quotedAmount: null, overrideReason: null }
        : {
            ...tax,
            amount,
            unitAmount: amount,
            quotedAmount: quotedTax,
            overrideReason: 'Tax on the overridden lines.',
          };
    result = overridden.map((candidate) => (candidate === tax ? line : candidate));
  }
  const total = linesTotal(result);
  if (total < 0) throw fieldRefusal(Invalid, FIELD, 'With these overrides the lines add up to less than nothing.');
  if (total > MAX_AMOUNT) {
    throw fieldRefusal(
      Invalid,
      FIELD,
      `With these overrides the lines add up to more than ${formatMoney(MAX_AMOUNT)}.`,
    );
  }
  return result;
}

/**
 * Prices a staff booking by the vehicle's agency's current plan (`priceRental`, the caller as
 * staff so the discount counts) and applies the overrides. Call it with the booking's transaction
 * as `deps.db`; `except` is the booking an edit prices again (its own extras do not count against it).
 */
export async function priceStaffBooking(
  deps: Deps,
  user: AuthUser,
  input: { rental: QuoteRequest; agencyId: number; overrides: readonly LineOverride[] },
  now: string,
  except: { bookingId?: number } = {},
): Promise<PricedBooking> {
  let priced;
  try {
    priced = await priceRental(deps, input.rental, user, now, except);
  } catch (error) {
    // A retired vehicle keeps its bookings but takes no new price; the route has refused it for a new booking.
    if (error instanceof NotFound) throw fieldRefusal(Conflict, 'vehicle', NOT_PRICEABLE);
    throw error;
  }
  const quoted = priced.quote.lines.map((line): StoredQuoteLine => ({
    ...line,
    quotedAmount: null,
    overrideReason: null,
  }));
  const lines = await withOverrides(quoted, input.overrides, () => agencyTaxRate(deps.db, input.agencyId));
  return { planVersion: priced.quote.planVersion, lines, total: linesTotal(lines), extras: priced.extras };
}
