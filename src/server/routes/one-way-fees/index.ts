import type { RouteRegistrar } from '../index.ts';
import { createOneWayFeeRoute } from './create-one-way-fee.ts';
import { deleteOneWayFeeRoute } from './delete-one-way-fee.ts';
import { listOneWayFeesRoute } from './list-one-way-fees.ts';
import { updateOneWayFeeRoute } from './update-one-way-fee.ts';

export const oneWayFeesRoutes: RouteRegistrar[] = [
  listOneWayFeesRoute,
  createOneWayFeeRoute,
  updateOneWayFeeRoute,
  deleteOneWayFeeRoute,
];
