import type { RouteRegistrar } from '../index.ts';
import { createSeasonRoute } from './create-season.ts';
import { deleteSeasonRoute } from './delete-season.ts';
import { listSeasonsRoute } from './list-seasons.ts';
import { updateSeasonRoute } from './update-season.ts';

export const seasonsRoutes: RouteRegistrar[] = [
  listSeasonsRoute,
  createSeasonRoute,
  updateSeasonRoute,
  deleteSeasonRoute,
];
