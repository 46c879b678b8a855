import type { RouteRegistrar } from '../index.ts';

export const sessionRoutes: RouteRegistrar[] = [];
