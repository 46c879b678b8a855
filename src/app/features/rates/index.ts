/**
 * What other features may use of Rates & extras: the agency's whole plan as its owner and agents
 * read it, its vehicle categories (the vehicle form's choices), and the keys its writes refresh.
 */
export { ratePlanQueryOptions, useRatePlan } from './api/rate-plan.ts';
export { rateKeys } from './api/rate-keys.ts';
export { vehicleCategoriesQueryOptions, type VehicleCategoryView } from './api/vehicle-categories.ts';
