import type { ApiCustomer } from '#domain/api/customers';
import { customerSchema } from '#domain/schemas/customer';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { insertCustomer } from '../../repositories/customers.ts';
import {
  customerReply,
  LICENSE_UPLOAD,
  licenseUpload,
  STAFF_SIDE,
  storeStaffLicense,
  withStoredFile,
} from './customer-records.ts';

/** POST customers/ (multipart): a new customer, owned by the caller's agency (none for the operator). */
export const createCustomer = defineRoute({
  method: 'POST',
  url: 'customers/',
  access: STAFF_SIDE,
  body: customerSchema,
  files: LICENSE_UPLOAD,
  async handler({ deps, user, body, files, request }): Promise<ApiCustomer> {
    const scope = agencyScope(user);
    const upload = licenseUpload(files);
    const license = upload ? await storeStaffLicense(deps, upload) : null;
    const now = deps.now().toISOString();
    const id = await withStoredFile(deps, request.log, license?.key ?? null, () =>
      insertCustomer(deps.db, {
        ...body,
        user_id: null,
        agency_id: scope,
        drivers_license_key: license?.key ?? null,
        drivers_license_type: license?.type ?? null,
        created_at: now,
        updated_at: now,
      }),
    );
    return customerReply(deps, id, scope);
  },
});
