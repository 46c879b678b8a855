import type { ApiCustomer } from '#domain/api/customers';
import { ownCustomerUpdateSchema } from '#domain/schemas/customer';
import { badRequest, fieldError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { updateCustomerWithAccount } from '../../services/customers/update-customer.ts';
import { DuplicateUserError, isEmailTakenByOther } from '../../repositories/users.ts';
import {
  CUSTOMER_NOT_FOUND,
  customerReply,
  LICENSE_FIELD,
  LICENSE_UPLOAD,
  licenseUpload,
  storeOwnLicense,
  writeCustomer,
} from './customer-records.ts';

/** The sign-up's wording (services/accounts/sign-up.ts): the e-mail is also the customer's login. */
export const EMAIL_TAKEN = 'A user with that e-mail address already exists.';
export const LICENSE_BOTH = 'Send a new license or remove the current one, not both.';

/**
 * PATCH customers/me/ (multipart): the customer's own details and license (image or PDF, or
 * `delete_drivers_license`). Names, e-mail and phone change on their login too.
 */
export const updateOwnCustomer = defineRoute({
  method: 'PATCH',
  url: 'customers/me/',
  access: ['customer'],
  body: ownCustomerUpdateSchema,
  files: LICENSE_UPLOAD,
  async handler({ deps, reply, user, body, files, request }): Promise<ApiCustomer> {
    reply.header('Cache-Control', 'private, no-store');
    const customer = await findCustomerByUserId(deps.db, user.id);
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const { delete_drivers_license: deleteLicense, ...changes } = body;
    const upload = licenseUpload(files);
    if (upload && deleteLicense) throw badRequest(LICENSE_BOTH, { [LICENSE_FIELD]: [LICENSE_BOTH] });
    if (changes.email !== undefined && (await isEmailTakenByOther(deps.db, changes.email, user.id))) {
      throw fieldError(400, 'email', EMAIL_TAKEN);
    }
    const license = upload ? await storeOwnLicense(deps, upload) : deleteLicense ? null : undefined;
    try {
      await writeCustomer(deps, request.log, license, () =>
        updateCustomerWithAccount(deps, { id: customer.id, userId: user.id }, changes, license),
      );
    } catch (error) {
      // Another user took the address between the check and the write.
      if (error instanceof DuplicateUserError) throw fieldError(400, 'email', EMAIL_TAKEN);
      throw error;
    }
    return customerReply(deps, customer.id, null);
  },
});
