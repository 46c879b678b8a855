/**
 * What other features use of Settings: the currency prices are shown in, the caller's own agency
 * and its pickup locations.
 */
export { useCurrency } from './api/get-settings.ts';
export { ownAgencyQueryOptions, useOwnAgency, type AgencyProfile } from './api/own-agency.ts';
export { locationsQueryOptions } from './api/locations.ts';
