import type { RouteRegistrar } from '../index.ts';
import { decideReturnChargeRoute } from './decide-return-charge.ts';
import { editReturnChargeRoute } from './edit-return-charge.ts';
import { finalizeReturnRoute } from './finalize-return.ts';
import { getReturnChargesRoute } from './get-return-charges.ts';

export const returnChargesRoutes: RouteRegistrar[] = [
  getReturnChargesRoute,
  decideReturnChargeRoute,
  editReturnChargeRoute,
  finalizeReturnRoute,
];
