import type { RouteRegistrar } from '../index.ts';
import { createCustomer } from './create-customer.ts';
import { deleteCustomerRoute } from './delete-customer.ts';
import { deleteDriversLicense } from './delete-drivers-license.ts';
import { getCustomerAnalytics } from './get-customer-analytics.ts';
import { getCustomer } from './get-customer.ts';
import { getCustomersOverview } from './get-customers-overview.ts';
import { getDriversLicense } from './get-drivers-license.ts';
import { getOwnCustomer } from './get-own-customer.ts';
import { listCustomersRoute } from './list-customers.ts';
import { updateCustomerRoute } from './update-customer.ts';
import { updateOwnCustomer } from './update-own-customer.ts';

export const customersRoutes: RouteRegistrar[] = [
  listCustomersRoute,
  createCustomer,
  getOwnCustomer,
  updateOwnCustomer,
  getCustomer,
  updateCustomerRoute,
  deleteCustomerRoute,
  deleteDriversLicense,
  getDriversLicense,
  getCustomerAnalytics,
  getCustomersOverview,
];
