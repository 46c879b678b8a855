import type { RouteRegistrar } from '../index.ts';

export const bookingsRoutes: RouteRegistrar[] = [];
