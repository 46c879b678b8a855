import type { RouteRegistrar } from '../index.ts';

export const fleetRoutes: RouteRegistrar[] = [];
