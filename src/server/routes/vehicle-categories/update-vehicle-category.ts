import type { VehicleCategoryView } from '#domain/api/rate-plan';
import { vehicleCategoryIdParams, vehicleCategorySchema } from '#domain/schemas/vehicle-category';
import { defineRoute } from '../../http/route.ts';
import { planAgency } from '../../services/rate-plan.ts';
import { changeCategory } from '../../services/vehicle-categories.ts';

/** PUT vehicle-categories/:id/: the whole category again; another agency's is a 404, a name taken a 409. */
export const updateVehicleCategoryRoute = defineRoute({
  method: 'PUT',
  url: 'vehicle-categories/:id/',
  access: ['agency'],
  params: vehicleCategoryIdParams,
  body: vehicleCategorySchema,
  async handler({ deps, user, params, body }): Promise<VehicleCategoryView> {
    return changeCategory(deps, planAgency(user), params.id, body);
  },
});
