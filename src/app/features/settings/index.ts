/** What other features may use of Settings: the caller's own agency and its pickup locations. */
export { ownAgencyQueryOptions, useOwnAgency, type AgencyProfile } from './api/own-agency.ts';
export { locationsQueryOptions } from './api/locations.ts';
