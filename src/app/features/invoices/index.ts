/** What other features use of invoices: the key every invoice query sits under (a payment can settle one). */
export { INVOICES_KEY } from './api/invoice-keys.ts';
