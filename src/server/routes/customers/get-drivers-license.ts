import { open } from 'node:fs/promises';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { findCustomerByUserId, findCustomerInScope } from '../../repositories/customers.ts';
import { customerIdParams } from '../params.ts';

const NO_LICENSE = "No driver's license uploaded yet.";

/**
 * GET customers/:id/drivers_license/: streams the private licence to the customer it belongs to
 * and to staff entitled to that customer. Anyone else is told it doesn't exist.
 */
export const getDriversLicense = defineRoute({
  method: 'GET',
  url: 'customers/:id/drivers_license/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: customerIdParams,
  async handler({ deps, user, params, reply }) {
    const customer =
      user.role === 'customer'
        ? await findCustomerByUserId(deps.db, user.id)
        : await findCustomerInScope(deps.db, params.id, agencyScope(user));
    if (!customer || customer.id !== params.id || !customer.drivers_license_key) throw notFound(NO_LICENSE);
    let handle;
    try {
      handle = await open(deps.media.privatePath(customer.drivers_license_key), 'r');
    } catch {
      throw notFound(NO_LICENSE);
    }
    let size: number;
    try {
      ({ size } = await handle.stat());
    } catch (error) {
      await handle.close();
      throw error;
    }
    reply.headers({
      'Content-Type': customer.drivers_license_type ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': 'inline',
      // A personal document: never kept by the browser, a proxy or the service worker.
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    return handle.createReadStream();
  },
});
