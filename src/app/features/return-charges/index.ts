import { lazy } from 'react';

/**
 * What other features use of return charges, each loaded with the page that shows it: the staff's
 * panel on Booking Details, the customer's charges and settlement (and their disputes) on their
 * booking page, and the open disputes on the staff dashboard.
 */
export const ReturnChargesPanel = lazy(() => import('./components/return-charges-panel.tsx'));
export const CustomerReturnCharges = lazy(() => import('./components/customer-return-charges.tsx'));
export const OpenDisputesPanel = lazy(() => import('./components/open-disputes-panel.tsx'));
