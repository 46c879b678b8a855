/**
 * What other features use of customers: the signed-in customer's own record and its edit (the
 * customer's settings and the booking wizard), the next-of-kin fields and the licence image.
 */
export { ownCustomerQueryOptions, useOwnCustomer, type ApiCustomer } from './api/get-own-customer.ts';
export { LICENSE_FIELD, ownCustomerEditRequest } from './api/update-own-customer.ts';
export { useLicenseFile } from './api/get-license-file.ts';
export { KinFields, type KinField } from './components/kin-fields.tsx';
export { LicenseHolderFields, type LicenseHolderField } from './components/license-holder-fields.tsx';
export { LicenseImage } from './components/license-image.tsx';
export { IMAGE_ONLY, licenseFileProblem, TOO_LARGE } from './license-checks.ts';
