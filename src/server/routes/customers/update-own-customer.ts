import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import {
  CUSTOMER_NOT_FOUND,
  customerReply,
  licenseUpload,
  ownCustomerUpdateSchema,
  saveCustomerChanges,
  storeOwnLicense,
} from './common.ts';

/** PATCH customers/me/ (multipart): the customer's own licence (image or PDF) and details. */
export const updateOwnCustomer = defineRoute({
  method: 'PATCH',
  url: 'customers/me/',
  access: ['customer'],
  body: ownCustomerUpdateSchema,
  async handler({ deps, user, body, files }) {
    const customer = await findCustomerByUserId(deps.db, user.id);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const upload = licenseUpload(files);
    const license = upload ? await storeOwnLicense(deps, upload) : undefined;
    await saveCustomerChanges(deps, customer.id, body, license);
    return customerReply(deps, customer.id, null);
  },
});
