import type { ApiCustomer } from '#domain/api/customers';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { CUSTOMER_NOT_FOUND, customerReply } from './customer-records.ts';

/** GET customers/me/: the signed-in customer's own record (the wizard shows address and kin). */
export const getOwnCustomer = defineRoute({
  method: 'GET',
  url: 'customers/me/',
  access: ['customer'],
  async handler({ deps, reply, user }): Promise<ApiCustomer> {
    // Private details: never kept by a shared cache, nor by the browser's HTTP cache.
    reply.header('Cache-Control', 'private, no-store');
    const customer = await findCustomerByUserId(deps.db, user.id);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    return customerReply(deps, customer.id, null);
  },
});
