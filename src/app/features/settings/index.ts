/**
 * What other features use of Settings: the caller's own agency and its pickup locations, and the
 * password and device panels a customer's settings show too. (The currency is src/app/lib/currency.ts.)
 */
export { ownAgencyQueryOptions, useOwnAgency, type AgencyProfile } from './api/own-agency.ts';
export { locationsQueryOptions } from './api/locations.ts';
export { DevicePanel } from './components/device-panel.tsx';
export { PasswordForm } from './components/password-form.tsx';
