import type { RouteRegistrar } from '../index.ts';
import { getPlannerRoute } from './get-planner.ts';

export const plannerRoutes: RouteRegistrar[] = [getPlannerRoute];
