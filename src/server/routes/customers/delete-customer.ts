import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { CustomerChangedError } from '../../repositories/customers.ts';
import { deleteCustomer } from '../../services/customers/delete-customer.ts';
import { customerIdParams } from '../params.ts';
import { CUSTOMER_NOT_FOUND, loadCustomerInScope, removeCommittedLicense, STAFF_SIDE } from './customer-records.ts';

const HAS_BOOKINGS = 'This customer has bookings and cannot be deleted.';
const HAS_ACCOUNT = 'This customer has their own account and cannot be deleted here.';

/** DELETE customers/:id/: only a customer with no bookings and no login of their own. */
export const deleteCustomerRoute = defineRoute({
  method: 'DELETE',
  url: 'customers/:id/',
  access: STAFF_SIDE,
  params: customerIdParams,
  async handler({ deps, user, params, request }): Promise<undefined> {
    const customer = await loadCustomerInScope(deps, user, params.id);
    const scope = agencyScope(user);
    // An agency sees customers who only asked another agency's vehicles too; deleting them would
    // take that agency's requests with them, so only the agency that added a record may delete it.
    if (scope !== null && customer.agency_id !== scope) {
      throw forbidden('Only the agency that added this customer can delete them.');
    }
    let result;
    try {
      result = await deleteCustomer(deps, params.id);
    } catch (error) {
      if (error instanceof CustomerChangedError) throw conflict(HAS_BOOKINGS);
      throw error;
    }
    if (result.outcome === 'not-found') throw notFound(CUSTOMER_NOT_FOUND);
    if (result.outcome === 'has-bookings') throw conflict(HAS_BOOKINGS);
    if (result.outcome === 'has-account') throw conflict(HAS_ACCOUNT);
    await removeCommittedLicense(deps, request.log, result.licenseKey);
    return undefined;
  },
});
