import type { RouteRegistrar } from '../index.ts';
import { getPublicRatePlanRoute } from './get-public-rate-plan.ts';
import { getRatePlanRoute } from './get-rate-plan.ts';
import { updateRatePlanSettingsRoute } from './update-rate-plan-settings.ts';

export const ratePlanRoutes: RouteRegistrar[] = [getRatePlanRoute, updateRatePlanSettingsRoute, getPublicRatePlanRoute];
