import type { FastifyReply } from 'fastify';
import type { ApiCustomer } from '#domain/api/customers';
import type { ApiErrorBody } from '#domain/api/errors';
import { staffCustomerUpdateSchema } from '#domain/schemas/customer';
import { badRequest, fieldError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { StaleCustomerError } from '../../repositories/customers.ts';
import { updateCustomerWithAccount } from '../../services/customers/update-customer.ts';
import { DuplicateUserError, isEmailTakenByOther } from '../../repositories/users.ts';
import { customerIdParams } from '../params.ts';
import { LICENSE_BOTH } from './update-own-customer.ts';
import {
  customerReply,
  LICENSE_FIELD,
  LICENSE_UPLOAD,
  licenseUpload,
  loadCustomerInScope,
  STAFF_SIDE,
  storeStaffLicense,
  writeCustomer,
} from './customer-records.ts';

/** The customer's e-mail is also their login: another account's address cannot be given to them. */
export const EMAIL_USED_BY_ACCOUNT = 'Another account already uses this e-mail address.';
export const STALE_CUSTOMER = 'Someone else changed this customer after you opened it.';

/**
 * PATCH customers/:id/ (multipart): changes the fields sent and, with a new file, the license.
 * With `expected_updated_at`, a record changed since then is refused (412, with the current
 * record) instead of overwritten. A customer with a login gets the new names, e-mail and phone
 * on that login too.
 */
export const updateCustomerRoute = defineRoute({
  method: 'PATCH',
  url: 'customers/:id/',
  access: STAFF_SIDE,
  params: customerIdParams,
  body: staffCustomerUpdateSchema,
  files: LICENSE_UPLOAD,
  async handler({ deps, user, params, body, files, reply, request }): Promise<ApiCustomer | FastifyReply> {
    const scope = agencyScope(user);
    const customer = await loadCustomerInScope(deps, user, params.id);
    const { expected_updated_at: expected, delete_drivers_license: deleteLicense, ...changes } = body;
    const userId = customer.user_id;
    if (userId !== null && changes.email !== undefined && (await isEmailTakenByOther(deps.db, changes.email, userId))) {
      throw fieldError(409, 'email', EMAIL_USED_BY_ACCOUNT);
    }
    const upload = licenseUpload(files);
    if (upload && deleteLicense) throw badRequest(LICENSE_BOTH, { [LICENSE_FIELD]: [LICENSE_BOTH] });
    const license = upload ? await storeStaffLicense(deps, upload) : deleteLicense ? null : undefined;
    try {
      await writeCustomer(deps, request.log, license, () =>
        updateCustomerWithAccount(deps, { id: customer.id, userId }, changes, license, expected),
      );
    } catch (error) {
      if (error instanceof StaleCustomerError) {
        return reply.code(412).send({
          error: STALE_CUSTOMER,
          current: await customerReply(deps, customer.id, scope),
        } satisfies ApiErrorBody);
      }
      // Another account took the address between the check and the write.
      if (error instanceof DuplicateUserError) throw fieldError(409, 'email', EMAIL_USED_BY_ACCOUNT);
      throw error;
    }
    return customerReply(deps, params.id, scope);
  },
});
