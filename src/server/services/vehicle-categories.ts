import type { VehicleCategoryView } from '#domain/api/rate-plan';
import { CATEGORY_NAME_TAKEN, type VehicleCategoryInput } from '#domain/schemas/vehicle-category';
import type { Deps } from '../context.ts';
import { isUniqueViolation } from '../db/sql-helpers.ts';
import { bumpVersion } from '../repositories/data-versions.ts';
import {
  categoryNameTaken,
  deleteCategory,
  findCategory,
  insertCategory,
  seasonsNamingCategory,
  updateCategory,
} from '../repositories/vehicle-categories.ts';
import { Conflict, fieldRefusal, NotFound } from './errors.ts';
import { writePlan } from './rate-plan.ts';

export const CATEGORY_NOT_FOUND = 'Vehicle category not found.';

const nameTaken = () => fieldRefusal(Conflict, 'name', CATEGORY_NAME_TAKEN);

/** A season limited to the category would apply to every vehicle once it is gone: say which. */
export function categoryInSeasons(names: readonly string[]): string {
  const list = names.length === 1 ? `the season ${names[0]}` : `the seasons ${names.join(', ')}`;
  return `This category is used by ${list}; take it off ${names.length === 1 ? 'that season' : 'those seasons'} first.`;
}

/**
 * Runs a write to the agency's categories as every write of the plan (`writePlan`): the version
 * moves first, locking the agency's row to the end, so two writes naming the same category (in any
 * case) at once are checked one after the other; the unique index catches whatever slips through.
 */
async function categoryWrite<T>(deps: Deps, agencyId: number, write: (trx: Deps['db']) => Promise<T>): Promise<T> {
  try {
    return await writePlan(deps, agencyId, write);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A new category of the agency; a name it already has (whatever the case) is a conflict (409). */
export async function createCategory(
  deps: Deps,
  agencyId: number,
  input: VehicleCategoryInput,
): Promise<VehicleCategoryView> {
  const created = await categoryWrite(deps, agencyId, async (trx) => {
    if (await categoryNameTaken(trx, agencyId, input.name, null)) throw nameTaken();
    const id = await insertCategory(trx, { ...input, agency_id: agencyId, created_at: deps.now().toISOString() });
    return findCategory(trx, id, agencyId);
  });
  if (!created) throw new NotFound(CATEGORY_NOT_FOUND);
  return created;
}

/**
 * The category's name and base rate; another agency's category is not found (404). Public vehicle
 * cards show the name and the public list filters by it, so its version moves too.
 */
export async function changeCategory(
  deps: Deps,
  agencyId: number,
  id: number,
  input: VehicleCategoryInput,
): Promise<VehicleCategoryView> {
  const updated = await categoryWrite(deps, agencyId, async (trx) => {
    if (!(await findCategory(trx, id, agencyId))) throw new NotFound(CATEGORY_NOT_FOUND);
    if (await categoryNameTaken(trx, agencyId, input.name, id)) throw nameTaken();
    await updateCategory(trx, id, input);
    await bumpVersion(trx, 'public-vehicles');
    return findCategory(trx, id, agencyId);
  });
  if (!updated) throw new NotFound(CATEGORY_NOT_FOUND);
  return updated;
}

/**
 * Removes a category: its vehicles are left without one. Refused (409) while a season is limited
 * to it, since that season would then apply to every vehicle of the agency.
 */
export async function removeCategory(deps: Deps, agencyId: number, id: number): Promise<void> {
  await categoryWrite(deps, agencyId, async (trx) => {
    if (!(await findCategory(trx, id, agencyId))) throw new NotFound(CATEGORY_NOT_FOUND);
    const seasons = await seasonsNamingCategory(trx, id);
    if (seasons.length > 0) throw new Conflict(categoryInSeasons(seasons));
    await deleteCategory(trx, id, deps.now().toISOString());
    await bumpVersion(trx, 'public-vehicles');
  });
}
