import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import type { Database } from '../../db/types.ts';
import { type ExtraTaken, extraStockUse, lockExtra } from '../../repositories/extra-reservations.ts';
import { Conflict, fieldRefusal } from '../errors.ts';

/** What a booking or a held request promises, and when. */
export interface ExtrasPromise {
  extras: readonly ExtraTaken[];
  startDate: string;
  endDate: string;
  now: string;
  /** The booking or request being written, whose own promise is not counted against it. */
  except?: { bookingId?: number; requestId?: number };
}

/** "Child seat: only 1 left at this pickup location for those dates." */
export function stockSentence(name: string, left: number): string {
  const count = left <= 0 ? 'none' : `only ${left}`;
  return `${name}: ${count} left at this pickup location for those dates.`;
}

/**
 * Checks, inside the write's transaction, that every stock-limited extra taken is still there
 * for the dates, each extra locked first (in id order, so two writes never wait on each other in
 * a circle): two bookings racing for the last child seat cannot both get it, on either engine.
 * Throws Conflict on the `extras` field when one is short.
 */
export async function assertExtrasInStock(
  trx: Kysely<Database>,
  dialect: DialectName,
  promise: ExtrasPromise,
): Promise<void> {
  const limited = promise.extras
    .filter((extra): extra is ExtraTaken & { locationId: number } => extra.locationId !== null)
    .sort((a, b) => a.extraId - b.extraId);
  for (const extra of limited) {
    await lockExtra(trx, dialect, extra.extraId);
    const use = await extraStockUse(
      trx,
      extra.extraId,
      extra.locationId,
      { startDate: promise.startDate, endDate: promise.endDate, now: promise.now },
      promise.except,
    );
    if (!use) continue;
    const left = use.stock - use.promised;
    if (extra.quantity > left) throw fieldRefusal(Conflict, 'extras', stockSentence(use.name, left));
  }
}
