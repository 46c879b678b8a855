import * as v from 'valibot';
import type { AgencyProfile } from '#domain/api/agencies';
import { agencyStatusFilter } from '#domain/schemas/agency';
import { optionalText } from '#domain/schemas/fields';
import { defineRoute } from '../../http/route.ts';
import { listSuppliers } from '../../repositories/agencies.ts';
import { paged, pagingFields } from '../params.ts';
import { toAgencyProfile } from './agency-profile.ts';

const supplierQuery = v.object({
  ...pagingFields(50, 200),
  search: optionalText('Search', 100),
  status: agencyStatusFilter,
});

/**
 * GET suppliers/: the agencies of the platform for the operator (role staff), by name, with
 * contact, logo, number of vehicles and status; `search` (words of the name) and `status` narrow it.
 */
export const listSuppliersRoute = defineRoute({
  method: 'GET',
  url: 'suppliers/',
  access: ['staff'],
  query: supplierQuery,
  async handler({ deps, query, reply }): Promise<AgencyProfile[]> {
    const page = await listSuppliers(deps.db, { ...query, search: query.search ?? undefined });
    return paged(reply, { items: page.items.map((row) => toAgencyProfile(row, deps.media)), total: page.total });
  },
});
