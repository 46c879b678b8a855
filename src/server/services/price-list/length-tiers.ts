import type { LengthTierView } from '#domain/api/rate-plan';
import type { LengthTierInput } from '#domain/schemas/length-tier';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { Database } from '../../db/types.ts';
import {
  deleteLengthTier,
  findLengthTier,
  findTierStartingAt,
  insertLengthTier,
  type LengthTierValues,
  listLengthTiers,
  updateLengthTier,
} from '../../repositories/length-tiers.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import { Conflict, fieldRefusal, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { planAgency, writePlan } from '../rate-plan.ts';

export const LENGTH_TIER_NOT_FOUND = 'Length tier not found.';
export const tierTaken = (minDays: number) =>
  `A tier from ${minDays} days already exists: change that one, or choose other minimum days.`;

const tierNotFound = () => new NotFound(LENGTH_TIER_NOT_FOUND);
const tierConflict = (minDays: number) => fieldRefusal(Conflict, 'min_days', tierTaken(minDays));

function tierValues(input: LengthTierInput): LengthTierValues {
  return {
    name: input.name,
    min_days: input.min_days,
    adjustment_kind: input.adjustment_kind,
    day_rate: input.day_rate,
    basis_points: input.basis_points,
  };
}

/** One tier per number of days: another tier of the agency from the same day is a 409. */
async function assertDaysFree(trx: Kysely<Database>, agencyId: number, minDays: number, self?: number) {
  const holder = await findTierStartingAt(trx, agencyId, minDays);
  if (holder !== undefined && holder !== self) throw tierConflict(minDays);
}

/** Two writes of the same days at once: the unique index turns the later one away. */
async function oneTierPerDays<T>(minDays: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw tierConflict(minDays);
    throw error;
  }
}

/** The caller's agency's tiers, shortest first. */
export async function listAgencyLengthTiers(deps: Deps, user: AuthUser, page: Page): Promise<Paged<LengthTierView>> {
  return listLengthTiers(deps.db, planAgency(user), page);
}

/** Adds a tier to the caller's price list; the plan's version moves with it. */
export async function createLengthTier(
  deps: Deps,
  user: AuthUser,
  input: LengthTierInput,
  replyKey: ReplyKey | null,
): Promise<LengthTierView> {
  const agencyId = planAgency(user);
  const createdAt = deps.now().toISOString();
  return oneTierPerDays(input.min_days, () =>
    writePlan(deps, agencyId, async (trx) => {
      await assertDaysFree(trx, agencyId, input.min_days);
      const id = await insertLengthTier(trx, { ...tierValues(input), agency_id: agencyId, created_at: createdAt });
      const tier = await findLengthTier(trx, id, agencyId);
      if (!tier) throw tierNotFound();
      await storeReplyWithWrite(trx, replyKey, 201, tier);
      return tier;
    }),
  );
}

/** The whole tier again; another agency's is not found. */
export async function changeLengthTier(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: LengthTierInput,
): Promise<LengthTierView> {
  const agencyId = planAgency(user);
  return oneTierPerDays(input.min_days, () =>
    writePlan(deps, agencyId, async (trx) => {
      if (!(await findLengthTier(trx, id, agencyId))) throw tierNotFound();
      await assertDaysFree(trx, agencyId, input.min_days, id);
      await updateLengthTier(trx, id, tierValues(input));
      const tier = await findLengthTier(trx, id, agencyId);
      if (!tier) throw tierNotFound();
      return tier;
    }),
  );
}

/** Removes a tier; quotes already given keep their lines. */
export async function removeLengthTier(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const agencyId = planAgency(user);
  await writePlan(deps, agencyId, async (trx) => {
    if (!(await findLengthTier(trx, id, agencyId))) throw tierNotFound();
    await deleteLengthTier(trx, id);
  });
}
