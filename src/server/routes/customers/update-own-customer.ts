import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findCustomerByUserId, updateCustomer } from '../../repositories/customers.ts';
import {
  CUSTOMER_NOT_FOUND,
  customerReply,
  licenseUpload,
  ownCustomerUpdateSchema,
  storeOwnLicense,
  withStoredFile,
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
    const result = await withStoredFile(deps, license?.key ?? null, () =>
      updateCustomer(deps.db, customer.id, body, license, deps.now().toISOString()),
    );
    if (!result) {
      if (license) await deps.media.removePrivate(license.key);
      throw notFound(CUSTOMER_NOT_FOUND);
    }
    if (result.previousKey) await deps.media.removePrivate(result.previousKey);
    return customerReply(deps, customer.id, null);
  },
});
