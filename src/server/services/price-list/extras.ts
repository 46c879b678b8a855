import type { ExtraView } from '#domain/api/rate-plan';
import type { ExtraInput } from '#domain/schemas/extra';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import {
  type ExtraValues,
  findExtra,
  insertExtra,
  listExtras,
  retireExtra,
  setExtraStock,
  updateExtra,
} from '../../repositories/extras.ts';
import { locationsOutsideAgency } from '../../repositories/locations.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import { fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { planAgency, writePlan } from '../rate-plan.ts';

export const EXTRA_NOT_FOUND = 'Extra not found.';
export const FOREIGN_STOCK_LOCATION = "Stock may be kept only at your own agency's pickup locations.";

const extraNotFound = () => new NotFound(EXTRA_NOT_FOUND);
const LOCATION_GONE = { message: FOREIGN_STOCK_LOCATION, fields: { stock: [FOREIGN_STOCK_LOCATION] } };

function extraValues(input: ExtraInput): ExtraValues {
  return {
    name: input.name,
    charge: input.charge,
    price: input.price,
    cap_per_rental: input.cap_per_rental,
    max_quantity: input.max_quantity,
    stock_limited: input.stock === null ? 0 : 1,
  };
}

/** Stock is kept at the agency's own locations (another agency's id reads as unknown). */
async function assertOwnLocations(trx: Kysely<Database>, agencyId: number, input: ExtraInput): Promise<void> {
  const ids = (input.stock ?? []).map((line) => line.location_id);
  if ((await locationsOutsideAgency(trx, ids, agencyId)).length > 0) {
    throw fieldRefusal(Invalid, 'stock', FOREIGN_STOCK_LOCATION);
  }
}

/** The extras the caller's agency offers, by name. */
export async function listAgencyExtras(deps: Deps, user: AuthUser, page: Page): Promise<Paged<ExtraView>> {
  return listExtras(deps.db, planAgency(user), page);
}

/** Adds an extra to the caller's catalogue; the plan's version moves with it. */
export async function createExtra(
  deps: Deps,
  user: AuthUser,
  input: ExtraInput,
  replyKey: ReplyKey | null,
): Promise<ExtraView> {
  const agencyId = planAgency(user);
  const createdAt = deps.now().toISOString();
  return writePlan(
    deps,
    agencyId,
    async (trx) => {
      await assertOwnLocations(trx, agencyId, input);
      const id = await insertExtra(trx, { ...extraValues(input), agency_id: agencyId, created_at: createdAt });
      await setExtraStock(trx, id, input.stock ?? []);
      const extra = await findExtra(trx, id, agencyId);
      if (!extra) throw extraNotFound();
      await storeReplyWithWrite(trx, replyKey, 201, extra);
      return extra;
    },
    LOCATION_GONE,
  );
}

/** The whole extra again, stock included; a retired one or another agency's is not found. */
export async function changeExtra(deps: Deps, user: AuthUser, id: number, input: ExtraInput): Promise<ExtraView> {
  const agencyId = planAgency(user);
  return writePlan(
    deps,
    agencyId,
    async (trx) => {
      if (!(await findExtra(trx, id, agencyId))) throw extraNotFound();
      await assertOwnLocations(trx, agencyId, input);
      await updateExtra(trx, id, extraValues(input));
      await setExtraStock(trx, id, input.stock ?? []);
      const extra = await findExtra(trx, id, agencyId);
      if (!extra) throw extraNotFound();
      return extra;
    },
    LOCATION_GONE,
  );
}

/**
 * Retires an extra: it is no longer offered and leaves the lists and the plan, but its row stays
 * for the bookings that took it.
 */
export async function retireAgencyExtra(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const agencyId = planAgency(user);
  await writePlan(deps, agencyId, async (trx) => {
    if (!(await findExtra(trx, id, agencyId))) throw extraNotFound();
    await retireExtra(trx, id, deps.now().toISOString());
  });
}
