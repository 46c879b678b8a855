import type { RouteRegistrar } from '../index.ts';
import { createLengthTierRoute } from './create-length-tier.ts';
import { deleteLengthTierRoute } from './delete-length-tier.ts';
import { listLengthTiersRoute } from './list-length-tiers.ts';
import { updateLengthTierRoute } from './update-length-tier.ts';

export const lengthTiersRoutes: RouteRegistrar[] = [
  listLengthTiersRoute,
  createLengthTierRoute,
  updateLengthTierRoute,
  deleteLengthTierRoute,
];
