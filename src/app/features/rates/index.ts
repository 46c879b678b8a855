/**
 * What other features may use of Rates & extras: the agency's whole plan as its owner and agents
 * read it, and the keys its writes refresh.
 */
export { ratePlanQueryOptions, useRatePlan } from './api/rate-plan.ts';
export { rateKeys } from './api/rate-keys.ts';
