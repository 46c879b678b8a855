import { customerUpdateSchema } from '#domain/schemas/customer';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { updateCustomer } from '../../repositories/customers.ts';
import {
  CUSTOMER_NOT_FOUND,
  customerIdParams,
  customerReply,
  licenseUpload,
  loadCustomerInScope,
  STAFF_SIDE,
  storeStaffLicense,
  withStoredFile,
} from './common.ts';

/** PATCH customers/:id/ (multipart): changes the fields sent and, with a new file, the licence. */
export const updateCustomerRoute = defineRoute({
  method: 'PATCH',
  url: 'customers/:id/',
  access: STAFF_SIDE,
  params: customerIdParams,
  body: customerUpdateSchema,
  async handler({ deps, user, params, body, files }) {
    await loadCustomerInScope(deps, user, params.id);
    const upload = licenseUpload(files);
    const license = upload ? await storeStaffLicense(deps, upload) : undefined;
    const result = await withStoredFile(deps, license?.key ?? null, () =>
      updateCustomer(deps.db, params.id, body, license, deps.now().toISOString()),
    );
    if (!result) {
      if (license) await deps.media.removePrivate(license.key);
      throw notFound(CUSTOMER_NOT_FOUND);
    }
    if (result.previousKey) await deps.media.removePrivate(result.previousKey);
    return customerReply(deps, params.id, agencyScope(user));
  },
});
