import type { SeasonView } from '#domain/api/rate-plan';
import type { SeasonInput } from '#domain/schemas/season';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import {
  categoriesOutsideAgency,
  deleteSeason,
  findSeason,
  insertSeason,
  listSeasons,
  type SeasonValues,
  setSeasonCategories,
  updateSeason,
} from '../../repositories/seasons.ts';
import { fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { planAgency, writePlan } from '../rate-plan.ts';

export const SEASON_NOT_FOUND = 'Season not found.';
export const FOREIGN_CATEGORY = 'Choose categories of your own agency.';

const seasonNotFound = () => new NotFound(SEASON_NOT_FOUND);
const CATEGORY_GONE = { message: FOREIGN_CATEGORY, fields: { category_ids: [FOREIGN_CATEGORY] } };

function seasonValues(input: SeasonInput): SeasonValues {
  return {
    name: input.name,
    start_date: input.start_date,
    end_date: input.end_date,
    adjustment_kind: input.adjustment_kind,
    day_rate: input.day_rate,
    basis_points: input.basis_points,
  };
}

/** A season's categories are the agency's own (another agency's id reads as unknown). */
async function assertOwnCategories(trx: Kysely<Database>, agencyId: number, ids: number[]): Promise<void> {
  if ((await categoriesOutsideAgency(trx, ids, agencyId)).length > 0) {
    throw fieldRefusal(Invalid, 'category_ids', FOREIGN_CATEGORY);
  }
}

/** The caller's agency's seasons by start date. */
export async function listAgencySeasons(deps: Deps, user: AuthUser, page: Page): Promise<Paged<SeasonView>> {
  return listSeasons(deps.db, planAgency(user), page);
}

/**
 * Adds a season to the caller's price list; the plan's version moves with it, and so does the
 * public list's: its cards' "from" prices read the seasons (so does every season write below).
 */
export async function createSeason(
  deps: Deps,
  user: AuthUser,
  input: SeasonInput,
  replyKey: ReplyKey | null,
): Promise<SeasonView> {
  const agencyId = planAgency(user);
  const createdAt = deps.now().toISOString();
  return writePlan(
    deps,
    agencyId,
    async (trx) => {
      await assertOwnCategories(trx, agencyId, input.category_ids);
      const id = await insertSeason(trx, { ...seasonValues(input), agency_id: agencyId, created_at: createdAt });
      await setSeasonCategories(trx, id, input.category_ids);
      await bumpVersion(trx, 'public-vehicles');
      const season = await findSeason(trx, id, agencyId);
      if (!season) throw seasonNotFound();
      await storeReplyWithWrite(trx, replyKey, 201, season);
      return season;
    },
    CATEGORY_GONE,
  );
}

/** The whole season again; another agency's is not found. */
export async function changeSeason(deps: Deps, user: AuthUser, id: number, input: SeasonInput): Promise<SeasonView> {
  const agencyId = planAgency(user);
  return writePlan(
    deps,
    agencyId,
    async (trx) => {
      if (!(await findSeason(trx, id, agencyId))) throw seasonNotFound();
      await assertOwnCategories(trx, agencyId, input.category_ids);
      await updateSeason(trx, id, seasonValues(input));
      await setSeasonCategories(trx, id, input.category_ids);
      await bumpVersion(trx, 'public-vehicles');
      const season = await findSeason(trx, id, agencyId);
      if (!season) throw seasonNotFound();
      return season;
    },
    CATEGORY_GONE,
  );
}

/** Removes a season; quotes already given keep their lines. */
export async function removeSeason(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const agencyId = planAgency(user);
  await writePlan(deps, agencyId, async (trx) => {
    if (!(await findSeason(trx, id, agencyId))) throw seasonNotFound();
    await deleteSeason(trx, id);
    await bumpVersion(trx, 'public-vehicles');
  });
}
