import { lazy } from 'react';

/**
 * What other features use of return charges, each loaded with the page that shows it: the staff's
 * panel on Booking Details, and the customer's charges and settlement on their booking page.
 */
export const ReturnChargesPanel = lazy(() => import('./components/return-charges-panel.tsx'));
export const CustomerReturnCharges = lazy(() => import('./components/customer-return-charges.tsx'));
