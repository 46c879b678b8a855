import type { RouteRegistrar } from '../index.ts';
import { getAgencyTermsRoute } from './get-agency-terms.ts';
import { listAgencyTermsVersionsRoute } from './list-agency-terms-versions.ts';
import { saveAgencyTermsRoute } from './save-agency-terms.ts';

export const agreementsRoutes: RouteRegistrar[] = [
  getAgencyTermsRoute,
  listAgencyTermsVersionsRoute,
  saveAgencyTermsRoute,
];
