import type { Readable } from 'node:stream';
import { notFound } from '../../http/errors.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findCustomerByUserId, findCustomerInScope } from '../../repositories/customers.ts';
import { customerIdParams } from '../params.ts';

const NO_LICENSE = "No driver's license uploaded yet.";

/**
 * GET customers/:id/drivers_license/: streams the private license, from whichever store holds it,
 * to the customer it belongs to and to staff entitled to that customer, as an attachment (the app
 * shows it from a blob).
 * Anyone else is told it doesn't exist.
 */
export const getDriversLicense = defineRoute({
  method: 'GET',
  url: 'customers/:id/drivers_license/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: customerIdParams,
  async handler({ deps, user, params, reply }): Promise<Readable> {
    const customer =
      user.role === 'customer'
        ? await findCustomerByUserId(deps.db, user.id)
        : await findCustomerInScope(deps.db, params.id, agencyScope(user));
    if (!customer || customer.id !== params.id || !customer.drivers_license_key) throw notFound(NO_LICENSE);
    const file = await deps.media.openLicense(customer.drivers_license_key);
    if (!file) throw notFound(NO_LICENSE);
    const type = customer.drivers_license_type ?? 'application/octet-stream';
    const extension = type === 'application/pdf' ? 'pdf' : 'webp';
    return sendPrivateFile(reply, file, type, `drivers-license-${customer.id}.${extension}`);
  },
});
