import { lazy } from 'react';

/**
 * What other features use of return charges: the panel on Booking Details, loaded with it (its
 * code is fetched the first time a returned booking is shown).
 */
export const ReturnChargesPanel = lazy(() => import('./components/return-charges-panel.tsx'));
