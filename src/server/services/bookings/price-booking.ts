import { applyLineOverrides, linesTotal } from '#domain/line-overrides';
import type { LineOverride } from '#domain/schemas/booking';
import type { QuoteRequest } from '#domain/schemas/quote';
import type { AuthUser, Deps } from '../../context.ts';
import { agencyTaxRate } from '../../repositories/booking-quotes.ts';
import type { ExtraTaken } from '../../repositories/extra-reservations.ts';
import type { StoredQuoteLine } from '../../repositories/quote-lines.ts';
import { Conflict, fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { priceRental } from '../quotes/quote-rental.ts';

export { linesTotal };

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

/**
 * Staff's overrides applied to a quote's lines by the one rule (`applyLineOverrides`,
 * src/domain/line-overrides.ts); what it refuses is a 400 on `line_overrides`. The agency's tax
 * rate (`taxRate()`) is read only when there are overrides: the tax line is worked out again on
 * the other lines when one changed and the prices exclude tax.
 */
export async function withOverrides(
  lines: readonly StoredQuoteLine[],
  overrides: readonly LineOverride[],
  taxRate: () => Promise<number>,
): Promise<StoredQuoteLine[]> {
  const result = applyLineOverrides(lines, overrides, overrides.length > 0 ? await taxRate() : 0);
  if (!result.ok) throw fieldRefusal(Invalid, FIELD, result.message);
  return result.lines;
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
