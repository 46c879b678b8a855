import { vehicleCategoryIdParams } from '#domain/schemas/vehicle-category';
import { defineRoute } from '../../http/route.ts';
import { planAgency } from '../../services/rate-plan.ts';
import { removeCategory } from '../../services/vehicle-categories.ts';

/**
 * DELETE vehicle-categories/:id/: its vehicles are left without a category. A 409 while a season is
 * limited to it; another agency's is a 404.
 */
export const deleteVehicleCategoryRoute = defineRoute({
  method: 'DELETE',
  url: 'vehicle-categories/:id/',
  access: ['agency'],
  params: vehicleCategoryIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    await removeCategory(deps, planAgency(user), params.id);
    return undefined;
  },
});
