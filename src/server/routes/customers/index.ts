import type { RouteRegistrar } from '../index.ts';

export const customersRoutes: RouteRegistrar[] = [];
