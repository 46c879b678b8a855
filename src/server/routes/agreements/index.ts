import type { RouteRegistrar } from '../index.ts';
import { getAgencyTermsRoute } from './get-agency-terms.ts';
import { getAgreementPdfRoute } from './get-agreement-pdf.ts';
import { getBookingAgreementRoute } from './get-booking-agreement.ts';
import { listAgencyTermsVersionsRoute } from './list-agency-terms-versions.ts';
import { saveAgencyTermsRoute } from './save-agency-terms.ts';
import { signBookingAgreementRoute } from './sign-booking-agreement.ts';
import { verifyAgreementRoute } from './verify-agreement.ts';

export const agreementsRoutes: RouteRegistrar[] = [
  getAgencyTermsRoute,
  listAgencyTermsVersionsRoute,
  saveAgencyTermsRoute,
  getBookingAgreementRoute,
  signBookingAgreementRoute,
  getAgreementPdfRoute,
  verifyAgreementRoute,
];
