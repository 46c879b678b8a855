import type { RouteRegistrar } from '../index.ts';
import { getDeskSummary } from './get-desk-summary.ts';

export const deskRoutes: RouteRegistrar[] = [getDeskSummary];
