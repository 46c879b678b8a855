import { customerUpdateSchema } from '#domain/schemas/customer';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { customerIdParams } from '../params.ts';
import {
  customerReply,
  licenseUpload,
  loadCustomerInScope,
  saveCustomerChanges,
  STAFF_SIDE,
  storeStaffLicense,
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
    await saveCustomerChanges(deps, params.id, body, license);
    return customerReply(deps, params.id, agencyScope(user));
  },
});
