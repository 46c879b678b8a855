import type { VehicleCategoryView } from '#domain/api/rate-plan';
import { vehicleCategorySchema } from '#domain/schemas/vehicle-category';
import { defineRoute } from '../../http/route.ts';
import { planAgency } from '../../services/rate-plan.ts';
import { createCategory } from '../../services/vehicle-categories.ts';

/** POST vehicle-categories/: the agency's owner adds a category; a name it has already is a 409. */
export const createVehicleCategoryRoute = defineRoute({
  method: 'POST',
  url: 'vehicle-categories/',
  access: ['agency'],
  body: vehicleCategorySchema,
  async handler({ deps, user, body }): Promise<VehicleCategoryView> {
    return createCategory(deps, planAgency(user), body);
  },
});
