/** What other features use of the settings: the currency prices are shown in. */
export { useCurrency } from './api/get-settings.ts';
