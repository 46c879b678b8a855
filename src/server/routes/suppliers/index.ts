import type { RouteRegistrar } from '../index.ts';
import { getOwnAgencyRoute } from './get-own-agency.ts';
import { listSuppliersRoute } from './list-suppliers.ts';
import { setSupplierStatusRoute } from './set-supplier-status.ts';
import { updateOwnAgencyRoute } from './update-own-agency.ts';
import { updateSupplierRoute } from './update-supplier.ts';

export const suppliersRoutes: RouteRegistrar[] = [
  listSuppliersRoute,
  updateSupplierRoute,
  setSupplierStatusRoute,
  getOwnAgencyRoute,
  updateOwnAgencyRoute,
];
